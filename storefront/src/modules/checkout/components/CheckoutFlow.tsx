/**
 * The checkout island (SPEC §2 Checkout, §4 Checkout): step 1 address and shipping method, step 2
 * review and the simulated card, the order summary beside both. The page renders it with the
 * customer, cart, shipping methods and payment methods already loaded, so the first paint needs no
 * request from the browser.
 */
import { useEffect, useRef, useState } from "react"
import { useForm } from "react-hook-form"
import { zodResolver } from "@hookform/resolvers/zod"
import { useStore } from "@nanostores/react"
import {
  shippingAddressSchema,
  withOneDefault,
  type CartItem,
  type Order,
  type PaymentMethods,
  type ShippingAddress,
  type ShippingMethod,
  type User,
} from "@enclave/contract"
import type { z } from "zod"
import { formatPrice, translator, type Language } from "../../../i18n"
import { api, ApiRequestError } from "../../../lib/client/api"
import { $cart, $user, refreshCart, setUser, showToast } from "../../../lib/client/stores"
import { addressMessageKey } from "../address-messages"
import { OrderSummary } from "./OrderSummary"
import { ShippingMethodPicker, type MethodsState } from "./ShippingMethodPicker"

/** SPEC §3/§4: the selected shipping method id is kept in session storage (it survives the wallet redirect). */
export const SHIPPING_METHOD_STORAGE_KEY = "selectedShippingMethodId"
/** SPEC §9: the simulated card takes 2 s; after the order, the next page comes 1.5 s later. */
const SIMULATED_CARD_DELAY_MS = 2000
const REDIRECT_AFTER_ORDER_MS = 1500
/** SPEC §2: the simulated card is prefilled with a fixed test card. */
const TEST_CARD = { number: "4242 4242 4242 4242", expiry: "12/25", cvc: "123" }

interface Props {
  language: Language
  user: User
  cart: CartItem[]
  /** null when the server could not load them: the island loads them itself. */
  shippingMethods: ShippingMethod[] | null
  paymentMethods: PaymentMethods
}

type AddressForm = z.input<typeof shippingAddressSchema>
type PayState = "idle" | "processing" | "placing" | "done"

const addressFields = [
  { name: "fullName", autoComplete: "name", wide: true },
  { name: "addressLine1", autoComplete: "address-line1", wide: true },
  { name: "addressLine2", autoComplete: "address-line2", wide: true },
  { name: "city", autoComplete: "address-level2" },
  { name: "state", autoComplete: "address-level1" },
  { name: "postalCode", autoComplete: "postal-code" },
  { name: "country", autoComplete: "country-name" },
] as const

const cents = (amount: string | number) => Math.round(Number(amount) * 100)

function sandboxPaymentId(): string {
  const bytes = new Uint8Array(8)
  crypto.getRandomValues(bytes)
  return "str-" + Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("")
}

function activeMethods(methods: ShippingMethod[]): ShippingMethod[] {
  return withOneDefault(methods.filter((m) => m.isActive))
}

export default function CheckoutFlow({ language, user, cart, shippingMethods, paymentMethods }: Props) {
  const t = translator(language)
  const price = (amount: number | string) => formatPrice(language, amount)

  const [step, setStep] = useState<1 | 2>(1)
  const [items, setItems] = useState(cart)
  const [methods, setMethods] = useState<MethodsState>(
    shippingMethods ? { kind: "loaded", methods: shippingMethods } : { kind: "loading" },
  )
  const loadedMethods = methods.kind === "loaded" ? methods.methods : []
  const [selectedId, setSelectedId] = useState<number | null>(() => loadedMethods.find((m) => m.isDefault)?.id ?? null)
  const [methodError, setMethodError] = useState<string | undefined>()
  const [address, setAddress] = useState<ShippingAddress | null>(null)
  const [payState, setPayState] = useState<PayState>("idle")
  const [payError, setPayError] = useState<string | null>(null)
  const placed = useRef(false)
  const stepHeading = useRef<HTMLHeadingElement>(null)
  const firstRender = useRef(true)

  const form = useForm<AddressForm, unknown, ShippingAddress>({
    resolver: zodResolver(shippingAddressSchema),
    defaultValues: {
      fullName: user.fullName ?? "",
      addressLine1: user.addressLine1 ?? "",
      addressLine2: user.addressLine2 ?? "",
      city: user.city ?? "",
      state: user.state ?? "",
      postalCode: user.postalCode ?? "",
      country: user.country ?? "",
    },
  })
  const { errors } = form.formState

  // The shared stores learn who is signed in (the header and cart panel read them); the cart on
  // this page follows later changes (e.g. from the cart panel) until the order is placed.
  useEffect(() => {
    if ($user.get() === undefined) setUser(user)
    return $cart.listen((next) => {
      if (!placed.current) setItems([...next])
    })
  }, [user])

  // Methods the server could not load are loaded here, with a loading state and a retry.
  const loadMethods = () => {
    setMethods({ kind: "loading" })
    api
      .get<ShippingMethod[]>("/api/shipping-methods")
      .then((list) => setMethods({ kind: "loaded", methods: activeMethods(list) }))
      .catch(() => setMethods({ kind: "failed" }))
  }
  useEffect(() => {
    if (!shippingMethods) loadMethods()
  }, [])

  // SPEC §4: the default method is preselected and its id kept in session storage. A choice made
  // earlier in this browser session is kept when that method still exists.
  useEffect(() => {
    if (methods.kind !== "loaded" || methods.methods.length === 0) return
    let stored: number | null = null
    try {
      stored = Number(sessionStorage.getItem(SHIPPING_METHOD_STORAGE_KEY)) || null
    } catch {
      // storage can be unavailable (privacy settings): the choice then lives only in this page
    }
    const keep = [stored, selectedId].find((id) => id !== null && methods.methods.some((m) => m.id === id))
    chooseMethod(keep ?? methods.methods.find((m) => m.isDefault)?.id ?? methods.methods[0]!.id)
  }, [methods])

  function chooseMethod(id: number) {
    setSelectedId(id)
    setMethodError(undefined)
    try {
      sessionStorage.setItem(SHIPPING_METHOD_STORAGE_KEY, String(id))
    } catch {
      // see above
    }
  }

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
    // A new step is like a new page: back to the top (SPEC §2), the step's heading focused.
    window.scrollTo({ top: 0 })
    stepHeading.current?.focus({ preventScroll: true })
  }, [step])

  const selected = loadedMethods.find((m) => m.id === selectedId) ?? null
  const subtotalCents = items.reduce((sum, item) => sum + cents(item.product.price) * item.quantity, 0)
  const shippingCents = selected ? cents(selected.price) : null
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

  async function pay() {
    if (!address || !selected || payState !== "idle") return
    setPayError(null)
    setPayState("processing")
    await new Promise((resolve) => setTimeout(resolve, SIMULATED_CARD_DELAY_MS))
    const paymentId = sandboxPaymentId()
    setPayState("placing")
    try {
      const order = await api.post<Order>("/api/orders", {
        shippingAddress: address,
        shippingMethod: selected.id,
        shippingCost: (shippingCents! / 100).toFixed(2),
        paymentMethod: "stripe",
        paymentId,
        total: (totalCents / 100).toFixed(2),
      })
      placed.current = true
      setPayState("done")
      // SPEC §4: after payment the cart is cleared (the order took its items) and a toast shown.
      refreshCart().catch(() => $cart.set([]))
      showToast({ title: t("checkout.toast.testOrderTitle"), description: t("checkout.toast.testOrderText") })
      setTimeout(() => window.location.assign(`/checkout/success?orderId=${order.id}`), REDIRECT_AFTER_ORDER_MS)
    } catch (error) {
      setPayState("idle")
      const serverMessage = error instanceof ApiRequestError ? error.serverMessage : null
      const text = t("checkout.toast.orderFailedText")
      setPayError(serverMessage ? `${text} ${serverMessage}` : text)
      showToast({
        title: t("checkout.toast.orderFailedTitle"),
        description: serverMessage ? `${text} ${serverMessage}` : text,
        variant: "destructive",
      })
      // A stock or price change on the server shows up in the summary.
      refreshCart().catch(() => undefined)
    }
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

  const busy = payState !== "idle"
  const paymentStatus =
    payState === "processing"
      ? t("checkout.card.processing")
      : payState === "placing"
        ? t("checkout.card.placing")
        : payState === "done"
          ? t("checkout.card.done")
          : ""

  return (
    <div className="co-layout">
      <div className="co-main">
        <ol className="co-steps" aria-label={t("checkout.steps")}>
          <li className={step === 1 ? "co-steps__item co-steps__item--current" : "co-steps__item co-steps__item--done"} aria-current={step === 1 ? "step" : undefined}>
            <span className="co-steps__number" aria-hidden="true">1</span>
            {t("checkout.step.shipping")}
          </li>
          <li className={step === 2 ? "co-steps__item co-steps__item--current" : "co-steps__item"} aria-current={step === 2 ? "step" : undefined}>
            <span className="co-steps__number" aria-hidden="true">2</span>
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
                      className="input"
                      autoComplete={field.autoComplete}
                      aria-invalid={message ? true : undefined}
                      aria-describedby={message ? `${id}-error` : undefined}
                      aria-required={field.name === "addressLine2" ? undefined : true}
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
              state={methods}
              selectedId={selectedId}
              onSelect={chooseMethod}
              onRetry={loadMethods}
              language={language}
              t={t}
              error={methodError}
            />

            <p className="co-privacy">
              <svg width="18" height="18" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true" focusable="false">
                <path d="M12 3 4 6v6c0 5 3.4 8.6 8 9.9 4.6-1.3 8-4.9 8-9.9V6l-8-3Z" />
              </svg>
              {t("checkout.privacy")}
            </p>

            <div className="co-actions">
              <a className="button button--ghost" href="/">
                {t("checkout.back.shopping")}
              </a>
              <button type="submit" className="button button--primary">
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
            <dl className="co-review">
              <div>
                <dt>{t("checkout.payment.shipTo")}</dt>
                <dd data-testid="review-address">
                  {address.fullName}
                  <br />
                  {address.addressLine1}
                  {address.addressLine2 ? (
                    <>
                      <br />
                      {address.addressLine2}
                    </>
                  ) : null}
                  <br />
                  {address.postalCode} {address.city}, {address.state}
                  <br />
                  {address.country}
                </dd>
              </div>
              <div>
                <dt>{t("checkout.payment.method")}</dt>
                <dd data-testid="review-method">
                  {selected.name} · {price(selected.price)}
                </dd>
              </div>
              <div>
                <dt>{t("checkout.payment.choice")}</dt>
                <dd>{t("checkout.payment.choiceSandbox")}</dd>
              </div>
            </dl>

            <h2 className="co-card__title co-card__title--sub">{t("checkout.payment.title")}</h2>
            {!paymentMethods.stripe && !paymentMethods.paypal && (
              <div className="co-notice" role="note">
                <p className="co-notice__title">{t("checkout.payment.unavailableTitle")}</p>
                <p>{t("checkout.payment.unavailableText")}</p>
              </div>
            )}

            <div className="co-testcard">
              <p className="co-testcard__title">
                <span className="badge badge--accent">Sandbox</span> {t("checkout.card.title")}
              </p>
              <p className="co-testcard__note">{t("checkout.payment.sandboxNote")}</p>
              <div className="co-fields">
                <div className="field co-field co-field--wide">
                  <label htmlFor="card-number">{t("checkout.card.number")}</label>
                  <input id="card-number" className="input" value={TEST_CARD.number} disabled readOnly />
                </div>
                <div className="field co-field">
                  <label htmlFor="card-expiry">{t("checkout.card.expiry")}</label>
                  <input id="card-expiry" className="input" value={TEST_CARD.expiry} disabled readOnly />
                </div>
                <div className="field co-field">
                  <label htmlFor="card-cvc">{t("checkout.card.cvc")}</label>
                  <input id="card-cvc" className="input" value={TEST_CARD.cvc} disabled readOnly />
                </div>
              </div>
              <button type="button" className="button button--accent co-pay" onClick={pay} aria-disabled={busy || undefined} disabled={payState === "done"}>
                {busy && payState !== "done" && <span className="co-spinner co-spinner--light" aria-hidden="true" />}
                {busy ? paymentStatus : t("checkout.card.pay", { amount: price(totalCents / 100) })}
              </button>
              <p className="visually-hidden" role="status">
                {paymentStatus}
              </p>
              {payError && (
                <p className="co-field__error co-pay__error" role="alert">
                  {payError}
                </p>
              )}
            </div>

            <div className="co-actions">
              <button type="button" className="button button--ghost" onClick={backToShipping} disabled={payState === "done"}>
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
        language={language}
        t={t}
      />
    </div>
  )
}
