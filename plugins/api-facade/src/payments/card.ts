import type { MedusaContainer } from "@medusajs/framework/types"
import type { CardPayment, CreateCardPaymentRequest, CreateOrderRequest, Order } from "@enclave/contract"
import type { createCardPaymentSchema } from "@enclave/contract"
import { centsToEuros, eurosToCents } from "@enclave/contract/money"
import type { z } from "zod"
import { CARD_PROVIDER_ID } from "@enclave/payments"
import type { ShopUserRow } from "../accounts/users"
import { ApiError } from "../http/api-error"
import { finalisePayment, orderOfPayment } from "./finalise"
import { findCheckoutPayment, findOwnCheckoutPayment, startCheckoutPayment, updateCheckoutPayment, withPaymentLock } from "./records"
import { cardGatewayFor } from "./settings"

export type { CreateCardPaymentRequest }

/**
 * POST /api/card-payments: prepares the cart and asks Stripe (through Medusa's payment module
 * and our provider) for a PaymentIntent of the server's amount. The browser confirms it with
 * Stripe Elements; the order comes with POST /api/orders or Stripe's webhook, whichever is first.
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
    sessionData: (prepared) => ({ cart_id: prepared.cartId }),
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

/**
 * Makes the order of a card payment once Stripe says the PaymentIntent succeeded for the amount
 * prepared; used by POST /api/orders and by the webhook. Settling it again answers the same order.
 */
export async function settleCardPayment(container: MedusaContainer, reference: string): Promise<Order> {
  return withPaymentLock(container, reference, async () => {
    const row = (await findCheckoutPayment(container, { provider: "stripe", reference }))!
    const existing = await orderOfPayment(container, row)
    if (existing) return existing
    const gateway = await cardGatewayFor(container, { sandbox: row.is_test_payment })
    const intent = await gateway.retrieve(reference)
    if (intent.status !== "succeeded" && intent.status !== "requires_capture") {
      await updateCheckoutPayment(container, row.id, { status: "failed", failure_reason: intent.failure ?? `payment ${intent.status}` })
      throw new ApiError("payment_refused", "The card payment has not gone through: no money was taken", intent.failure ?? intent.status, {
        extra: { error: "Payment Failed" },
      })
    }
    if (intent.amount !== eurosToCents(row.amount)) {
      throw new ApiError(
        "payment_amount_differs",
        `The card payment is for €${centsToEuros(intent.amount)}, the order for €${row.amount}: please contact customer support`,
      )
    }
    return finalisePayment(container, row, intent.id)
  })
}

/** POST /api/orders with paymentMethod "stripe": the customer's own PaymentIntent, for the total their page shows. */
export async function placeCardOrder(
  container: MedusaContainer,
  user: ShopUserRow,
  request: CreateOrderRequest,
  paymentId: string,
): Promise<Order> {
  const row = await findOwnCheckoutPayment(container, user, { provider: "stripe", reference: paymentId })
  if (!row) {
    throw new ApiError("payment_not_found", "There is no card payment with this id for your account", {
      fields: { paymentId: "Unknown payment" },
    })
  }
  if (request.total !== undefined && eurosToCents(request.total) !== eurosToCents(row.amount)) {
    throw new ApiError(
      "payment_amount_differs",
      `The card payment is for €${row.amount}, not €${centsToEuros(eurosToCents(request.total))}: please review your order`,
      { total: row.amount },
    )
  }
  return settleCardPayment(container, paymentId)
}
