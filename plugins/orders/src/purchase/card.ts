import type { MedusaContainer } from "@medusajs/framework/types"
import type { CardPayment, CreateCardPaymentRequest, createCardPaymentSchema } from "@enclave/contract"
import { centsToEuros } from "@enclave/contract/money"
import type { z } from "zod"
import { CARD_PROVIDER_ID, cardGatewayFor } from "@enclave/payments"
import type { ShopUserRow } from "@enclave/accounts"
import { startCheckoutPayment } from "./records"

export type { CreateCardPaymentRequest }

/**
 * POST /api/card-payments: prepares the cart and asks Stripe (through Medusa's payment module
 * and our provider) for a PaymentIntent of the server's amount. The browser confirms it with
 * Stripe Elements; the order comes with POST /api/orders or Stripe's webhook, whichever is first
 * (purchase/settle.ts).
 */
export async function startCardPayment(
  container: MedusaContainer,
  user: ShopUserRow,
  request: z.output<typeof createCardPaymentSchema>,
): Promise<CardPayment> {
  const gateway = await cardGatewayFor(container, { newPayment: true })
  const { prepared, reference, data } = await startCheckoutPayment(container, user, {
    provider: "stripe",
    providerId: CARD_PROVIDER_ID,
    referenceKey: "id",
    choice: { shippingAddress: request.shippingAddress, shippingMethodId: request.shippingMethodId, total: request.total },
  })
  return {
    paymentIntentId: reference,
    clientSecret: String(data.client_secret),
    publicKey: gateway.publicKey,
    amount: centsToEuros(prepared.total),
    currency: "eur",
    sandbox: data.sandbox === true,
  }
}
