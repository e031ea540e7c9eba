import { invoiceDetails, type InvoiceDetails, type PaymentSettings } from "../modules/payment-settings"
import type { ShopUserRow } from "@enclave/accounts"

export type { InvoiceDetails }

/**
 * Invoice and wire transfer: offered to business customers only. A business customer is a
 * shop user with both a company name and a VAT ID on the account.
 */
export function isBusinessCustomer(user: Pick<ShopUserRow, "company_name" | "vat_id"> | null | undefined): boolean {
  return !!user?.company_name?.trim() && !!user.vat_id?.trim()
}

/** Whether the settings let anyone pay by invoice: enabled, with the account holder, IBAN and BIC saved. */
export function invoiceAvailable(settings: PaymentSettings): boolean {
  return settings.invoiceEnabled && invoiceDetails(settings) !== null
}

/** Whether this caller may pay by invoice now: invoice is available and they are a business customer. */
export function offersInvoice(settings: PaymentSettings, user: ShopUserRow | null): boolean {
  return invoiceAvailable(settings) && isBusinessCustomer(user)
}
