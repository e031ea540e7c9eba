import fs from "node:fs"
import { createRequire } from "node:module"
import path from "node:path"
import { describe, expect, it } from "vitest"
import * as contract from "@enclave/contract"
import * as values from "@enclave/contract/values"
import {
  cartTotal,
  checkoutStorageKeys,
  compareDefaultOrder,
  formatEuro,
  invoiceDueDate,
  invoiceReference,
  invoiceState,
  isSandboxPaymentId,
  isSandboxPaymentMethod,
  isSandboxWalletOrder,
  LOW_STOCK_THRESHOLD,
  maskSecret,
  orderStatuses,
  productCategories,
  queryCatalogue,
  SECRET_MASK_PREFIX,
  shopDay,
  stockState,
  withOneDefault,
} from "@enclave/contract/values"

const require = createRequire(import.meta.url)
const BERLIN = "Europe/Berlin"
/** contract/: the root entry is contract/dist/index.js. */
const contractDir = path.resolve(path.dirname(require.resolve("@enclave/contract")), "..")

/** Every module specifier a file names: static imports and re-exports, side-effect imports, dynamic import(). */
function specifiers(source: string): string[] {
  const found: string[] = []
  const patterns = [
    /\b(?:import|export)\s+(?:type\s+)?[^"'`;]*?\bfrom\s*["']([^"']+)["']/g,
    /\bimport\s*["']([^"']+)["']/g,
    /\bimport\s*\(\s*["']([^"']+)["']\s*\)/g,
    /\brequire\s*\(\s*["']([^"']+)["']\s*\)/g,
  ]
  for (const pattern of patterns) for (const match of source.matchAll(pattern)) found.push(match[1])
  return found
}

/**
 * The module graph from one file through its relative imports: every file reached, and every
 * import that leaves the graph (a package, "node:…"). `toFile` maps a relative specifier to a file.
 */
function moduleGraph(entry: string, toFile: (specifier: string, from: string) => string) {
  const files: string[] = []
  const external: Array<{ from: string; specifier: string }> = []
  const visit = (file: string) => {
    if (files.includes(file)) return
    files.push(file)
    for (const specifier of specifiers(fs.readFileSync(file, "utf8"))) {
      if (specifier.startsWith(".")) visit(toFile(specifier, file))
      else external.push({ from: path.relative(contractDir, file), specifier })
    }
  }
  visit(entry)
  return { files: files.map((file) => path.relative(contractDir, file)), external }
}

describe("@enclave/contract/values stays zod-free", () => {
  it("is a package subpath pointing at the compiled module and its types", () => {
    const resolved = require.resolve("@enclave/contract/values")
    expect(path.relative(contractDir, resolved)).toBe(path.join("dist", "values.js"))
    const manifest = JSON.parse(fs.readFileSync(path.join(contractDir, "package.json"), "utf8"))
    expect(manifest.exports["./values"]).toEqual({ types: "./dist/values.d.ts", default: "./dist/values.js" })
    expect(fs.existsSync(path.join(contractDir, "dist", "values.d.ts"))).toBe(true)
  })

  it("the compiled module graph imports no package at all, so no zod", () => {
    const graph = moduleGraph(require.resolve("@enclave/contract/values"), (specifier, from) => path.resolve(path.dirname(from), specifier))
    expect(graph.files).toContain(path.join("dist", "values.js"))
    expect(graph.external.filter((edge) => edge.specifier === "zod" || edge.specifier.startsWith("zod/"))).toEqual([])
    expect(graph.external).toEqual([])
  })

  it("neither does its source, nor its type declarations (so an up-to-date build stays that way)", () => {
    const source = moduleGraph(path.join(contractDir, "src", "values.ts"), (specifier, from) =>
      path.resolve(path.dirname(from), specifier.replace(/\.js$/, ".ts")),
    )
    expect(source.external).toEqual([])
    const types = moduleGraph(path.join(contractDir, "dist", "values.d.ts"), (specifier, from) =>
      path.resolve(path.dirname(from), specifier.replace(/\.js$/, ".d.ts")),
    )
    expect(types.external).toEqual([])
  })

  it("the walk would catch zod: the root module's graph reaches it", () => {
    const graph = moduleGraph(require.resolve("@enclave/contract"), (specifier, from) => path.resolve(path.dirname(from), specifier))
    expect(graph.external.map((edge) => edge.specifier)).toContain("zod")
  })

  it("the root re-exports every value of the subpath as the same binding, so nothing is defined twice", () => {
    const names = Object.keys(values)
    expect(names.length).toBeGreaterThan(40)
    for (const name of names) expect(contract[name as keyof typeof contract], name).toBe(values[name as keyof typeof values])
  })

  it("the schemas derive from the plain lists", () => {
    expect(contract.orderStatusSchema.options).toEqual([...orderStatuses])
    expect(contract.productCategorySchema.options).toEqual([...productCategories])
    expect(contract.orderStatusSchema.safeParse("shipped").success).toBe(true)
    expect(contract.orderStatusSchema.safeParse("lost").success).toBe(false)
  })
})

describe("the plain values and helpers", () => {
  it("stock state: out of stock at 0, low stock up to the threshold, in stock above it", () => {
    expect(LOW_STOCK_THRESHOLD).toBe(10)
    expect([-1, 0, 1, 10, 11, 500].map(stockState)).toEqual([
      "out_of_stock",
      "out_of_stock",
      "low_stock",
      "low_stock",
      "in_stock",
      "in_stock",
    ])
  })

  it("formats euros in English and German", () => {
    expect(formatEuro("899.5")).toBe("€899.50")
    expect(formatEuro(1499, "de")).toBe("1.499,00\u00a0€")
    expect(formatEuro("0.10", "en")).toBe("€0.10")
  })

  it("adds the cart in whole cents, so float sums do not leak", () => {
    const items = [
      { quantity: 3, product: { price: "19.99" } },
      { quantity: 1, product: { price: "0.10" } },
      { quantity: 2, product: { price: "0.20" } },
    ]
    expect(cartTotal(items)).toBe(60.47)
    expect(cartTotal([])).toBe(0)
  })

  it("detects sandbox wallet orders, payment ids and payment methods (docs/product.md §8)", () => {
    expect(isSandboxWalletOrder({ id: "SANDBOX-5O19", status: "COMPLETED" })).toBe(true)
    expect(isSandboxWalletOrder({ id: "5O19", status: "completed_sandbox" })).toBe(true)
    expect(isSandboxWalletOrder({ id: "5O19", status: "COMPLETED" })).toBe(false)
    expect(isSandboxWalletOrder({ id: null, status: null })).toBe(false)
    expect(["SANDBOX-3C67", "sb-3C67", "3C679366", "str-1", "", null, undefined].map(isSandboxPaymentId)).toEqual([
      true,
      true,
      false,
      false,
      false,
      false,
      false,
    ])
    expect(isSandboxPaymentMethod("PayPal (Sandbox)")).toBe(true)
    expect(isSandboxPaymentMethod("paypal")).toBe(false)
    expect(isSandboxPaymentMethod(null)).toBe(false)
  })

  it("masks secrets: the last 4 characters of a long one, only the mask for a short one", () => {
    expect(maskSecret("sk_test_1234567890")).toBe(`${SECRET_MASK_PREFIX}7890`)
    expect(maskSecret("short")).toBe(SECRET_MASK_PREFIX)
    expect(maskSecret("")).toBe("")
    expect(maskSecret(null)).toBe("")
  })

  it("orders and queries any product-shaped rows, keeping their own type", () => {
    const rows = [
      { id: 9, name: "Privacy Screen", description: "glass", price: "19.00", category: "accessory" as const, securityLevel: 3, extra: "a" },
      { id: 4, name: "Enclave Premium", description: "phone", price: "1499.00", category: "phone" as const, securityLevel: 5, extra: "b" },
      { id: 2, name: "Enclave Base", description: "phone", price: "599.00", category: "phone" as const, securityLevel: 3, extra: "c" },
    ]
    expect([...rows].sort(compareDefaultOrder).map((r) => r.id)).toEqual([2, 4, 9])
    const low = queryCatalogue(rows, { level: "low", sort: "price-desc" })
    expect(low.map((r) => [r.id, r.extra])).toEqual([
      [2, "c"],
      [9, "a"],
    ])
    expect(queryCatalogue(rows, { search: "  GLASS " }).map((r) => r.id)).toEqual([9])
  })

  it("marks exactly one shipping method default, in list order", () => {
    const methods = [
      { id: 3, name: "Express", sortOrder: 1, isDefault: false },
      { id: 1, name: "Standard", sortOrder: 0, isDefault: false },
    ]
    expect(withOneDefault(methods).map((m) => [m.id, m.isDefault])).toEqual([
      [1, true],
      [3, false],
    ])
  })

  it("names the storage keys checkout and the result page share (docs/product.md §3)", () => {
    expect(checkoutStorageKeys).toEqual({
      pendingOrderId: "paypalPendingOrderId",
      amount: "paypalPendingAmount",
      userId: "paypalPendingUserId",
      shippingMethodId: "selectedShippingMethodId",
      pendingCardOrder: "cardPendingOrder",
    })
  })
})

describe("invoice reference, due date and state", () => {
  it("writes the order number in a fixed form", () => {
    expect(invoiceReference(42)).toBe("ENC-000042")
    expect(invoiceReference(1234567)).toBe("ENC-1234567")
  })

  it("counts the term from the order's day in Berlin, across the clock change and month ends", () => {
    // 23:30 UTC on 28 March 2026 is already 29 March in Berlin.
    expect(shopDay(new Date("2026-03-28T23:30:00Z"), BERLIN)).toBe("2026-03-29")
    expect(invoiceDueDate(new Date("2026-03-28T23:30:00Z"), 14, BERLIN)).toBe("2026-04-12")
    expect(invoiceDueDate(new Date("2026-03-28T22:30:00Z"), 14, BERLIN)).toBe("2026-04-11")
    expect(invoiceDueDate(new Date("2026-12-20T10:00:00Z"), 14, BERLIN)).toBe("2027-01-03")
    expect(invoiceDueDate(new Date("2028-02-15T10:00:00Z"), 14, BERLIN)).toBe("2028-02-29")
  })

  it("is awaiting payment up to the end of its due day in Berlin, overdue after, paid once paid", () => {
    const invoice = { dueDate: "2026-04-12", paidAt: null }
    expect(invoiceState(invoice, BERLIN, new Date("2026-04-12T21:59:00Z"))).toBe("awaiting_payment")
    // 00:30 on 13 April in Berlin (summer time, UTC+2).
    expect(invoiceState(invoice, BERLIN, new Date("2026-04-12T22:30:00Z"))).toBe("overdue")
    expect(invoiceState({ ...invoice, paidAt: "2026-05-01T08:00:00Z" }, BERLIN, new Date("2026-06-01T00:00:00Z"))).toBe("paid")
  })
})
