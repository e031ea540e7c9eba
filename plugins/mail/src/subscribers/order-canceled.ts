import type { SubscriberArgs, SubscriberConfig } from "@medusajs/framework"
import { ORDER_CANCELED, type OrderEvent } from "../mail/events"
import { orderMailOf } from "../mail/orders"
import { sendMailWithRetries } from "../mail/send"

/**
 * The cancellation mail, once Medusa has cancelled the order (stock back on sale, payment
 * cancelled or refunded). An order the admin deleted is gone by the time this reads it: its
 * customer gets no mail about an order that no longer exists anywhere in the shop.
 */
export default async function orderCanceledMail({ event, container }: SubscriberArgs<OrderEvent>) {
  const orderId = event.data.id
  await sendMailWithRetries(container, `Cancellation mail of ${orderId}`, async () => {
    const mail = await orderMailOf(container, orderId)
    if (!mail) return null
    return {
      template: "order-cancelled",
      to: mail.to,
      data: mail.data,
      idempotencyKey: `order-cancelled:${orderId}`,
      resource: { type: "order", id: orderId },
      receiverId: mail.receiverId,
      trigger: ORDER_CANCELED,
    }
  })
}

export const config: SubscriberConfig = {
  event: ORDER_CANCELED,
  context: { subscriberId: "enclave-mail-order-canceled" },
}
