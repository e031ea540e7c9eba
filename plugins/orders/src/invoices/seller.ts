import type { MedusaContainer } from "@medusajs/framework/types"
import { readPaymentSettings } from "@enclave/payments"
import type { ShopDetails } from "@enclave/contract"

/** Who issues the invoice, as its letterhead shows it. */
export interface InvoiceSeller {
  /** The legal name: the imprint's company name, else the invoice's account holder, else the shop's name. */
  name: string
  /** The shop's name (Medusa's store), e.g. "Enclave". */
  shopName: string
  /** The shop's address on the web, e.g. https://enclave.shop. */
  webAddress: string
  /** The postal address as the imprint states it (street, postal code and city, country): the lines filled in so far. */
  address: string[]
  /** The seller's VAT ID from the imprint, null while none is saved. */
  vatId: string | null
}

const SHOP_NAME = "Enclave"

/**
 * The seller of every invoice, in one place: the company name, address and VAT ID the admin saved as
 * the shop's details (the imprint). Until a company name is saved, the name is the account
 * holder of the invoice bank account when one is saved (the business the money goes to), else the shop's name.
 */
export async function invoiceSeller(
  container: MedusaContainer,
  webAddress: string,
  shop: { details: ShopDetails; name: string | null },
): Promise<InvoiceSeller> {
  const settings = await readPaymentSettings(container)
  const { details } = shop
  const shopName = shop.name || SHOP_NAME
  const place = [details.postalCode, details.city].filter(Boolean).join(" ")
  return {
    name: details.companyName || settings.invoiceAccountHolder?.trim() || shopName,
    shopName,
    webAddress,
    address: [details.street, place, details.country].filter((line): line is string => Boolean(line)),
    vatId: details.vatId,
  }
}
