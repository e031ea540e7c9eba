import react from "@vitejs/plugin-react"
import { defineConfig } from "vite"

/**
 * The admin is a single-page app served by the front door under /admin/ (SPA fallback to
 * admin/dist/index.html); /api/* is proxied to the backend on the same origin, so the app only
 * ever calls relative URLs. `vite dev` proxies /api the same way, to ENCLAVE_URL.
 */
const backend = process.env.ENCLAVE_URL ?? "http://localhost:8000"

/**
 * First-screen vendor code, in chunks that change at different paces and are cached apart from
 * the app's own code. Earlier groups win a module that several would take.
 */
const initialVendorGroups: Array<{ name: string; test: RegExp }> = [
  { name: "vendor-react", test: /[\\/]node_modules[\\/](react|react-dom|scheduler|react-router|cookie|set-cookie-parser)[\\/]/ },
  { name: "vendor-antd", test: /[\\/]node_modules[\\/](antd|@ant-design|rc-[^\\/]+|@rc-component|@babel[\\/]runtime)[\\/]/ },
  { name: "vendor-refine", test: /[\\/]node_modules[\\/](@refinedev|@tanstack)[\\/]/ },
  // The rest: zod (through the contract), qs, lodash-es, dayjs, …
  { name: "vendor", test: /[\\/]node_modules[\\/]/ },
]

export default defineConfig(({ command, mode }) => {
  // `vite build` takes NODE_ENV from the environment it inherits: a build started under vitest
  // (NODE_ENV=test) or from a shell with NODE_ENV=development would ship React's development
  // bundles (twice the size, dev-only warnings). dist/ is what the front door serves, so a build
  // is a production build unless one is asked for with `vite build --mode development`.
  if (command === "build" && mode === "production") process.env.NODE_ENV = "production"

  return {
    base: "/admin/",
    plugins: [react()],
    resolve: {
      // npm leaves identical copies of some packages in nested node_modules folders (e.g.
      // @ant-design/icons under the admin and under antd): resolve each to one copy so it is
      // bundled once and React contexts are shared.
      dedupe: [
        "react",
        "react-dom",
        "react-router",
        "antd",
        "@ant-design/icons",
        "@ant-design/colors",
        "@ant-design/fast-color",
        "@ant-design/cssinjs",
        "@refinedev/core",
        "@tanstack/react-query",
      ],
    },
    server: {
      proxy: {
        "/api": { target: backend, changeOrigin: true },
      },
    },
    build: {
      outDir: "dist",
      emptyOutDir: true,
      rolldownOptions: {
        treeshake: {
          // A CommonJS package without a "sideEffects" field that Refine imports for a feature the
          // admin does not use (CSV import/export): let it drop when unused.
          moduleSideEffects: [{ test: /[\\/]node_modules[\\/]papaparse[\\/]/, sideEffects: false }],
        },
        output: {
          codeSplitting: {
            // Only code the first screen needs goes into the named vendor chunks ($initial);
            // libraries used by lazily loaded pages only stay with those pages (or in chunks
            // shared between them), so a new page never grows the first download.
            groups: initialVendorGroups.map((group, index) => ({
              ...group,
              tags: ["$initial" as const],
              priority: initialVendorGroups.length - index,
            })),
          },
        },
      },
    },
  }
})
