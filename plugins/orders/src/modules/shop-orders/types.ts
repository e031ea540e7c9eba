import type { InferTypeOf } from "@medusajs/framework/types"
import type { ShippingAddress } from "@enclave/contract"
import type CheckoutPaymentModel from "./models/checkout-payment"
import type OrderDetailsModel from "./models/order-details"
import type ShopRefundModel from "./models/shop-refund"
import type WithdrawalModel from "./models/withdrawal"

/*
 * The rows as the module's service returns them: the models' fields, with the address (a JSON
 * column, which Medusa types as any record) typed as the shop's shipping address.
 */

/** An order_details row (models/order-details.ts). */
export type OrderDetails = Omit<InferTypeOf<typeof OrderDetailsModel>, "shipping_address" | "invoice"> & {
  shipping_address: ShippingAddress | null
  invoice: InvoiceTerms | null
}

/** What an invoice order's details fix when it is placed (order_details.invoice). */
export interface InvoiceTerms {
  /** The transfer reference, e.g. ENC-000042. */
  reference: string
  /** YYYY-MM-DD in the shop's time zone. */
  dueDate: string
  paymentTermDays: number
  accountHolder: string
  iban: string
  bic: string
}

/** A checkout_payment row (models/checkout-payment.ts). */
export type CheckoutPayment = Omit<InferTypeOf<typeof CheckoutPaymentModel>, "shipping_address"> & {
  shipping_address: ShippingAddress
}

/** One withdrawn line of an order, as the withdrawal recorded it. */
export interface WithdrawnLine {
  item_number: number
  line_item_id: string
  quantity: number
  name: string
  name_de: string | null
}

/** A withdrawal row (models/withdrawal.ts). */
export type Withdrawal = Omit<InferTypeOf<typeof WithdrawalModel>, "items"> & { items: WithdrawnLine[] }

/** A shop_refund row (models/shop-refund.ts). */
export type ShopRefund = Omit<InferTypeOf<typeof ShopRefundModel>, "bank_account" | "items"> & {
  bank_account: { accountHolder: string; iban: string } | null
  items: Array<{ itemId: number; quantity: number }> | null
}
