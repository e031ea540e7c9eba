/**
 * What the footer shows from the shop's data: the product pages of the three phone tiers and the
 * payment badges of the enabled providers. Both come from the facade's catalogue answers, which the page cache
 * records as the page's dependencies, so a cached page changes with them.
 */
import type { Product } from "@enclave/contract"
import type { Language } from "@enclave/contract/i18n"
import { getPublicPaymentMethods, PAYMENT_METHODS_PATH, paymentBadges, type PaymentBadge } from "./payment-methods"
import { listProducts, PRODUCTS_PATH } from "./products"
import { optionalCatalogueAnswer } from "./unavailable"

/** The footer's tiers, by the word their phone's name carries (the catalogue's default order uses the same words). */
export const footerTiers = ["Base", "Medium", "Premium"] as const
export type FooterTier = (typeof footerTiers)[number]

export interface FooterData {
  /** The product page of each tier's phone; the catalogue when the tier has no phone (or the catalogue is unavailable). */
  tierLinks: Record<FooterTier, string>
  /** null when the payment settings could not be read: no badges rather than wrong ones. */
  paymentBadges: PaymentBadge[] | null
}

/** The phone of each tier: the first phone whose name holds the tier's word, in the catalogue's order. */
export function tierLinks(products: readonly Pick<Product, "id" | "name" | "category">[]): Record<FooterTier, string> {
  const phones = products.filter((product) => product.category === "phone")
  const link = (tier: FooterTier) => {
    const phone = phones.find((product) => product.name.includes(tier))
    return phone ? `/product/${phone.id}` : "/products"
  }
  return { Base: link("Base"), Medium: link("Medium"), Premium: link("Premium") }
}

/** `language`: the page's, so the footer shares the page's product list rather than asking for another. */
export async function footerData(language: Language = "en"): Promise<FooterData> {
  const [products, payments] = await Promise.all([
    optionalCatalogueAnswer(PRODUCTS_PATH, () => listProducts(language), language),
    optionalCatalogueAnswer(PAYMENT_METHODS_PATH, getPublicPaymentMethods),
  ])
  return {
    tierLinks: tierLinks(products ?? []),
    paymentBadges: payments ? paymentBadges(payments) : null,
  }
}
