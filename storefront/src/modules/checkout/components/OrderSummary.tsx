import type { CartItem, CheckoutSummary, ShippingMethod } from "@enclave/contract"
import { deliveryEstimate, productName, shippingMethodName } from "@enclave/contract/values"
import type { Language, Translate } from "../../../i18n"
import { eurosToCents, formatEuro } from "@enclave/contract/money"
import { productImageUrl } from "../../../lib/images"
import { vatLines } from "../../../lib/vat"

interface Props {
  items: CartItem[]
  /**
   * The server's figures for the typed country and the chosen method (useCheckoutSummary): the amounts
   * charged and the VAT they contain. Null while the country is unknown: the cart's gross prices show.
   */
  summary: CheckoutSummary | null
  /** Whether the summary is for the country and method chosen now (else it is being asked again). */
  current: boolean
  /** The cart's own figures in euros, for while there is no summary; shipping null while no method is chosen. */
  subtotal: number
  shipping: number | null
  total: number
  /** The chosen shipping method: the note states its delivery estimate (null while none is chosen). */
  method: ShippingMethod | null
  language: Language
  t: Translate
}

const icon = {
  width: 18,
  height: 18,
  viewBox: "0 0 24 24",
  fill: "none",
  stroke: "currentColor",
  strokeWidth: 2,
  strokeLinecap: "round" as const,
  strokeLinejoin: "round" as const,
  "aria-hidden": true,
  focusable: false,
}

/**
 * docs/product.md §2 order summary sidebar: items, subtotal, shipping, total, the VAT it contains (per
 * rate, or the reverse charge's net prices, or an export without VAT), trust badges.
 */
export function OrderSummary({ items, summary, current, subtotal, shipping, total, method, language, t }: Props) {
  const price = (amount: number | string) => formatEuro(amount, language)
  const estimate = method ? deliveryEstimate(method, language) : null
  const lineTotal = (item: CartItem) =>
    summary?.items.find((line) => line.id === item.id)?.total ?? (eurosToCents(item.product.price) * item.quantity) / 100
  const shown = summary
    ? { subtotal: summary.subtotal, shipping: summary.shippingCost, total: summary.total }
    : { subtotal, shipping, total }
  const vat = vatLines(summary ?? {}, language, t, "checkout.summary")
  return (
    <aside className="co-summary" aria-labelledby="order-summary-title">
      <h2 id="order-summary-title" className="co-summary__title">
        {t("checkout.summary.title")}
      </h2>
      <ul className="co-summary__items" aria-label={t("checkout.summary.items")}>
        {items.map((item) => (
          <li key={item.id} className="co-summary__item">
            <img src={productImageUrl(item.product.imageUrl)} alt="" width={56} height={56} loading="lazy" />
            <span className="co-summary__item-text">
              <span className="co-summary__item-name">{productName(item.product, language)}</span>
              <span className="co-summary__item-qty">{t("checkout.summary.quantity", { quantity: item.quantity })}</span>
            </span>
            <span className="co-summary__item-total">{price(lineTotal(item))}</span>
          </li>
        ))}
      </ul>
      <dl className="co-summary__totals" aria-busy={summary !== null && !current}>
        <div>
          <dt>{t("checkout.summary.subtotal")}</dt>
          <dd data-testid="summary-subtotal">{price(shown.subtotal)}</dd>
        </div>
        <div>
          <dt>{t("checkout.summary.shipping")}</dt>
          <dd data-testid="summary-shipping">{shown.shipping === null ? t("checkout.summary.shippingNone") : price(shown.shipping)}</dd>
        </div>
        <div className="co-summary__total">
          <dt>{t("checkout.summary.total")}</dt>
          <dd data-testid="summary-total">{price(shown.total)}</dd>
        </div>
        {vat.rows.map((row) => (
          <div key={row.label} className="co-summary__vat" data-testid="summary-vat">
            <dt>{row.label}</dt>
            <dd>{row.value}</dd>
          </div>
        ))}
      </dl>
      {vat.note && (
        <p className="co-summary__vat-note" data-testid="summary-vat-note">
          {vat.note}
        </p>
      )}
      <ul className="co-trust">
        <li>
          <svg {...icon}>
            <path d="M21 8 12 3 3 8v8l9 5 9-5V8ZM3 8l9 5 9-5M12 13v8" />
          </svg>
          {t("checkout.trust.discreet")}
        </li>
        <li>
          <svg {...icon}>
            <rect x="2" y="5" width="20" height="14" rx="2" />
            <path d="M2 10h20" />
          </svg>
          {t("checkout.trust.secure")}
        </li>
        <li>
          <svg {...icon}>
            <rect x="5" y="11" width="14" height="10" rx="2" />
            <path d="M8 11V8a4 4 0 0 1 8 0v3" />
          </svg>
          {t("checkout.trust.encrypted")}
        </li>
      </ul>
      {/* The delivery time is the chosen method's own estimate, never a text of the shop's. */}
      <div className="co-summary__notes" data-testid="delivery-note">
        <p>
          <strong>
            {method ? t("checkout.note.method", { method: shippingMethodName(method, language) }) : t("checkout.note.choose")}
          </strong>
        </p>
        {method && <p>{estimate ? t("checkout.note.estimate", { estimate }) : t("checkout.note.noEstimate")}</p>}
        <p>
          <a href="/shipping">{t("checkout.note.shippingPage")}</a>
        </p>
      </div>
    </aside>
  )
}
