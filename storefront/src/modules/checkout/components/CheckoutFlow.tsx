/**
 * The checkout island (docs/product.md §2 Checkout, §4 Checkout): step 1 address and shipping method
 * (AddressStep), step 2 review and payment (PaymentStep: card, PayPal, invoice for business customers, the
 * simulated card), the order summary beside both. The page renders it with the customer, cart, shipping
 * methods and payment methods already loaded, so the first paint needs no request from the browser.
 * The state lives in the hooks of ../hooks; placing the order and what follows is useOrderPlacement.
 */
import { Suspense, useState } from "react"
import { useForm, useWatch, type FieldErrors } from "react-hook-form"
import { zodResolver } from "@hookform/resolvers/zod"
import type { CartItem, PaymentMethods, PaypalCapture, ShippingAddress, ShippingMethod, User } from "@enclave/contract"
import { shippingAddressSchema } from "@enclave/contract/forms"
import { isSandboxPaymentId, isSandboxWalletOrder } from "@enclave/contract/values"
import { cartTotalCents, eurosToCents } from "@enclave/contract/money"
import type { Language } from "../../../i18n"
import { messageTranslator } from "../../../i18n/format"
import { useHydrated } from "../../../lib/client/hydrated"
import { withTypedValues } from "../../../lib/client/deferred"
import { userAddress } from "../../../lib/user-address"
import { useCheckoutCart } from "../hooks/useCheckoutCart"
import { useCheckoutSummary, type PricedSummary } from "../hooks/useCheckoutSummary"
import { useCheckoutStep } from "../hooks/useCheckoutStep"
import { usePaymentChoice } from "../hooks/usePaymentChoice"
import { usePendingPaypal } from "../hooks/usePendingPaypal"
import { useShippingMethods } from "../hooks/useShippingMethods"
import { AddressStep, type AddressForm } from "./AddressStep"
import { CheckoutSteps, EmptyCheckout } from "./CheckoutSteps"
import { OrderSummary } from "./OrderSummary"
import { PaymentStep, PendingPaypalPanel } from "./PaymentStep"
import { useOrderPlacement } from "./useOrderPlacement"
import type { PostedCheckout } from "../posted"

/** The server's field messages as react-hook-form holds errors. */
function fieldErrorsOf(errors: Record<string, string> | undefined): FieldErrors<AddressForm> | undefined {
  if (!errors || Object.keys(errors).length === 0) return undefined
  return Object.fromEntries(Object.entries(errors).map(([name, message]) => [name, { type: "server", message }]))
}

export interface CheckoutProps {
  language: Language
  /** The country select's options, made on the server (lib/countries.ts): the browser's country names differ from Node's. */
  countries: ReadonlyArray<{ value: string; label: string }>
  /** The texts this island shows (islandMessages of "checkout." and "common.loading"), so it ships no catalogue. */
  messages: Record<string, string>
  user: User
  cart: CartItem[]
  /** null when the server could not load them: the island loads them itself. */
  shippingMethods: ShippingMethod[] | null
  paymentMethods: PaymentMethods
  /** The server's summary for the customer's own address and that zone's default method; null when it could not be had. */
  summary: PricedSummary | null
  /** The server's answer to a form posted without JavaScript: the island goes on from there. */
  posted?: PostedCheckout | null
}

export default function CheckoutFlow({
  language,
  countries,
  messages,
  user,
  cart,
  shippingMethods,
  paymentMethods: initialPaymentMethods,
  summary: initialSummary,
  posted = null,
}: CheckoutProps) {
  const t = messageTranslator(messages)
  const ready = useHydrated()
  const placement = useOrderPlacement(t)
  const { phase, placed, finish } = placement
  const items = useCheckoutCart(user, cart, placed)

  const [addressDefaults] = useState(() => withTypedValues("address", posted ? (posted.values as AddressForm) : userAddress(user)))
  // The server's messages after a round trip; memoised, as react-hook-form sets them again whenever they change.
  const [serverErrors] = useState(() => fieldErrorsOf(posted?.errors))
  const form = useForm<AddressForm, unknown, ShippingAddress>({
    resolver: zodResolver(shippingAddressSchema),
    defaultValues: addressDefaults,
    errors: serverErrors,
  })
  const country = useWatch({ control: form.control, name: "country" }) ?? ""
  const state = useWatch({ control: form.control, name: "state" }) ?? ""
  const shipping = useShippingMethods(shippingMethods, country, posted)
  const [address, setAddress] = useState<ShippingAddress | null>(posted?.address ?? null)
  const steps = useCheckoutStep(placed, () => void form.handleSubmit(toPayment)(), posted?.address ? posted.step : 1)
  const payment = usePaymentChoice(initialPaymentMethods, steps.step === 2, posted?.choice ?? null)
  const pending = usePendingPaypal()

  const selected = shipping.selected
  const priced = useCheckoutSummary(initialSummary, shipping.countryCode, state, shipping.selectedId)
  // The server's figures once they are for this country and method (a reverse-charge business pays net
  // prices); until then the cart's gross prices, which the server checks the order's total against anyway.
  const summary = priced.current ? priced.summary : null
  const subtotalCents = cartTotalCents(items)
  const shippingCents = summary?.shippingCost != null ? eurosToCents(summary.shippingCost) : selected ? eurosToCents(selected.price) : null
  const totalCents = summary ? eurosToCents(summary.total) : subtotalCents + (shippingCents ?? 0)

  function toPayment(values: ShippingAddress) {
    if (!selected) {
      shipping.setMethodError(t("checkout.shipping.required"))
      return
    }
    setAddress(values)
    steps.openPayment()
  }

  function paypalCaptured(capture: PaypalCapture) {
    pending.completed()
    const { paymentMethods } = payment
    const sandbox =
      paymentMethods.paypalSandbox || isSandboxWalletOrder(capture) || isSandboxPaymentId(capture.paymentId) || capture.order.isTestPayment
    finish(capture.order, sandbox)
  }

  if (items.length === 0 && !placed.current) return <EmptyCheckout t={t} />

  return (
    <div className="co-layout">
      <div className="co-main">
        {pending.pendingPaypal && (
          <Suspense fallback={null}>
            <PendingPaypalPanel
              pending={pending.pendingPaypal}
              onCaptured={paypalCaptured}
              onDiscard={pending.discard}
              locked={phase !== "idle"}
              t={t}
            />
          </Suspense>
        )}
        <CheckoutSteps step={steps.step} t={t} />

        <AddressStep
          form={form}
          addressDefaults={addressDefaults}
          hidden={steps.step !== 1}
          heading={steps.step === 1 ? steps.stepHeading : undefined}
          onContinue={toPayment}
          methods={shipping.offered}
          selectedMethodId={shipping.selectedId}
          onSelectMethod={shipping.choose}
          onRetryMethods={shipping.retry}
          methodError={
            shipping.methodError ?? (posted?.methodMissing && shipping.selectedId === null ? t("checkout.shipping.required") : undefined)
          }
          countryKnown={shipping.countryCode !== null}
          countries={countries}
          language={language}
          t={t}
        />

        {steps.step === 2 && address && selected && (
          <PaymentStep
            heading={steps.stepHeading}
            address={address}
            method={selected}
            shippingCents={shippingCents!}
            totalCents={totalCents}
            userId={user.id}
            paymentMethods={payment.paymentMethods}
            choice={payment.choice}
            onChoose={payment.setChoice}
            onChoicesChanged={payment.readAgain}
            placement={placement}
            onBack={steps.backToShipping}
            ready={ready}
            refusal={posted?.step === 2 ? posted.refusal : null}
            language={language}
            t={t}
          />
        )}
      </div>

      <OrderSummary
        items={items}
        summary={priced.summary}
        current={priced.current}
        subtotal={subtotalCents / 100}
        shipping={shippingCents === null ? null : shippingCents / 100}
        total={totalCents / 100}
        method={selected}
        language={language}
        t={t}
      />
    </div>
  )
}
