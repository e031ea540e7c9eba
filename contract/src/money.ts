/**
 * Money (docs/product.md §1, §5): prices are euros, which the API writes as decimal strings with two places
 * ("599.00"). Sums and comparisons are made in whole cents, so no float drift creeps in; these are
 * the shop's one pair of conversions and its one way of showing a price, for the facade, the
 * storefront, the admin and the tests.
 *
 * This module imports nothing: a browser bundle takes it from "@enclave/contract/money" (or from
 * "@enclave/contract/values", which re-exports it) and ships only what it uses.
 */

/** Whole cents of an amount in euros, a number or a decimal string: 599.99 and "599.99" are 59999. */
export function eurosToCents(euros: number | string): number {
  return Math.round(Number(euros) * 100)
}

/** Euros as the API writes them, from whole cents: 59999 is "599.99", 1000 is "10.00". */
export function centsToEuros(cents: number): string {
  return (cents / 100).toFixed(2)
}

/** docs/product.md §5: a cart's total in cents, the sum of price times quantity. */
export function cartTotalCents(items: readonly { quantity: number; product: { price: number | string } }[]): number {
  return items.reduce((sum, item) => sum + eurosToCents(item.product.price) * item.quantity, 0)
}

/** docs/product.md §5: the cart total in euros, the sum of price times quantity (added up in cents). */
export function cartTotal(items: readonly { quantity: number; product: { price: number | string } }[]): number {
  return cartTotalCents(items) / 100
}

const euro = /* @__PURE__ */ new Intl.NumberFormat("en-IE", { style: "currency", currency: "EUR" })
const euroDe = /* @__PURE__ */ new Intl.NumberFormat("de-DE", { style: "currency", currency: "EUR" })

/** Prices are shown in euros (docs/product.md §1), written the way the language writes them: €599.00 / 599,00 €. */
export function formatEuro(price: string | number, language: "en" | "de" = "en"): string {
  return (language === "de" ? euroDe : euro).format(Number(price))
}
