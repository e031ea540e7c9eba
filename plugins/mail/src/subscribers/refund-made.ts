import type { SubscriberArgs, SubscriberConfig } from "@medusajs/framework"
import { REFUND_MADE, type OrderEvent } from "../mail/events"
import { refundMailOf } from "../mail/after-sale"
import { sendMailWithRetries } from "../mail/send"

/**
 * The customer hears of each refund, once. Medusa's payment.refunded names only the payment (two refunds
 * of one payment read alike), so the mail hangs on the shop's event, which names the refund.
 */
export default async function refundMadeMail({ event, container }: SubscriberArgs<OrderEvent>) {
  const id = event.data.id
  await sendMailWithRetries(container, `Refund mail of ${id}`, async () => {
    const mail = await refundMailOf(container, id)
    if (!mail) return null
    return {
      template: "refund-made",
      to: mail.to,
      data: mail.data,
      idempotencyKey: `refund-made:${id}`,
      resource: { type: "shop_refund", id },
      receiverId: mail.receiverId,
      trigger: REFUND_MADE,
    }
  })
}

export const config: SubscriberConfig = {
  event: REFUND_MADE,
  context: { subscriberId: "enclave-mail-refund-made" },
}
