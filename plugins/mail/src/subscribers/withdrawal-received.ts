import type { SubscriberArgs, SubscriberConfig } from "@medusajs/framework"
import { WITHDRAWAL_RECEIVED, type OrderEvent } from "../mail/events"
import { withdrawalMailOf } from "../mail/after-sale"
import { sendMailWithRetries } from "../mail/send"

/** The withdrawal's receipt on a durable medium, at once (§ 356a (3) BGB): the statement, its moment, what happens next. */
export default async function withdrawalReceivedMail({ event, container }: SubscriberArgs<OrderEvent>) {
  const id = event.data.id
  await sendMailWithRetries(container, `Withdrawal receipt of ${id}`, async () => {
    const mail = await withdrawalMailOf(container, id)
    if (!mail) return null
    return {
      template: "withdrawal-receipt",
      to: mail.to,
      receiverId: mail.receiverId,
      data: mail.data,
      idempotencyKey: `withdrawal-receipt:${id}`,
      resource: { type: "withdrawal", id },
      trigger: WITHDRAWAL_RECEIVED,
    }
  })
}

export const config: SubscriberConfig = {
  event: WITHDRAWAL_RECEIVED,
  context: { subscriberId: "enclave-mail-withdrawal-received" },
}
