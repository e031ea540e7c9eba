import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, Modules } from "@medusajs/framework/utils"
import { PRODUCT_NAME_DE_KEY, productName, shopReturnAddressOfStore } from "@enclave/contract/values"
import type { Language } from "@enclave/contract/i18n"
import type { RefundMailData, ReturnReceivedMailData, WithdrawalMailData } from "../templates"
import { recipientByCustomer } from "./recipients"
import { shopTimeZone } from "./time-zone"

/**
 * The after-sale mails' data, read through Medusa's query across the facade's links: a
 * withdrawal's receipt goes to the address and in the language of the statement; the mails about the
 * return and the refund to the customer's account (its address and language), else the order's address
 * in English.
 */

interface WithdrawalRow {
  id: string
  name: string
  email: string
  language: string
  items: Array<{ quantity: number; name: string; name_de: string | null }>
  whole_order: boolean
  received_at: string | Date
  refund_deadline: string
  order?: { id: string; display_id: number; customer_id: string | null } | null
  return?: { id: string } | null
}

const languageOf = (value: unknown): Language => (value === "de" ? "de" : "en")

export async function withdrawalMailOf(
  container: MedusaContainer,
  withdrawalId: string,
): Promise<{ to: string; receiverId: string | null; data: WithdrawalMailData } | null> {
  const query = container.resolve(ContainerRegistrationKeys.QUERY)
  const { data } = await query.graph({
    entity: "withdrawal",
    fields: [
      "id",
      "name",
      "email",
      "language",
      "items",
      "whole_order",
      "received_at",
      "refund_deadline",
      "order.id",
      "order.display_id",
      "order.customer_id",
      "return.id",
    ],
    filters: { id: withdrawalId },
  })
  const row = data[0] as unknown as WithdrawalRow | undefined
  if (!row?.order) return null
  const language = languageOf(row.language)
  const [store] = await container.resolve(Modules.STORE).listStores({}, { select: ["metadata"], take: 1 })
  // The account that placed the order receives it as its own mail: encrypted to its key when the
  // statement gives the account's address, and listed in that account's data download.
  const account = row.order.customer_id ? await recipientByCustomer(container, row.order.customer_id) : null
  return {
    to: row.email,
    receiverId: account?.id ?? null,
    data: {
      language,
      timeZone: await shopTimeZone(container),
      name: row.name,
      email: row.email,
      orderNumber: row.order.display_id,
      withdrawal: {
        receivedAt: new Date(row.received_at).toISOString(),
        name: row.name,
        email: row.email,
        items: row.items.map((line) => ({
          name: productName({ name: line.name, nameDe: line.name_de }, language),
          quantity: line.quantity,
        })),
        wholeOrder: row.whole_order,
        refundDeadline: row.refund_deadline,
        returnAddress: shopReturnAddressOfStore(store?.metadata),
        returnRequested: Boolean(row.return),
      },
    },
  }
}

interface OrderParty {
  display_id: number
  email: string | null
  customer_id: string | null
}

async function partyOf(container: MedusaContainer, order: OrderParty) {
  const user = order.customer_id ? await recipientByCustomer(container, order.customer_id) : null
  const to = user?.email ?? order.email
  if (!to) return null
  return { to, receiverId: user?.id ?? null, language: user?.language ?? ("en" as Language), name: user?.name ?? null }
}

/** What every after-sale mail to the order's customer starts with: the recipient, their language, the shop's time zone. */
async function orderMailBase(container: MedusaContainer, party: NonNullable<Awaited<ReturnType<typeof partyOf>>>, orderNumber: number) {
  return {
    language: party.language,
    timeZone: await shopTimeZone(container),
    name: party.name,
    email: party.to,
    orderNumber,
  }
}

export async function returnReceivedMailOf(
  container: MedusaContainer,
  returnId: string,
): Promise<{ to: string; receiverId: string | null; data: ReturnReceivedMailData } | null> {
  const query = container.resolve(ContainerRegistrationKeys.QUERY)
  const { data: returns } = await query.graph({
    entity: "return",
    fields: ["id", "order_id", "received_at", "items.*"],
    filters: { id: returnId },
  })
  const found = returns[0] as unknown as
    | {
        order_id: string
        received_at: string | null
        items?: Array<{ item_id: string; received_quantity: unknown; raw_received_quantity?: { value?: string } | null }>
      }
    | undefined
  if (!found) return null
  // The order's lines in a read of their own: Medusa works out line totals when lines are read, and
  // needs their prices and quantities for it.
  const { data: orders } = await query.graph({
    entity: "order",
    fields: [
      "display_id",
      "email",
      "customer_id",
      "items.id",
      "items.title",
      "items.product_title",
      "items.metadata",
      "items.unit_price",
      "items.quantity",
    ],
    filters: { id: found.order_id },
  })
  type OrderRow = OrderParty & {
    items?: Array<{ id: string; title: string; product_title: string | null; metadata: Record<string, unknown> | null }>
  }
  const row = { received_at: found.received_at, items: found.items, order: orders[0] as unknown as OrderRow | undefined }
  if (!row.order) return null
  const party = await partyOf(container, row.order)
  if (!party) return null
  const lines = new Map((row.order.items ?? []).map((item) => [item.id, item]))
  const items = (row.items ?? [])
    .map((i) => ({ ...i, received: Number(i.received_quantity ?? i.raw_received_quantity?.value ?? 0) }))
    .filter((i) => i.received > 0)
    .map((i) => {
      const line = lines.get(i.item_id)
      const nameDe = typeof line?.metadata?.[PRODUCT_NAME_DE_KEY] === "string" ? (line.metadata[PRODUCT_NAME_DE_KEY] as string) : null
      return { name: productName({ name: line?.product_title || line?.title || "", nameDe }, party.language), quantity: i.received }
    })
  return {
    to: party.to,
    receiverId: party.receiverId,
    data: {
      ...(await orderMailBase(container, party, row.order.display_id)),
      receivedAt: new Date(row.received_at ?? Date.now()).toISOString(),
      items,
    },
  }
}

export async function refundMailOf(
  container: MedusaContainer,
  refundId: string,
): Promise<{ to: string; receiverId: string | null; data: RefundMailData } | null> {
  const query = container.resolve(ContainerRegistrationKeys.QUERY)
  const { data } = await query.graph({
    entity: "shop_refund",
    fields: ["id", "amount", "method", "bank_account", "order.display_id", "order.email", "order.customer_id"],
    filters: { id: refundId },
  })
  type Row = { amount: string; method: RefundMailData["method"]; bank_account: { iban?: string } | null; order?: OrderParty | null }
  const row = data[0] as unknown as Row | undefined
  if (!row?.order) return null
  const party = await partyOf(container, row.order)
  if (!party) return null
  return {
    to: party.to,
    receiverId: party.receiverId,
    data: {
      ...(await orderMailBase(container, party, row.order.display_id)),
      amount: Number(row.amount).toFixed(2),
      method: row.method,
      iban: row.bank_account?.iban ?? null,
    },
  }
}
