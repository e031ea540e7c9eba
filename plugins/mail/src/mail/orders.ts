import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import type { OrderDetails } from "@enclave/orders"
import {
  carrierNames,
  isCarrier,
  PRODUCT_NAME_DE_KEY,
  productName,
  SHIPPING_METHOD_NAME_DE_KEY,
  shippingMethodName,
  trackingUrl,
} from "@enclave/contract/values"
import { vatOfOrder, vatRates, type TaxLineFact } from "@enclave/contract/tax"
import type { MailAddress, OrderMailData, OrderMailShipment } from "../templates"
import { recipientByCustomer } from "./recipients"
import { shopTimeZone } from "./time-zone"

/** An order's mail: who gets it and what it says. */
export interface OrderMail {
  to: string
  receiverId: string | null
  data: OrderMailData
}

interface OrderRow {
  id: string
  display_id: number
  email: string | null
  /** Who placed it: the shop user linked to this Medusa customer (the accounts plugin's link). */
  customer_id: string | null
  created_at: string | Date
  total: number | string
  item_total: number | string
  shipping_total: number | string
  items: Array<{
    quantity: number | string
    unit_price: number | string
    title: string
    product_title: string | null
    metadata: Record<string, unknown> | null
    tax_lines?: TaxLineFact[] | null
  }>
  shipping_address: {
    first_name: string | null
    last_name: string | null
    address_1: string | null
    address_2: string | null
    city: string | null
    province: string | null
    postal_code: string | null
    country_code: string | null
  } | null
  shipping_methods: Array<{
    name: string
    metadata?: Record<string, unknown> | null
    amount: number | string
    tax_lines?: TaxLineFact[] | null
  }> | null
  fulfillments: Array<{
    shipped_at: string | Date | null
    canceled_at: string | Date | null
    metadata: Record<string, unknown> | null
    labels: Array<{ tracking_number: string | null }> | null
  }> | null
  /** The shop's details of the order (the orders plugin's module), through the facade's link (links/order-details.ts). */
  order_details: OrderDetails | null
}

const stringOrNull = (value: unknown): string | null => (typeof value === "string" && value.trim() ? value : null)

/** The method's name as the order was sold under it: in German the German name the order kept, if any. */
function methodName(order: OrderRow, recorded: string | null | undefined, language: string): string | null {
  const method = order.shipping_methods?.[0]
  const name = recorded ?? method?.name ?? null
  if (!name) return null
  return shippingMethodName({ name, name_de: stringOrNull(method?.metadata?.[SHIPPING_METHOD_NAME_DE_KEY]) }, language)
}

const euros = (value: number | string | undefined | null) => Number(value ?? 0).toFixed(2)

/**
 * The order as its mails show it: Medusa's order (items, totals, address, shipping method) with
 * the shop's details (number, payment method, test payment, the address as typed, an invoice's
 * transfer details), read with Medusa's query across the link. The mail goes to the customer's account (their current e-mail
 * and language); an order without an account (a guest, or an account since deleted) gets an
 * English mail at the order's own e-mail. Null when the order is gone or was not placed by the shop.
 */
export async function orderMailOf(container: MedusaContainer, orderId: string): Promise<OrderMail | null> {
  const query = container.resolve(ContainerRegistrationKeys.QUERY)
  const { data } = await query.graph({
    entity: "order",
    fields: [
      "id",
      "display_id",
      "email",
      "customer_id",
      "created_at",
      "total",
      "item_total",
      "shipping_total",
      "items.quantity",
      "items.unit_price",
      "items.title",
      "items.product_title",
      "items.metadata",
      "items.tax_lines.rate",
      "items.tax_lines.code",
      "shipping_address.*",
      "shipping_methods.name",
      "shipping_methods.metadata",
      "shipping_methods.amount",
      "shipping_methods.tax_lines.rate",
      "shipping_methods.tax_lines.code",
      "fulfillments.shipped_at",
      "fulfillments.canceled_at",
      "fulfillments.metadata",
      "fulfillments.labels.tracking_number",
      "order_details.*",
    ],
    filters: { id: orderId },
  })
  const order = data[0] as unknown as OrderRow | undefined
  const details = order?.order_details
  if (!order || !details) return null

  const user = order.customer_id ? await recipientByCustomer(container, order.customer_id) : null
  const to = user?.email ?? order.email
  if (!to) return null

  const typed = details.shipping_address as MailAddress | null
  const medusa = order.shipping_address
  const address: MailAddress | null =
    typed ??
    (medusa
      ? {
          fullName: [medusa.first_name, medusa.last_name].filter(Boolean).join(" "),
          addressLine1: medusa.address_1,
          addressLine2: medusa.address_2,
          city: medusa.city,
          state: medusa.province,
          postalCode: medusa.postal_code,
          country: medusa.country_code?.toUpperCase() ?? null,
        }
      : null)
  const itemNumber = (item: OrderRow["items"][number]) => Number(item.metadata?.item_number) || 0
  const language = user?.language ?? "en"
  const items = [...(order.items ?? [])]
    // In the order they went into the cart, as the order pages list them.
    .sort((a, b) => itemNumber(a) - itemNumber(b))
    .map((item) => ({
      name: productName({ name: item.product_title || item.title, nameDe: stringOrNull(item.metadata?.[PRODUCT_NAME_DE_KEY]) }, language),
      quantity: Number(item.quantity),
      unitPrice: euros(item.unit_price),
    }))

  // The VAT the order's tax lines put in its total, per rate, as every page of the shop reads it (@enclave/contract/tax).
  const vat = vatOfOrder(order)

  return {
    to,
    receiverId: user?.id ?? null,
    data: {
      language,
      timeZone: await shopTimeZone(container),
      name: user?.name ?? (address?.fullName?.trim() || null),
      email: to,
      order: {
        number: order.display_id,
        placedAt: new Date(order.created_at).toISOString(),
        items,
        subtotal: euros(order.item_total),
        shipping: euros(order.shipping_total),
        total: euros(order.total),
        shippingMethod: methodName(order, details.shipping_method_name, language),
        vat: { treatment: vat.treatment, rates: vatRates(vat) },
        shippingAddress: address,
        paymentMethod: details.payment_method,
        isTestPayment: details.is_test_payment,
        invoice: details.invoice
          ? {
              reference: details.invoice.reference,
              dueDate: details.invoice.dueDate,
              accountHolder: details.invoice.accountHolder,
              iban: details.invoice.iban,
              bic: details.invoice.bic,
              paidAt: details.paid_at ? new Date(details.paid_at).toISOString() : null,
            }
          : null,
        shipment: shipmentOf(order.fulfillments, language),
      },
    },
  }
}

/** The parcel of the order's fulfilment that is shipped and not cancelled: the carrier the admin named and its tracking page. */
function shipmentOf(fulfillments: OrderRow["fulfillments"], language: "en" | "de"): OrderMailShipment | null {
  const shipped = (fulfillments ?? []).find((f) => f.shipped_at && !f.canceled_at)
  if (!shipped) return null
  const carrier = shipped.metadata?.carrier
  const trackingNumber = shipped.labels?.find((label) => label.tracking_number)?.tracking_number || null
  const known = isCarrier(carrier) ? carrier : null
  return {
    carrier: known && known !== "other" ? carrierNames[known] : null,
    trackingNumber,
    trackingUrl: known && trackingNumber ? trackingUrl(known, trackingNumber, language) : null,
  }
}
