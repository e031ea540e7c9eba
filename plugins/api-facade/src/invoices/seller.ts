import type { MedusaContainer } from "@medusajs/framework/types"
import { Modules } from "@medusajs/framework/utils"
import { readPaymentSettings } from "../payment-settings/payment-settings"

/** Who issues the invoice, as its letterhead shows it. */
export interface InvoiceSeller {
  /** The legal name: the invoice's account holder, else the shop's name. */
  name: string
  /** The shop's name (Medusa's store), e.g. "Enclave". */
  shopName: string
  /** The shop's address on the web, e.g. https://enclave.shop. */
  webAddress: string
}

const SHOP_NAME = "Enclave"

/**
 * The seller of every invoice, in one place: the shop has no imprint settings yet (company address,
 * tax number), so today the name is the account holder of the invoice bank account when one is saved
 * (the business the money goes to), else the shop's name. When the imprint settings come, they feed
 * this function and nothing else changes.
 */
export async function invoiceSeller(container: MedusaContainer, webAddress: string): Promise<InvoiceSeller> {
  const [settings, stores] = await Promise.all([
    readPaymentSettings(container),
    container.resolve(Modules.STORE).listStores({}, { select: ["name"], take: 1 }),
  ])
  const shopName = stores[0]?.name?.trim() || SHOP_NAME
  return { name: settings.invoiceAccountHolder?.trim() || shopName, shopName, webAddress }
}
