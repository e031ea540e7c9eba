import type { WebhookReceipt } from "@enclave/contract"
import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, Modules, PaymentActions } from "@medusajs/framework/utils"
import { cancelShopOrder } from "../orders/cancel-order"
import { settleCardPayment } from "./card"
import { findCheckoutPayment, updateCheckoutPayment, withPaymentLock } from "./records"
import { settleWalletPayment } from "./wallet"

export type WebhookProvider = "stripe" | "paypal"

/** Medusa's provider keys (pp_<identifier>_<id>) without the pp_ prefix, as getWebhookActionAndData takes them. */
const providerKeys: Record<WebhookProvider, string> = { stripe: "stripe_enclave", paypal: "paypal_enclave" }

export interface WebhookDelivery {
  body: Record<string, unknown>
  rawBody: string | Buffer
  headers: Record<string, unknown>
}

/** The contract's answer to a delivery (webhookReceiptSchema). */
export type WebhookOutcome = WebhookReceipt

/**
 * POST /api/webhooks/{stripe,paypal}: the provider (through Medusa's payment module) checks the
 * signature and says what happened; the shop then reconciles, so a payment whose browser went
 * away still becomes its order, and one the provider refused is marked. A delivery whose
 * signature is wrong is refused before anything is read (the provider throws invalid_signature).
 */
export async function receiveWebhook(
  container: MedusaContainer,
  provider: WebhookProvider,
  delivery: WebhookDelivery,
): Promise<WebhookOutcome> {
  const payments = container.resolve(Modules.PAYMENT)
  const { action, data } = await payments.getWebhookActionAndData({
    provider: providerKeys[provider],
    payload: { data: delivery.body, rawData: delivery.rawBody, headers: delivery.headers },
  })
  const row = data?.session_id ? await findCheckoutPayment(container, { provider, payment_session_id: data.session_id }) : null
  if (!row || (action !== PaymentActions.SUCCESSFUL && action !== PaymentActions.FAILED)) return { received: true, result: "ignored" }
  const logger = container.resolve(ContainerRegistrationKeys.LOGGER)

  if (action === PaymentActions.FAILED) {
    const reason = provider === "paypal" ? "PayPal denied the capture" : "Stripe reports the card payment failed"
    await withPaymentLock(container, row.reference, async () => {
      const current = (await findCheckoutPayment(container, { provider, reference: row.reference }))!
      if (current.order_id) {
        // The money did not arrive after all: the order must not ship, and its stock goes back on sale.
        await cancelShopOrder(container, { orderId: current.order_id, reason })
        logger.warn(`Order ${current.order_id} cancelled: ${reason} (${provider} ${current.reference})`)
      }
      await updateCheckoutPayment(container, current.id, { status: current.order_id ? current.status : "failed", failure_reason: reason })
    })
    return { received: true, result: "failed" }
  }

  const wasOrdered = Boolean(row.order_id)
  try {
    if (provider === "stripe") await settleCardPayment(container, row.reference)
    else await settleWalletPayment(container, row.reference, captureIdOf(delivery.body))
  } catch (error) {
    // Recorded as unfinalised by finalisePayment; answering 200 stops the provider repeating a
    // delivery that staff now handle. Anything else goes to the provider as a failure to retry.
    const paymentReceived = (error as { extra?: { paymentReceived?: boolean } }).extra?.paymentReceived
    if (paymentReceived) return { received: true, result: "unfinalised" }
    throw error
  }
  return { received: true, result: wasOrdered ? "already-ordered" : "ordered" }
}

/** PAYMENT.CAPTURE.COMPLETED's resource is the capture itself. */
function captureIdOf(body: Record<string, unknown>): string | undefined {
  const resource = body.resource as { id?: unknown } | undefined
  return typeof resource?.id === "string" ? resource.id : undefined
}
