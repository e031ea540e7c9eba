/**
 * Step 2 as a plain form (docs/product.md §2 Checkout "Without JavaScript"): what the server renders, and what a
 * browser without JavaScript posts to /checkout. It carries step 1's address, the method and the total it
 * showed, and offers the ways to pay that need no script (PayPal by redirect, the invoice, the sandbox card);
 * the card form needs Stripe's script, so it says so. Once the island runs, PaymentStep's widgets replace it.
 */
import type { PaymentMethods, ShippingAddress, ShippingMethod } from "@enclave/contract"
import { centsToEuros, formatEuro } from "@enclave/contract/money"
import type { Language, Translate } from "../../../i18n"
import { offeredChoices, providersUnavailable, type PaymentChoice } from "../payment"
import { OrderReview } from "./OrderReview"
import { PaymentChoicePicker } from "./PaymentChoicePicker"
import { PaymentNotice } from "./PaymentNotice"

interface Props {
  address: ShippingAddress
  method: ShippingMethod
  shippingCents: number
  totalCents: number
  paymentMethods: PaymentMethods
  choice: PaymentChoice | null
  /** Why the last payment was refused, in the page's language. */
  refusal: string | null
  language: Language
  t: Translate
}

const keep = () => undefined

export function PaymentForm({ address, method, shippingCents, totalCents, paymentMethods, choice, refusal, language, t }: Props) {
  const offered = offeredChoices(paymentMethods)
  const choices = offered.filter((way) => way !== "card")
  const chosen = choices.find((way) => way === choice) ?? choices[0] ?? null
  return (
    <form method="post" action="/checkout" className="co-payform">
      <input type="hidden" name="step" value="pay" />
      {Object.entries(address).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value ?? ""} />
      ))}
      <input type="hidden" name="shippingMethod" value={method.id} />
      <input type="hidden" name="shippingCost" value={centsToEuros(shippingCents)} />
      <input type="hidden" name="total" value={centsToEuros(totalCents)} />

      <OrderReview address={address} method={method} choice={chosen} language={language} t={t} />
      <h2 className="co-card__title co-card__title--sub">{t("checkout.payment.title")}</h2>
      {providersUnavailable(paymentMethods) && <PaymentNotice testOnly={choices.includes("simulated")} t={t} />}
      {offered.includes("card") && (
        <p className="co-notice" role="note" data-testid="card-needs-script">
          {t(choices.length > 0 ? "checkout.payment.cardNeedsScript" : "checkout.payment.cardOnlyNeedsScript")}
        </p>
      )}
      {choices.length > 0 && (
        <PaymentChoicePicker choices={choices} value={chosen} onChange={keep} methods={paymentMethods} disabled={false} t={t} />
      )}
      {refusal && (
        <p className="co-field__error co-pay__error" role="alert" data-testid="order-error">
          {refusal}
        </p>
      )}
      {chosen && (
        <button type="submit" className="button button--accent co-pay">
          {t("checkout.payment.placeOrder", { amount: formatEuro(totalCents / 100, language) })}
        </button>
      )}
      <div className="co-actions">
        <button type="submit" name="back" value="1" className="button button--ghost">
          {t("checkout.back.shipping")}
        </button>
      </div>
    </form>
  )
}
