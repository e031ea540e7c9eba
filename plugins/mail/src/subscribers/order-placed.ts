import type { SubscriberArgs, SubscriberConfig } from "@medusajs/framework"
import { ORDER_PLACED, type OrderEvent } from "../mail/events"
import { orderMailOf } from "../mail/orders"
import { sendMailWithRetries } from "../mail/send"

/** The order confirmation, in the customer's language, once the order is placed. */
export default async function orderPlacedMail({ event, container }: SubscriberArgs<OrderEvent>) {
  const orderId = event.data.id
  await sendMailWithRetries(container, `Order confirmation of ${orderId}`, async () => {
    const mail = await orderMailOf(container, orderId)
    if (!mail) return null
    return {
      template: "order-confirmation",
      to: mail.to,
      data: mail.data,
      idempotencyKey: `order-confirmation:${orderId}`,
      resource: { type: "order", id: orderId },
      receiverId: mail.receiverId,
      trigger: ORDER_PLACED,
    }
  })
}

export const config: SubscriberConfig = {
  event: ORDER_PLACED,
  context: { subscriberId: "enclave-mail-order-placed" },
}
