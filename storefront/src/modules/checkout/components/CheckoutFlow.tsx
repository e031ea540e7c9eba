/**
 * The checkout island (docs/product.md §2 Checkout, §4 Checkout): step 1 address and shipping method, step 2
 * review and payment (card, PayPal, invoice for business customers, the simulated card), the order summary beside both. The page
 * renders it with the customer, cart, shipping methods and payment methods already loaded, so the
 * first paint needs no request from the browser. Each way to pay is its own component; placing the
 * order and what follows a successful payment is useOrderPlacement.
 */
import { lazy, Suspense, useEffect, useEffectEvent, useMemo, useRef, useState } from "react"
import { useForm, useWatch } from "react-hook-form"
import { zodResolver } from "@hookform/resolvers/zod"
import type { CartItem, PaymentMethods, PaypalCapture, ShippingAddress, ShippingMethod, User } from "@enclave/contract"
import { shippingAddressSchema } from "@enclave/contract/forms"
import {
  checkoutStorageKeys,
  INVOICE_PAYMENT_METHOD,
  isSandboxPaymentId,
  isSandboxWalletOrder,
  withOneDefaultPerZone,
} from "@enclave/contract/values"
import type { z } from "zod"
import type { Language } from "../../../i18n"
import { cartTotalCents, centsToEuros, eurosToCents, formatEuro } from "@enclave/contract/money"
import { messageTranslator } from "../../../i18n/format"
import { api } from "../../../lib/client/api"
import {
  clearPendingPaypalOrder,
  readPendingPaypalOrder,
  type PendingCardOrder,
  type PendingPaypalOrder,
} from "../../../lib/client/checkout-storage"
import { useHydrated } from "../../../lib/client/hydrated"
import { $cart, $user, setUser } from "../../../lib/client/stores"
import { addressMessageKey } from "../address-messages"
import { methodsForCountry, shippingCountryOf } from "../shipping-countries"
import { followAvailability, invoiceRefusal, offeredChoices, providersUnavailable, type PaymentChoice } from "../payment"
import { FormLoading, withTypedValues } from "../../../lib/client/deferred"
import { OrderSummary } from "./OrderSummary"
import { ShippingMethodPicker, type MethodsState } from "./ShippingMethodPicker"
import { useOrderPlacement, type OrderRequest } from "./useOrderPlacement"
import { userAddress } from "../../../lib/user-address"

// The payment step's code (the ways to pay, the review) is one chunk, fetched when the step opens or an
// unfinished PayPal order is offered, not with the address step.
const loadPaymentStep = () => import("./payment-step")
const CardPayment = lazy(() => loadPaymentStep().then((step) => ({ default: step.CardPayment })))
const InvoicePayment = lazy(() => loadPaymentStep().then((step) => ({ default: step.InvoicePayment })))
const OrderReview = lazy(() => loadPaymentStep().then((step) => ({ default: step.OrderReview })))
const PaymentChoicePicker = lazy(() => loadPaymentStep().then((step) => ({ default: step.PaymentChoicePicker })))
const PaypalPayment = lazy(() => loadPaymentStep().then((step) => ({ default: step.PaypalPayment })))
const PendingPaypalPanel = lazy(() => loadPaymentStep().then((step) => ({ default: step.PendingPaypalPanel })))
const SimulatedCard = lazy(() => loadPaymentStep().then((step) => ({ default: step.SimulatedCard })))

export interface CheckoutProps {
  language: Language
  /** The texts this island shows (islandMessages of "checkout." and "common.loading"), so it ships no catalogue. */
  messages: Record<string, string>
  user: User
  cart: CartItem[]
  /** null when the server could not load them: the island loads them itself. */
  shippingMethods: ShippingMethod[] | null
  paymentMethods: PaymentMethods
}

type AddressForm = z.input<typeof shippingAddressSchema>

const addressFields = [
  { name: "fullName", autoComplete: "name", wide: true },
  { name: "addressLine1", autoComplete: "address-line1", wide: true },
  { name: "addressLine2", autoComplete: "address-line2", wide: true },
  { name: "city", autoComplete: "address-level2" },
  { name: "state", autoComplete: "address-level1" },
  { name: "postalCode", autoComplete: "postal-code" },
  { name: "country", autoComplete: "country-name" },
] as const

function activeMethods(methods: ShippingMethod[]): ShippingMethod[] {
  return withOneDefaultPerZone(methods.filter((m) => m.isActive))
}

/** Fetches the shipping methods on offer, telling `setMethods` the outcome. */
function fetchMethods(setMethods: (state: MethodsState) => void) {
  api
    .get<ShippingMethod[]>("/api/shipping-methods")
    .then((list) => setMethods({ kind: "loaded", methods: activeMethods(list) }))
    .catch(() => setMethods({ kind: "failed" }))
}

export default function CheckoutFlow({
  language,
  messages,
  user,
  cart,
  shippingMethods,
  paymentMethods: initialPaymentMethods,
}: CheckoutProps) {
  const t = messageTranslator(messages)
  const price = (amount: number | string) => formatEuro(amount, language)

  const [step, setStep] = useState<1 | 2>(1)
  const [items, setItems] = useState(cart)
  const [methods, setMethods] = useState<MethodsState>(shippingMethods ? { kind: "loaded", methods: shippingMethods } : { kind: "loading" })
  const [addressDefaults] = useState(() => withTypedValues("address", userAddress(user)))
  const form = useForm<AddressForm, unknown, ShippingAddress>({
    resolver: zodResolver(shippingAddressSchema),
    defaultValues: addressDefaults,
  })
  const { errors } = form.formState
  // Only the methods that ship to the address's country are offered, re-filtered as it changes.
  const country = useWatch({ control: form.control, name: "country" }) ?? ""
  const allMethods = methods.kind === "loaded" ? methods.methods : null
  const countryCode = allMethods ? shippingCountryOf(allMethods, country) : null
  const loadedMethods = useMemo(() => (allMethods ? methodsForCountry(allMethods, countryCode) : []), [allMethods, countryCode])
  const offered: MethodsState = methods.kind === "loaded" ? { kind: "loaded", methods: loadedMethods } : methods
  const [selectedId, setSelectedId] = useState<number | null>(() => loadedMethods.find((m) => m.isDefault)?.id ?? null)
  const [methodError, setMethodError] = useState<string | undefined>()
  const [address, setAddress] = useState<ShippingAddress | null>(null)
  const [paymentMethods, setPaymentMethods] = useState(initialPaymentMethods)
  const [choice, setChoice] = useState<PaymentChoice | null>(() => followAvailability(null, initialPaymentMethods))
  const [paying, setPaying] = useState(false)
  const [pendingPaypal, setPendingPaypal] = useState<PendingPaypalOrder | null>(null)
  const { phase, orderError, placed, finish, placeOrder } = useOrderPlacement(t)
  const stepHeading = useRef<HTMLHeadingElement>(null)
  const ready = useHydrated()
  const firstRender = useRef(true)

  // The shared stores learn who is signed in (the header and cart panel read them); the cart on
  // this page follows later changes (e.g. from the cart panel) until the order is placed.
  useEffect(() => {
    if ($user.get() === undefined) setUser(user)
    return $cart.listen((next) => {
      if (!placed.current) setItems([...next])
    })
  }, [user, placed])

  // Methods the server could not load are loaded here (the state starts as loading), with a retry.
  useEffect(() => {
    if (!shippingMethods) fetchMethods(setMethods)
  }, [shippingMethods])
  const loadMethods = () => {
    setMethods({ kind: "loading" })
    fetchMethods(setMethods)
  }

  // docs/product.md §4: the default method is preselected and its id kept in session storage. A choice made
  // earlier in this browser session is kept while that method is offered; when the country moves
  // to another zone, that zone's default takes its place.
  const preselectMethod = useEffectEvent(() => {
    if (methods.kind !== "loaded" || loadedMethods.length === 0) return
    let stored: number | null = null
    try {
      stored = Number(sessionStorage.getItem(checkoutStorageKeys.shippingMethodId)) || null
    } catch {
      // storage can be unavailable (privacy settings): the choice then lives only in this page
    }
    const keep = [stored, selectedId].find((id) => id !== null && loadedMethods.some((m) => m.id === id))
    chooseMethod(keep ?? loadedMethods.find((m) => m.isDefault)?.id ?? loadedMethods[0]!.id)
  })
  useEffect(() => preselectMethod(), [loadedMethods])

  function chooseMethod(id: number) {
    setSelectedId(id)
    setMethodError(undefined)
    try {
      sessionStorage.setItem(checkoutStorageKeys.shippingMethodId, String(id))
    } catch {
      // see above
    }
  }

  // docs/product.md §4: a PayPal order left unfinished in this browser session (the customer came back without
  // PayPal's redirect) is offered for completion. Storage exists only in the browser, hence after mount.
  useEffect(() => {
    // eslint-disable-next-line react-hooks/set-state-in-effect -- read after hydration, so the server's HTML and the first render agree
    setPendingPaypal(readPendingPaypalOrder(checkoutStorageKeys))
    // Also when the browser's back button restores this page from its back/forward cache.
    const onShow = (event: PageTransitionEvent) => {
      if (event.persisted) setPendingPaypal(readPendingPaypalOrder(checkoutStorageKeys))
    }
    window.addEventListener("pageshow", onShow)
    return () => window.removeEventListener("pageshow", onShow)
  }, [])

  // docs/product.md §4: the payment step follows the admin's current settings; a provider switched off since the
  // page loaded gives way to the other one.
  const [methodsVersion, setMethodsVersion] = useState(0)
  useEffect(() => {
    if (step !== 2) return
    let current = true
    api
      .get<PaymentMethods>("/api/payment-methods")
      .then((latest) => {
        if (!current) return
        setPaymentMethods(latest)
        setChoice((chosen) => followAvailability(chosen, latest))
      })
      .catch(() => undefined)
    return () => {
      current = false
    }
  }, [step, methodsVersion])

  // Browser back and forward move between the steps too.
  useEffect(() => {
    const onPop = (event: PopStateEvent) => {
      const wanted = (event.state as { checkoutStep?: number } | null)?.checkoutStep === 2 ? 2 : 1
      if (wanted === 2) void form.handleSubmit(toPayment)()
      else if (!placed.current) setStep(1)
    }
    window.addEventListener("popstate", onPop)
    return () => window.removeEventListener("popstate", onPop)
  })

  // Each step starts at its heading, for keyboard and screen reader users.
  useEffect(() => {
    if (firstRender.current) {
      firstRender.current = false
      return
    }
    // A new step is like a new page: back to the top (docs/product.md §2), the step's heading focused.
    window.scrollTo({ top: 0 })
    stepHeading.current?.focus({ preventScroll: true })
  }, [step])

  const selected = loadedMethods.find((m) => m.id === selectedId) ?? null
  const subtotalCents = cartTotalCents(items)
  const shippingCents = selected ? eurosToCents(selected.price) : null
  const totalCents = subtotalCents + (shippingCents ?? 0)

  function toPayment(values: ShippingAddress) {
    if (!selected) {
      setMethodError(t("checkout.shipping.required"))
      return
    }
    setAddress(values)
    if (step !== 2) {
      setStep(2)
      if ((history.state as { checkoutStep?: number } | null)?.checkoutStep !== 2) {
        history.pushState({ ...(history.state ?? {}), checkoutStep: 2 }, "")
      }
    }
  }

  function backToShipping() {
    if ((history.state as { checkoutStep?: number } | null)?.checkoutStep === 2) history.back()
    else setStep(1)
  }

  function orderFor(paymentId: string): PendingCardOrder {
    return {
      paymentMethod: "stripe",
      paymentId,
      shippingAddress: address!,
      shippingMethod: selected!.id,
      shippingCost: centsToEuros(shippingCents!),
      total: centsToEuros(totalCents),
    }
  }

  /** Pay by invoice: the order without a payment id (nothing is paid yet). */
  function invoiceOrder(): OrderRequest {
    return {
      paymentMethod: INVOICE_PAYMENT_METHOD,
      shippingAddress: address!,
      shippingMethod: selected!.id,
      shippingCost: centsToEuros(shippingCents!),
      total: centsToEuros(totalCents),
    }
  }

  /**
   * The server's refusal of an invoice order in the customer's language. When invoice is no longer
   * theirs to choose (switched off, or no longer a business account) the ways to pay are read again,
   * so the choice goes away while the message says why.
   */
  function explainInvoiceRefusal(error: { serverMessage: string }): string | null {
    const refusal = invoiceRefusal(error.serverMessage)
    if (!refusal) return null
    if (!refusal.minimumTotal) setMethodsVersion((version) => version + 1)
    return t(refusal.key, { amount: refusal.minimumTotal ? price(refusal.minimumTotal) : "" })
  }

  function paypalCaptured(capture: PaypalCapture) {
    setPendingPaypal(null)
    const sandbox =
      paymentMethods.paypalSandbox || isSandboxWalletOrder(capture) || isSandboxPaymentId(capture.paymentId) || capture.order.isTestPayment
    finish(capture.order, sandbox)
  }

  function discardPendingPaypal() {
    clearPendingPaypalOrder(checkoutStorageKeys)
    setPendingPaypal(null)
  }

  const fieldError = (message: string | undefined) => {
    if (!message) return undefined
    const key = addressMessageKey(message)
    return key ? t(key) : message
  }

  if (items.length === 0 && !placed.current) {
    return (
      <div className="co-empty">
        <h2>{t("checkout.empty.title")}</h2>
        <p>{t("checkout.empty.text")}</p>
        <a className="button button--primary" href="/products">
          {t("checkout.empty.action")}
        </a>
      </div>
    )
  }

  const choices = offeredChoices(paymentMethods)
  const locked = phase !== "idle"
  const amountLabel = price(totalCents / 100)
  const placingStatus = phase === "placing" ? t("checkout.card.placing") : phase === "done" ? t("checkout.card.done") : ""

  return (
    <div className="co-layout">
      <div className="co-main">
        {pendingPaypal && (
          <Suspense fallback={null}>
            <PendingPaypalPanel
              pending={pendingPaypal}
              onCaptured={paypalCaptured}
              onDiscard={discardPendingPaypal}
              locked={locked}
              t={t}
            />
          </Suspense>
        )}
        <ol className="co-steps" aria-label={t("checkout.steps")}>
          <li
            className={step === 1 ? "co-steps__item co-steps__item--current" : "co-steps__item co-steps__item--done"}
            aria-current={step === 1 ? "step" : undefined}
          >
            <span className="co-steps__number" aria-hidden="true">
              1
            </span>
            {t("checkout.step.shipping")}
          </li>
          <li
            className={step === 2 ? "co-steps__item co-steps__item--current" : "co-steps__item"}
            aria-current={step === 2 ? "step" : undefined}
          >
            <span className="co-steps__number" aria-hidden="true">
              2
            </span>
            {t("checkout.step.payment")}
          </li>
        </ol>

        <section hidden={step !== 1} aria-labelledby="step-shipping-title">
          <form className="co-card" noValidate onSubmit={form.handleSubmit(toPayment)}>
            <h2 id="step-shipping-title" ref={step === 1 ? stepHeading : undefined} tabIndex={-1} className="co-card__title">
              <span className="visually-hidden">{t("checkout.step", { number: 1 })}: </span>
              {t("checkout.address.title")}
            </h2>
            <div className="co-fields">
              {addressFields.map((field) => {
                const id = `address-${field.name}`
                const message = fieldError(errors[field.name]?.message)
                return (
                  <div key={field.name} className={`field co-field${"wide" in field ? " co-field--wide" : ""}`}>
                    <label htmlFor={id}>{t(`checkout.address.${field.name}`)}</label>
                    <input
                      id={id}
                      // Said outright: autofill tokens belong to text inputs, and checkers (HTML_CodeSniffer H98) read the attribute, not the default.
                      type="text"
                      className="input"
                      autoComplete={field.autoComplete}
                      aria-invalid={message ? true : undefined}
                      aria-describedby={message ? `${id}-error` : undefined}
                      aria-required={field.name === "addressLine2" ? undefined : true}
                      // In the server's HTML too, so the address shows before the form's code is there.
                      defaultValue={addressDefaults[field.name] ?? ""}
                      {...form.register(field.name)}
                    />
                    {message && (
                      <p id={`${id}-error`} className="co-field__error">
                        {message}
                      </p>
                    )}
                  </div>
                )
              })}
            </div>

            <h2 className="co-card__title co-card__title--sub">{t("checkout.shipping.title")}</h2>
            <ShippingMethodPicker
              state={offered}
              selectedId={selectedId}
              onSelect={chooseMethod}
              onRetry={loadMethods}
              language={language}
              t={t}
              error={methodError}
            />

            <p className="co-privacy">
              <svg
                width="18"
                height="18"
                viewBox="0 0 24 24"
                fill="none"
                stroke="currentColor"
                strokeWidth="2"
                aria-hidden="true"
                focusable="false"
              >
                <path d="M12 3 4 6v6c0 5 3.4 8.6 8 9.9 4.6-1.3 8-4.9 8-9.9V6l-8-3Z" />
              </svg>
              {t("checkout.privacy")}
            </p>

            <div className="co-actions">
              <a className="button button--ghost" href="/">
                {t("checkout.back.shopping")}
              </a>
              <button type="submit" className="button button--primary" disabled={!ready}>
                {t("checkout.continue")}
              </button>
            </div>
          </form>
        </section>

        {step === 2 && address && selected && (
          <section aria-labelledby="step-payment-title" className="co-card">
            <h2 id="step-payment-title" ref={stepHeading} tabIndex={-1} className="co-card__title">
              <span className="visually-hidden">{t("checkout.step", { number: 2 })}: </span>
              {t("checkout.payment.review")}
            </h2>
            {/* The heading stays outside: it takes the focus as the step opens, before the step's code is there. */}
            <Suspense fallback={<FormLoading text={t("common.loading")} />}>
              <OrderReview address={address} method={selected} choice={choice} language={language} t={t} />

              <h2 className="co-card__title co-card__title--sub">{t("checkout.payment.title")}</h2>
              {providersUnavailable(paymentMethods) &&
                // With both providers off the sandbox card may still be offered: then it is the one way to pay, and a test.
                (choices.includes("simulated") ? (
                  <div className="co-notice" role="note" data-testid="payment-notice">
                    <p className="co-notice__title">{t("checkout.payment.testOnlyTitle")}</p>
                    <p>{t("checkout.payment.testOnlyText")}</p>
                  </div>
                ) : (
                  <div className="co-notice" role="note" data-testid="payment-notice">
                    <p className="co-notice__title">{t("checkout.payment.unavailableTitle")}</p>
                    <p>{t("checkout.payment.unavailableText")}</p>
                  </div>
                ))}

              {choices.length > 0 && (
                <PaymentChoicePicker
                  choices={choices}
                  value={choice}
                  onChange={setChoice}
                  methods={paymentMethods}
                  disabled={paying || locked}
                  t={t}
                />
              )}

              <div className="co-payment">
                {/* Its own boundary: a way to pay shown for the first time waits for itself, not with the choices above it. */}
                <Suspense fallback={null}>
                  {choice === "card" && (
                    <CardPayment
                      // A new total or address needs a new PaymentIntent.
                      key={`${selected.id}-${totalCents}-${JSON.stringify(address)}`}
                      address={address}
                      shippingMethodId={selected.id}
                      totalCents={totalCents}
                      amountLabel={amountLabel}
                      language={language}
                      sandbox={paymentMethods.stripeSandbox}
                      orderFor={orderFor}
                      onPaid={placeOrder}
                      locked={locked}
                      onBusyChange={setPaying}
                      t={t}
                    />
                  )}
                  {choice === "paypal" && (
                    <PaypalPayment
                      address={address}
                      shippingMethodId={selected.id}
                      totalCents={totalCents}
                      userId={user.id}
                      amountLabel={amountLabel}
                      sandbox={paymentMethods.paypalSandbox}
                      locked={locked}
                      onBusyChange={setPaying}
                      t={t}
                    />
                  )}
                  {choice === "invoice" && (
                    <InvoicePayment
                      amount={amountLabel}
                      phase={phase}
                      onPlace={() => placeOrder(invoiceOrder(), false, explainInvoiceRefusal)}
                      onBusyChange={setPaying}
                      t={t}
                    />
                  )}
                  {choice === "simulated" && (
                    <SimulatedCard
                      amount={amountLabel}
                      phase={phase}
                      onPaid={(paymentId) => placeOrder(orderFor(paymentId), true)}
                      onBusyChange={setPaying}
                      t={t}
                    />
                  )}
                </Suspense>
                <p className="visually-hidden" role="status">
                  {/* The simulated card and the invoice say it in their own status line. */}
                  {choice === "simulated" || choice === "invoice" ? "" : placingStatus}
                </p>
                {orderError && (
                  <p className="co-field__error co-pay__error" role="alert" data-testid="order-error">
                    {orderError}
                  </p>
                )}
              </div>
            </Suspense>

            <div className="co-actions">
              <button type="button" className="button button--ghost" onClick={backToShipping} disabled={paying || locked}>
                {t("checkout.back.shipping")}
              </button>
            </div>
          </section>
        )}
      </div>

      <OrderSummary
        items={items}
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
