import type { SubscriberArgs, SubscriberConfig } from "@medusajs/framework"
import { ORDER_RETURN_RECEIVED, type ReturnReceivedEvent } from "../mail/events"
import { returnReceivedMailOf } from "../mail/after-sale"
import { sendMailWithRetries } from "../mail/send"

/** The customer hears that the goods they sent back have arrived (Medusa's return received). */
export default async function returnReceivedMail({ event, container }: SubscriberArgs<ReturnReceivedEvent>) {
  const returnId = event.data.return_id
  await sendMailWithRetries(container, `Return received mail of ${returnId}`, async () => {
    const mail = await returnReceivedMailOf(container, returnId)
    if (!mail) return null
    return {
      template: "return-received",
      to: mail.to,
      data: mail.data,
      idempotencyKey: `return-received:${returnId}`,
      resource: { type: "return", id: returnId },
      receiverId: mail.receiverId,
      trigger: ORDER_RETURN_RECEIVED,
    }
  })
}

export const config: SubscriberConfig = {
  event: ORDER_RETURN_RECEIVED,
  context: { subscriberId: "enclave-mail-return-received" },
}
