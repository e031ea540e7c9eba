// @ts-check
import { defineConfig } from "astro/config"
import node from "@astrojs/node"
import react from "@astrojs/react"
import { createHash } from "node:crypto"
import { fileURLToPath } from "node:url"
import { FORM_TARGETS, PAYMENT_PROVIDER_SOURCES as providers, SHOP_IMAGE_SOURCES } from "@enclave/contract/security-headers"
import { INLINE_SCRIPTS } from "./src/lib/inline-scripts.ts"

/** `client:wake` (src/directives/wake.ts): hydrate when another island asks, or when a person starts to use the island. */
const wakeDirective = {
  name: "enclave-wake-directive",
  hooks: {
    /** @param {{ addClientDirective: (directive: { name: string, entrypoint: string }) => void }} options */
    "astro:config:setup": ({ addClientDirective }) =>
      addClientDirective({ name: "wake", entrypoint: fileURLToPath(new URL("./src/directives/wake.ts", import.meta.url)) }),
  },
}

/** Our `is:inline` scripts (src/lib/inline-scripts.ts), which Astro does not hash itself. */
const inlineScriptHashes = INLINE_SCRIPTS.map(
  (source) => /** @type {const} */ (`sha256-${createHash("sha256").update(source).digest("base64")}`),
)

/**
 * The storefront is rendered on the server for every request (catalogue data comes from the /api facade).
 *
 * The node adapter builds in `middleware` mode: `dist/server/entry.mjs` exports `handler(req, res, next?)`,
 * and our own front-door server mounts it, serves `dist/client` statically and compresses responses.
 * That is why nothing here compresses or serves static files.
 *
 * Telemetry: the build script sets ASTRO_TELEMETRY_DISABLED=1 (see storefront/README.md).
 *
 * i18n (en/de with `prefixDefaultLocale: false`) is added together with the German pages in a later issue;
 * Astro requires the de page files to exist once the locale is configured.
 */
export default defineConfig({
  output: "server",
  adapter: node({ mode: "middleware" }),
  // renderToString, not the stream: an island is rendered whole into the page, never as a Suspense boundary
  // streamed out of line with inline scripts to put it in place (React does that for a boundary past ~12 kB, as
  // the register form's country select is), which the CSP's hashes cannot know and which left the form twice.
  integrations: [react({ experimentalDisableStreaming: true }), wakeDirective],
  devToolbar: { enabled: false },
  // Every page carries a Content-Security-Policy header whose script-src lists the hashes
  // of the inline scripts Astro renders (island hydration, our is:inline scripts), so no other inline
  // script runs. The payment providers' browser code (Stripe.js, PayPal's SDK) may load, frame and
  // connect; src/middleware.ts adds the Stripe API address a deployment configures (STRIPE_API_URL).
  // Style attributes (`style="--grid-gap: …"`, CSS variables) need style-src-attr 'unsafe-inline';
  // style elements stay hashed. Images come from the shop alone (SHOP_IMAGE_SOURCES).
  security: {
    csp: {
      algorithm: "SHA-256",
      directives: [
        "default-src 'self'",
        `img-src ${SHOP_IMAGE_SOURCES.join(" ")}`,
        `connect-src 'self' ${providers.connect.join(" ")}`,
        `frame-src ${providers.frame.join(" ")}`,
        "font-src 'self' data:",
        "object-src 'none'",
        "base-uri 'self'",
        `form-action 'self' ${FORM_TARGETS.join(" ")}`,
        "frame-ancestors 'none'",
      ],
      scriptDirective: { resources: ["'self'", ...providers.script], hashes: inlineScriptHashes },
      styleDirective: { resources: ["'self'", { resource: "'unsafe-inline'", kind: "attribute" }] },
    },
  },
})
