import type { SubscriberArgs, SubscriberConfig } from "@medusajs/framework"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { DELIVERY_CREATED, SHIPMENT_CREATED, type FulfilmentEvent } from "../mail/events"
import { orderMailOf } from "../mail/orders"
import { sendMailWithRetries } from "../mail/send"

const templates = { [SHIPMENT_CREATED]: "order-shipped", [DELIVERY_CREATED]: "order-delivered" } as const

/**
 * The shipped and delivered mails, on Medusa's own events of the order's fulfilment (the admin's status
 * drives Medusa's create-shipment and mark-as-delivered workflows). Each is sent once per fulfilment: a
 * parcel taken back and shipped anew is a new fulfilment, and its customer hears of it again.
 * "cancelled" has its own mail, on Medusa's order.canceled (order-canceled.ts).
 */
export default async function orderShippedOrDeliveredMail({ event, container }: SubscriberArgs<FulfilmentEvent>) {
  const template = templates[event.name as keyof typeof templates]
  const fulfilmentId = event.data.id
  if (!template || event.data.no_notification) return
  await sendMailWithRetries(container, `Mail "${template}" of fulfilment ${fulfilmentId}`, async () => {
    const query = container.resolve(ContainerRegistrationKeys.QUERY)
    const { data } = await query.graph({ entity: "order_fulfillment", fields: ["order_id"], filters: { fulfillment_id: fulfilmentId } })
    const orderId = (data[0] as { order_id?: string } | undefined)?.order_id
    const mail = orderId ? await orderMailOf(container, orderId) : null
    if (!orderId || !mail) return null
    return {
      template,
      to: mail.to,
      data: mail.data,
      idempotencyKey: `${template}:${fulfilmentId}`,
      resource: { type: "order", id: orderId },
      receiverId: mail.receiverId,
      trigger: event.name,
    }
  })
}

export const config: SubscriberConfig = {
  event: [SHIPMENT_CREATED, DELIVERY_CREATED],
  context: { subscriberId: "enclave-mail-order-fulfilment" },
}
