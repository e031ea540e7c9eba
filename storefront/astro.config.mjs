// @ts-check
import { defineConfig } from "astro/config"
import node from "@astrojs/node"
import react from "@astrojs/react"

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
  integrations: [react()],
  devToolbar: { enabled: false },
})
