/**
 * One data layer: every /api call of the storefront is a route of api-routes.ts, and every route is a
 * call of the contract's apiOperations, so a path typo or a call the facade stopped serving fails here.
 */
import fs from "node:fs"
import path from "node:path"
import { fileURLToPath } from "node:url"
import { describe, expect, it } from "vitest"
import { apiOperations } from "@enclave/contract"
import { apiRoutes, routeMethod, routePath } from "./api-routes"

const sourceDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..")

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name)
    if (entry.isDirectory()) return sourceFiles(full)
    return /\.(ts|tsx|astro)$/.test(entry.name) && !entry.name.endsWith(".test.ts") ? [full] : []
  })
}

describe("the storefront's /api routes", () => {
  const contract = new Set(apiOperations.map((op) => `${op.method.toUpperCase()} ${op.path}`))

  it.each(Object.entries(apiRoutes))("%s (%s) is a call of the contract", (_, route) => {
    expect(contract.has(route), `${route} is not in apiOperations`).toBe(true)
  })

  it("names each call once", () => {
    const routes = Object.values(apiRoutes)
    expect(new Set(routes).size).toBe(routes.length)
  })

  it("fills in a path's segments, encoded, and refuses a missing one", () => {
    expect(routePath(apiRoutes.cart)).toBe("/api/cart")
    expect(routePath(apiRoutes.cartItemUpdate, { itemId: 7 })).toBe("/api/cart/7")
    expect(routePath(apiRoutes.product, { id: "a/b" })).toBe("/api/products/a%2Fb")
    expect(routePath(apiRoutes.orderInvoice, { id: 3 })).toBe("/api/orders/3/invoice.pdf")
    expect(() => routePath(apiRoutes.cartItemRemove)).toThrow("{itemId}")
    expect(routeMethod(apiRoutes.cartItemRemove)).toBe("DELETE")
  })

  it("is the only place an /api path is written: islands and server pages ask through the routes", () => {
    const own = path.join(sourceDir, "lib", "api-routes.ts")
    const written = sourceFiles(sourceDir)
      .filter((file) => file !== own)
      .flatMap((file) =>
        fs
          .readFileSync(file, "utf8")
          .split("\n")
          .map((line, index) => ({ line, at: `${path.relative(sourceDir, file)}:${index + 1}` }))
          // A quoted path, not a comment that names a call.
          .filter(({ line }) => /["'`]\/api[/"'`]/.test(line) && !/^\s*(\*|\/\/)/.test(line))
          .map(({ at }) => at),
      )
    expect(written).toEqual([])
  })
})
