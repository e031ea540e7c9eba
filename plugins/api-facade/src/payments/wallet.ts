import type { MedusaContainer } from "@medusajs/framework/types"
import type { capturePaypalOrderSchema, createPaypalOrderSchema, PaypalCapture, PaypalOrder, PaypalOrderCreated } from "@enclave/contract"
import type { z } from "zod"
import { centsToEuros } from "@enclave/contract/money"
import { WALLET_PROVIDER_ID } from "@enclave/payments"
import type { ShopUserRow } from "../accounts/users"
import { ApiError } from "../http/api-error"
import { finalisePayment, orderOfPayment } from "./finalise"
import { findCheckoutPayment, findOwnCheckoutPayment, startCheckoutPayment, withPaymentLock, type CheckoutPaymentFields } from "./records"
import { walletGatewayFor } from "./settings"

/** docs/product.md §7: a userId in the body must be the signed-in customer's; the session decides who pays. */
function refuseOtherUser(user: ShopUserRow, userId: number | null | undefined) {
  if (userId !== undefined && userId !== null && userId !== user.user_number) {
    throw new ApiError("not_your_cart", "You can only pay for your own cart", { fields: { userId: "This is not your user id" } })
  }
}

/** docs/product.md §7: the approval address carries the user id and the chosen shipping method. */
export function approvalAddress(approveUrl: string, userNumber: number, shippingMethodId: number): string {
  const url = new URL(approveUrl)
  if (!url.searchParams.has("userid")) url.searchParams.set("userid", String(userNumber))
  url.searchParams.set("shippingMethodId", String(shippingMethodId))
  return url.toString()
}

/**
 * POST /api/paypal-server/create-order: prepares the cart and creates a PayPal order for the
 * server's amount (the body's amount is only compared), through Medusa's payment module and our
 * PayPal provider. PayPal sends the customer back to the result page (return) or the failed page
 * (cancel) on `origin`, the shop's own address as the browser used it.
 */
export async function createWalletOrder(
  container: MedusaContainer,
  user: ShopUserRow,
  request: z.output<typeof createPaypalOrderSchema>,
  origin: string,
  language: string,
): Promise<PaypalOrderCreated> {
  refuseOtherUser(user, request.userId)
  await walletGatewayFor(container, { newPayment: true })
  const { prepared, reference, data } = await startCheckoutPayment(container, user, {
    provider: "paypal",
    providerId: WALLET_PROVIDER_ID,
    referenceKey: "paypal_order_id",
    choice: { shippingAddress: request.shippingAddress, shippingMethodId: request.shippingMethodId, total: request.amount },
    sessionData: (prepared) => ({
      return_url: `${origin}/checkout/success?paypal=true`,
      cancel_url: `${origin}/checkout/error?paypal=true`,
      description: `Enclave order (${prepared.method.name})`,
      locale: language === "de" ? "de-DE" : "en-GB",
    }),
  })
  return {
    id: reference,
    approveUrl: approvalAddress(String(data.approve_url), user.user_number, prepared.method.number),
    status: String(data.status),
    amount: centsToEuros(prepared.total),
  }
}

function captureAnswer(row: CheckoutPaymentFields, paymentId: string, order: PaypalCapture["order"]): PaypalCapture {
  return { id: row.reference, status: "COMPLETED", paymentId, orderId: order.id, order }
}

/**
 * Captures a wallet payment and makes its order, exactly once: under the payment's lock, an
 * order that exists is answered again; PayPal's own idempotency (PayPal-Request-Id = the payment
 * session) makes a repeated capture return the first. `capturedId` is given when PayPal's
 * webhook already says the money was taken.
 */
export async function settleWalletPayment(container: MedusaContainer, reference: string, capturedId?: string): Promise<PaypalCapture> {
  return withPaymentLock(container, reference, async () => {
    const row = (await findCheckoutPayment(container, { provider: "paypal", reference }))!
    const existing = await orderOfPayment(container, row)
    if (existing) return captureAnswer(row, row.payment_id ?? "", existing)
    let paymentId = capturedId ?? row.payment_id
    if (!paymentId) {
      const gateway = await walletGatewayFor(container, { sandbox: row.is_test_payment })
      const captured = await gateway.capture(reference, row.payment_session_id)
      paymentId = captured.captureId
    }
    const order = await finalisePayment(container, row, paymentId)
    return captureAnswer(row, paymentId, order)
  })
}

async function customersPayment(container: MedusaContainer, user: ShopUserRow, reference: string): Promise<CheckoutPaymentFields> {
  const row = await findOwnCheckoutPayment(container, user, { provider: "paypal", reference })
  // Another customer's PayPal order is answered like one that does not exist.
  if (!row) throw new ApiError("payment_not_found", "There is no PayPal order with this id for your account")
  return row
}

/** POST /api/paypal-server/capture-order. */
export async function captureWalletOrder(
  container: MedusaContainer,
  user: ShopUserRow,
  request: z.output<typeof capturePaypalOrderSchema>,
): Promise<PaypalCapture> {
  refuseOtherUser(user, request.userId)
  const row = await customersPayment(container, user, request.orderId)
  return settleWalletPayment(container, row.reference)
}

/** GET /api/paypal-server/order/{id}: PayPal's view of one of the customer's wallet orders. */
export async function walletOrder(container: MedusaContainer, user: ShopUserRow, reference: string): Promise<PaypalOrder> {
  const row = await customersPayment(container, user, reference)
  const gateway = await walletGatewayFor(container, { sandbox: row.is_test_payment })
  const order = await gateway.getOrder(reference)
  return {
    id: order.id || row.reference,
    status: order.status,
    create_time: order.createTime,
    purchase_units: [{ amount: order.amount ?? { currency_code: "EUR", value: row.amount } }],
  }
}
