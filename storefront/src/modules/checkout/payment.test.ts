import { describe, expect, it } from "vitest"
import type { PaymentMethods } from "@enclave/contract"
import {
  approvalUrl,
  followAvailability,
  invoiceRefusal,
  offeredChoices,
  paymentWasReceived,
  paypalErrorText,
  providersUnavailable,
  simulatedCardExpiry,
} from "./payment"

const methods = (extra: Partial<PaymentMethods> = {}): PaymentMethods => ({
  stripe: false,
  paypal: false,
  stripePublicKey: null,
  stripeSandbox: false,
  paypalSandbox: false,
  simulatedCard: false,
  invoice: false,
  ...extra,
})
const card = { stripe: true, stripePublicKey: "pk_test_123" }

describe("the payment choice (docs/product.md §4)", () => {
  it("offers the card only with its publishable key, then PayPal, then the simulated card", () => {
    expect(offeredChoices(methods({ ...card, paypal: true, simulatedCard: true }))).toEqual(["card", "paypal", "simulated"])
    expect(offeredChoices(methods({ stripe: true, paypal: true }))).toEqual(["paypal"])
    expect(offeredChoices(methods())).toEqual([])
  })

  it("defaults to the card, else PayPal, else the simulated card", () => {
    expect(followAvailability(null, methods({ ...card, paypal: true, simulatedCard: true }))).toBe("card")
    expect(followAvailability(null, methods({ paypal: true, simulatedCard: true }))).toBe("paypal")
    expect(followAvailability(null, methods({ simulatedCard: true }))).toBe("simulated")
    expect(followAvailability(null, methods())).toBeNull()
  })

  it("keeps a choice that is still offered", () => {
    expect(followAvailability("paypal", methods({ ...card, paypal: true }))).toBe("paypal")
    expect(followAvailability("simulated", methods({ ...card, simulatedCard: true }))).toBe("simulated")
  })

  it("switches a disabled provider to the other one when that one is enabled", () => {
    expect(followAvailability("card", methods({ paypal: true, simulatedCard: true }))).toBe("paypal")
    expect(followAvailability("paypal", methods({ ...card, simulatedCard: true }))).toBe("card")
    expect(followAvailability("paypal", methods({ simulatedCard: true }))).toBe("simulated")
    expect(followAvailability("simulated", methods({ paypal: true }))).toBe("paypal")
  })

  it("says 'Payment methods unavailable' when both providers are off, even with the simulated card", () => {
    expect(providersUnavailable(methods({ simulatedCard: true }))).toBe(true)
    expect(providersUnavailable(methods({ stripe: true }))).toBe(true)
    expect(providersUnavailable(methods({ paypal: true }))).toBe(false)
    expect(providersUnavailable(methods(card))).toBe(false)
  })
})

describe("pay by invoice", () => {
  it("is offered beside card and PayPal, before the sandbox card, only when the server says so", () => {
    expect(offeredChoices(methods({ ...card, paypal: true, invoice: true, simulatedCard: true }))).toEqual([
      "card",
      "paypal",
      "invoice",
      "simulated",
    ])
    expect(offeredChoices(methods({ ...card }))).toEqual(["card"])
    expect(followAvailability(null, methods({ invoice: true, simulatedCard: true }))).toBe("invoice")
    expect(followAvailability("invoice", methods({ ...card, invoice: true }))).toBe("invoice")
    // Switched off meanwhile: the default takes its place.
    expect(followAvailability("invoice", methods({ ...card, paypal: true }))).toBe("card")
  })

  it("is a real way to pay: with it, 'Payment methods unavailable' does not apply", () => {
    expect(providersUnavailable(methods({ invoice: true, simulatedCard: true }))).toBe(false)
  })

  it("reads the server's refusals by their code, the minimum total from its params; other codes are not its", () => {
    expect(invoiceRefusal({ code: "invoice_not_available", params: {} })).toEqual({ key: "checkout.invoice.notAvailable" })
    expect(invoiceRefusal({ code: "invoice_business_only", params: {} })).toEqual({ key: "checkout.invoice.businessOnly" })
    expect(invoiceRefusal({ code: "invoice_below_minimum", params: { minimumTotal: "500.00" } })).toEqual({
      key: "checkout.invoice.minimum",
      minimumTotal: "500.00",
    })
    // Whatever the English words: a reworded message changes nothing.
    expect(invoiceRefusal({ code: "invoice_below_minimum", params: {} })).toBeNull()
    expect(invoiceRefusal({ code: "cart_empty", params: {} })).toBeNull()
  })
})

describe("the approval address (docs/product.md §7)", () => {
  const approve = "https://www.sandbox.paypal.com/checkoutnow?token=5O190127TN364715T"

  it("gets userid and the shipping method id added", () => {
    const url = new URL(approvalUrl(approve, 7, 3))
    expect(url.searchParams.get("token")).toBe("5O190127TN364715T")
    expect(url.searchParams.get("userid")).toBe("7")
    expect(url.searchParams.get("shippingMethodId")).toBe("3")
  })

  it("keeps parameters that are there already and adds no shipping method without one", () => {
    const url = new URL(approvalUrl(`${approve}&userid=9&shippingMethodId=4`, 7, 3))
    expect(url.searchParams.getAll("userid")).toEqual(["9"])
    expect(url.searchParams.getAll("shippingMethodId")).toEqual(["4"])
    expect(new URL(approvalUrl(approve, 7, null)).searchParams.has("shippingMethodId")).toBe(false)
  })
})

describe("the simulated card", () => {
  it("expires in December of next year, so never in the past", () => {
    expect(simulatedCardExpiry(new Date(2026, 10, 22))).toBe("12/27")
    expect(simulatedCardExpiry(new Date(2026, 11, 31))).toBe("12/27")
    expect(simulatedCardExpiry(new Date(2099, 0, 1))).toBe("12/00")
  })
})

describe("failed payment calls (docs/product.md §8)", () => {
  const failed = (serverMessage: string, body: Record<string, unknown> = {}, details: unknown = "") => ({ serverMessage, body, details })

  it("show the server's message with its error and details", () => {
    expect(paypalErrorText(failed("Failed to create PayPal order", { error: "UNPROCESSABLE_ENTITY" }, "Amount mismatch"), "x")).toBe(
      "Failed to create PayPal order: UNPROCESSABLE_ENTITY: Amount mismatch",
    )
    expect(paypalErrorText(failed("No approval URL received from PayPal", { error: "No approval URL received from PayPal" }), "x")).toBe(
      "No approval URL received from PayPal",
    )
    expect(paypalErrorText(failed("", {}, { issue: "INSTRUMENT_DECLINED" }), "x")).toBe('{"issue":"INSTRUMENT_DECLINED"}')
  })

  it("fall back to the generic text when there is no answer at all", () => {
    expect(paypalErrorText(null, "Failed to capture PayPal payment")).toBe("Failed to capture PayPal payment")
    expect(paypalErrorText(failed(""), "Failed to create PayPal order")).toBe("Failed to create PayPal order")
  })

  it("cap a long reply", () => {
    expect(paypalErrorText(failed("x".repeat(1000)), "y")).toHaveLength(300)
  })

  it("tell when the money was taken although the order failed", () => {
    expect(paymentWasReceived(failed("m", { paymentReceived: true }))).toBe(true)
    expect(paymentWasReceived(failed("m", { paymentReceived: false }))).toBe(false)
    expect(paymentWasReceived(null)).toBe(false)
  })
})

describe("the payment texts are the product docs' (§5, §8)", () => {
  it("in English, word for word as the contract has them", async () => {
    const { PAYMENT_RECEIVED_NOT_FINALISED_MESSAGE, paypalMessages } = await import("@enclave/contract")
    const { translator } = await import("../../i18n")
    const t = translator("en")
    expect(t("checkout.toast.paymentReceivedText")).toBe(PAYMENT_RECEIVED_NOT_FINALISED_MESSAGE)
    expect(t("checkout.paypal.createFailed")).toBe(paypalMessages.createFailed)
    expect(t("checkout.paypal.captureFailed")).toBe(paypalMessages.captureFailed)
    expect(t("checkout.paypal.noOrderId")).toBe(paypalMessages.noOrderId)
    expect(t("checkout.paypal.noApprovalUrl")).toBe(paypalMessages.noApprovalUrl)
    expect(t("checkout.paypal.noPaymentId")).toBe(paypalMessages.noPaymentId)
    expect(t("checkout.toast.paymentFailedTitle")).toBe("Payment Failed")
    expect(t("checkout.toast.paymentFailedText")).toBe("There was a problem processing your payment. Please try again.")
    expect(t("checkout.toast.orderPlacedTitle")).toBe("Order Placed Successfully")
    expect(t("checkout.toast.orderPlacedText")).toBe("Your order has been placed and will be processed shortly.")
    expect(t("result.toast.testPaymentText")).toBe("Your test payment was processed successfully in sandbox mode.")
  })
})
