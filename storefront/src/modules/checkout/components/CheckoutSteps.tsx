/** The two steps of checkout as a list that says which is current, and what shows instead when the cart is empty. */
import type { Translate } from "../../../i18n"

export function CheckoutSteps({ step, t }: { step: 1 | 2; t: Translate }) {
  return (
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
  )
}

/** docs/product.md §2: 'Your Cart is Empty' with a way back to the products. */
export function EmptyCheckout({ t }: { t: Translate }) {
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
