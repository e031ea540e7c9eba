import type { SubscriberArgs, SubscriberConfig } from "@medusajs/framework"
import { SHOP_ORDER_STATUS_CHANGED, type OrderStatusChangedEvent } from "../mail/events"
import { orderMailOf } from "../mail/orders"
import { sendMailWithRetries } from "../mail/send"

const templates = { shipped: "order-shipped", delivered: "order-delivered" } as const

/**
 * The shipped and delivered mails, when the admin sets those statuses. Each is sent once per
 * order: an admin who sets "shipped" again after a slip does not mail the customer twice.
 * "cancelled" has its own mail, on Medusa's order.canceled (order-canceled.ts).
 */
export default async function orderStatusChangedMail({ event, container }: SubscriberArgs<OrderStatusChangedEvent>) {
  const { id: orderId, status } = event.data
  if (status !== "shipped" && status !== "delivered") return
  const template = templates[status]
  await sendMailWithRetries(container, `Mail "${status}" of ${orderId}`, async () => {
    const mail = await orderMailOf(container, orderId)
    if (!mail) return null
    return {
      template,
      to: mail.to,
      data: mail.data,
      idempotencyKey: `${template}:${orderId}`,
      resource: { type: "order", id: orderId },
      receiverId: mail.receiverId,
      trigger: SHOP_ORDER_STATUS_CHANGED,
    }
  })
}

export const config: SubscriberConfig = {
  event: SHOP_ORDER_STATUS_CHANGED,
  context: { subscriberId: "enclave-mail-order-status" },
}
