import type { MedusaContainer } from "@medusajs/framework/types"
import type { createPaypalOrderSchema, PaypalOrder, PaypalOrderCreated } from "@enclave/contract"
import type { z } from "zod"
import { centsToEuros } from "@enclave/contract/money"
import { WALLET_PROVIDER_ID, walletGatewayFor } from "@enclave/payments"
import type { ShopUserRow } from "@enclave/accounts"
import { ShopError } from "@enclave/contract/shop-error"
import { findOwnCheckoutPayment, startCheckoutPayment, type CheckoutPaymentFields } from "./records"

/** docs/product.md §7: a userId in the body must be the signed-in customer's; the session decides who pays. */
export function refuseOtherUser(user: ShopUserRow, userId: number | null | undefined) {
  if (userId !== undefined && userId !== null && userId !== user.user_number) {
    throw new ShopError("not_your_cart", "You can only pay for your own cart", { fields: { userId: "This is not your user id" } })
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
    redirect: {
      returnUrl: `${origin}/checkout/success?paypal=true`,
      cancelUrl: `${origin}/checkout/error?paypal=true`,
      locale: language === "de" ? "de-DE" : "en-GB",
    },
  })
  return {
    id: reference,
    approveUrl: approvalAddress(String(data.approve_url), user.user_number, prepared.method.number),
    status: String(data.status),
    amount: centsToEuros(prepared.total),
  }
}

export async function customersWalletPayment(
  container: MedusaContainer,
  user: ShopUserRow,
  reference: string,
): Promise<CheckoutPaymentFields> {
  const row = await findOwnCheckoutPayment(container, user, { provider: "paypal", reference })
  // Another customer's PayPal order is answered like one that does not exist.
  if (!row) throw new ShopError("payment_not_found", "There is no PayPal order with this id for your account")
  return row
}

/** GET /api/paypal-server/order/{id}: PayPal's view of one of the customer's wallet orders. */
export async function walletOrder(container: MedusaContainer, user: ShopUserRow, reference: string): Promise<PaypalOrder> {
  const row = await customersWalletPayment(container, user, reference)
  const gateway = await walletGatewayFor(container, { sandbox: row.is_test_payment })
  const order = await gateway.getOrder(reference)
  return {
    id: order.id || row.reference,
    status: order.status,
    create_time: order.createTime,
    purchase_units: [{ amount: order.amount ?? { currency_code: "EUR", value: row.amount } }],
  }
}
