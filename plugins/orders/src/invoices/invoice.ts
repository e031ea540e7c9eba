import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { invoiceFileName, invoiceReference } from "@enclave/contract"
import type { Language } from "@enclave/contract/i18n"
import { eurosToCents } from "@enclave/contract/money"
import { PRODUCT_NAME_DE_KEY, productName, shippingMethodName } from "@enclave/contract/values"
import { customerIdOf, findUserByCustomer, type ShopUserRow } from "@enclave/accounts"
import { ShopError } from "@enclave/contract/shop-error"
import { detailsOfOrder, germanMethodName, invoiceOfDetails, type MedusaOrderRow } from "../orders/read-orders"
import { invoiceDocument, type InvoiceLine } from "./document"
import { renderInvoicePdfOnThread } from "./render-thread"
import { invoiceSeller } from "./seller"
import { readShop } from "@enclave/catalogue"
import { buyerVatIdOf, orderTaxFields, vatOfOrder } from "../tax/order-vat"

/** What an invoice needs of Medusa's order: its lines with their tax lines, whose it is, where it went, and its metadata. */
interface InvoiceOrderRow extends Pick<MedusaOrderRow, "id" | "display_id" | "customer_id" | "created_at" | "shipping_address"> {
  items?: Array<Omit<NonNullable<MedusaOrderRow["items"]>[number], "thumbnail">>
  shipping_methods?: NonNullable<MedusaOrderRow["shipping_methods"]>
  metadata?: Record<string, unknown> | null
}

/** The German name an order line was sold under, null when it had none. */
function germanItemName(item: { metadata?: Record<string, unknown> | null }): string | null {
  const name = item.metadata?.[PRODUCT_NAME_DE_KEY]
  return typeof name === "string" && name.trim() ? name : null
}

const orderFields = [
  "id",
  "display_id",
  "customer_id",
  "created_at",
  // Medusa fills in the items' quantities (kept in the order's item details) only when it works out the totals.
  "total",
  "items.id",
  "items.quantity",
  "items.unit_price",
  "items.title",
  "items.product_title",
  "items.metadata",
  "metadata",
  "shipping_methods.metadata",
  // The VAT is the order's, as its tax lines hold it, not the tax settings' of today.
  ...orderTaxFields,
]

export interface InvoiceFile {
  fileName: string
  pdf: Buffer
}

/**
 * The invoice of order `orderNumber` as a PDF, for this caller: an admin may have any order's, a
 * customer only their own. Another customer's order answers exactly as an order that does not exist
 * (404, same message), so the answer never tells that it exists.
 */
export async function invoiceOfOrder(
  container: MedusaContainer,
  caller: ShopUserRow,
  orderNumber: number,
  options: { language: Language; webAddress: string },
): Promise<InvoiceFile> {
  const notFound = new ShopError("not_found", `Order ${orderNumber} not found`)
  const query = container.resolve(ContainerRegistrationKeys.QUERY)
  const { data } = await query.graph({ entity: "order", fields: orderFields, filters: { display_id: orderNumber } })
  const order = data[0] as unknown as InvoiceOrderRow | undefined
  if (!order) throw notFound
  const details = await detailsOfOrder(container, order.id)
  // Whose order it is, Medusa's order says: its customer is the caller's own (links/shop-user-customer).
  const callersOwn = Boolean(order.customer_id) && order.customer_id === (await customerIdOf(container, caller.id))
  if (!details || (!caller.is_admin && !callersOwn)) throw notFound

  const items = [...(order.items ?? [])].sort((a, b) => Number(a.metadata?.item_number ?? 0) - Number(b.metadata?.item_number ?? 0))
  const shipping = order.shipping_methods ?? []
  const rateOf = (taxLines: ReadonlyArray<{ rate: number | string }> | null | undefined) =>
    taxLines?.length ? taxLines.reduce((sum, line) => sum + Number(line.rate), 0) : null
  // One read of the store serves the letterhead and the time zone the invoice's dates are written in.
  const shopRead = readShop(container)
  const [seller, buyer, timeZone] = await Promise.all([
    shopRead.then((shop) => invoiceSeller(container, options.webAddress, shop)),
    callersOwn ? caller : order.customer_id ? findUserByCustomer(container, order.customer_id) : null,
    shopRead.then((shop) => shop.details.timeZone),
  ])
  const lines: InvoiceLine[] = [
    ...items.map((item) => ({
      kind: "item" as const,
      name: productName({ name: item.product_title || item.title, nameDe: germanItemName(item) }, options.language),
      quantity: Number(item.quantity),
      unitCents: eurosToCents(item.unit_price),
      ratePercent: rateOf(item.tax_lines),
    })),
    ...shipping.map((method) => ({
      kind: "shipping" as const,
      // The name it was sold under, in the invoice's language where the order kept a German one.
      name:
        details.shipping_method_name &&
        shippingMethodName({ name: details.shipping_method_name, name_de: germanMethodName(order) }, options.language),
      quantity: 1,
      unitCents: eurosToCents(method.amount),
      ratePercent: rateOf(method.tax_lines),
    })),
  ]
  const { treatment } = vatOfOrder(order)
  // Sold under the reverse charge to the VAT ID the order keeps; any other order shows the account's as it is now.
  const vatId = treatment === "reverse_charge" ? buyerVatIdOf(order) : buyer?.vat_id?.trim() || null
  const document = invoiceDocument(
    {
      orderNumber: order.display_id,
      placedAt: new Date(order.created_at),
      status: details.status,
      seller,
      // The company as the account names it now: the order keeps its address (and a reverse-charge order its VAT ID).
      buyer: { companyName: buyer?.company_name?.trim() || null, vatId, address: details.shipping_address },
      lines,
      vatTreatment: treatment,
      payment: { provider: details.payment_provider, method: details.payment_method, invoice: invoiceOfDetails(details, timeZone) },
      timeZone,
    },
    options.language,
  )
  return { fileName: invoiceFileName(invoiceReference(order.display_id)), pdf: await renderInvoicePdfOnThread(document) }
}
