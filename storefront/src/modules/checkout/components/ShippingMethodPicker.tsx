import type { ShippingMethod } from "@enclave/contract"
import type { Language, Translate } from "../../../i18n"
import { formatEuro } from "@enclave/contract/money"
import { deliveryEstimate, shippingMethodDescription, shippingMethodName } from "@enclave/contract/values"

/** What the picker shows: the methods, or that they are loading, or that loading failed. */
export type MethodsState = { kind: "loading" } | { kind: "failed" } | { kind: "loaded"; methods: ShippingMethod[] }

interface Props {
  state: MethodsState
  selectedId: number | null
  onSelect: (id: number) => void
  onRetry: () => void
  language: Language
  t: Translate
  error?: string
  /** false while the address has no country the shop ships to: no method is offered until one is chosen. */
  countryKnown: boolean
}

/** docs/product.md §2: the icon says how fast a method is, judged by its name. */
function MethodIcon({ name }: { name: string }) {
  const lower = name.toLowerCase()
  const common = {
    width: 24,
    height: 24,
    viewBox: "0 0 24 24",
    fill: "none",
    stroke: "currentColor",
    strokeWidth: 1.8,
    strokeLinecap: "round" as const,
    strokeLinejoin: "round" as const,
    "aria-hidden": true,
    focusable: false,
  }
  if (lower.includes("express")) {
    // a lightning bolt: fast
    return (
      <svg {...common} data-icon="express">
        <path d="M13 2 4 14h7l-1 8 9-12h-7l1-8Z" />
      </svg>
    )
  }
  if (lower.includes("standard")) {
    // a delivery truck
    return (
      <svg {...common} data-icon="standard">
        <path d="M3 6h11v10H3zM14 9h4l3 3v4h-7" />
        <circle cx="7" cy="17.5" r="1.6" />
        <circle cx="17" cy="17.5" r="1.6" />
      </svg>
    )
  }
  // anything else (worldwide …): a globe
  return (
    <svg {...common} data-icon="other">
      <circle cx="12" cy="12" r="9" />
      <path d="M3 12h18M12 3c2.5 2.7 3.8 5.7 3.8 9s-1.3 6.3-3.8 9c-2.5-2.7-3.8-5.7-3.8-9S9.5 5.7 12 3Z" />
    </svg>
  )
}

export function ShippingMethodPicker({ state, selectedId, onSelect, onRetry, language, t, error, countryKnown }: Props) {
  if (state.kind === "loading") {
    return (
      <p className="co-methods__state" role="status">
        <span className="co-spinner" aria-hidden="true" /> {t("checkout.shipping.loading")}
      </p>
    )
  }
  if (state.kind === "failed") {
    return (
      <div className="co-methods__state co-methods__state--error" role="alert">
        <p>{t("checkout.shipping.error")}</p>
        <button type="button" className="button button--ghost" onClick={onRetry}>
          {t("checkout.shipping.retry")}
        </button>
      </div>
    )
  }
  if (state.methods.length === 0 && !countryKnown) {
    return (
      <p className="co-methods__state" role="status">
        {t("checkout.shipping.chooseCountry")}
      </p>
    )
  }
  if (state.methods.length === 0) {
    return (
      <div className="co-methods__state">
        <p className="co-methods__empty">{t("checkout.shipping.empty")}</p>
        <p>{t("checkout.shipping.emptyHint")}</p>
      </div>
    )
  }
  return (
    <fieldset className="co-methods" aria-describedby={error ? "shipping-method-error" : undefined}>
      <legend className="visually-hidden">{t("checkout.shipping.title")}</legend>
      {state.methods.map((method) => {
        const id = `shipping-method-${method.id}`
        const checked = method.id === selectedId
        const estimate = deliveryEstimate(method, language)
        return (
          <label key={method.id} htmlFor={id} className={`co-method${checked ? " co-method--checked" : ""}`}>
            <input id={id} type="radio" name="shippingMethod" value={method.id} checked={checked} onChange={() => onSelect(method.id)} />
            <span className="co-method__icon">
              <MethodIcon name={method.name} />
            </span>
            <span className="co-method__text">
              <span className="co-method__name">{shippingMethodName(method, language)}</span>
              <span className="co-method__description">{shippingMethodDescription(method, language)}</span>
              {estimate && <span className="co-method__description">{estimate}</span>}
            </span>
            <span className="co-method__price">{formatEuro(method.price, language)}</span>
          </label>
        )
      })}
      {error && (
        <p id="shipping-method-error" className="co-field__error" role="alert">
          {error}
        </p>
      )}
    </fieldset>
  )
}
