import type { PaymentMethods } from "@enclave/contract"
import type { Translate } from "../../../i18n"
import type { PaymentChoice } from "../payment"

interface Props {
  choices: PaymentChoice[]
  value: PaymentChoice | null
  onChange: (choice: PaymentChoice) => void
  methods: PaymentMethods
  /** While a payment is underway the choice cannot change under it. */
  disabled: boolean
  t: Translate
}

export const choiceLabelKey: Record<PaymentChoice, string> = {
  card: "checkout.choice.card",
  paypal: "checkout.choice.paypal",
  invoice: "checkout.choice.invoice",
  simulated: "checkout.payment.choiceSandbox",
}

const hintKey: Record<PaymentChoice, string> = {
  card: "checkout.choice.cardHint",
  paypal: "checkout.choice.paypalHint",
  invoice: "checkout.choice.invoiceHint",
  simulated: "checkout.choice.simulatedHint",
}

function ChoiceIcon({ choice }: { choice: PaymentChoice }) {
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
  if (choice === "paypal") {
    // a wallet
    return (
      <svg {...common}>
        <path d="M4 7h14a2 2 0 0 1 2 2v9a2 2 0 0 1-2 2H5a1 1 0 0 1-1-1V7Zm0 0 11-3v3" />
        <path d="M16 13.5h.01" />
      </svg>
    )
  }
  if (choice === "invoice") {
    // a page with lines: the invoice
    return (
      <svg {...common}>
        <path d="M6 3h9l4 4v14H6V3Z" />
        <path d="M15 3v4h4M9 12h7M9 16h5" />
      </svg>
    )
  }
  // a card (the simulated card is one too, in a sandbox)
  return (
    <svg {...common}>
      <rect x="3" y="5" width="18" height="14" rx="2" />
      <path d="M3 10h18M7 15h3" />
    </svg>
  )
}

/** The ways to pay as one radio group (arrow keys move between them, as native radios do). The simulated card says "sandbox" in its name, so it needs no badge. */
export function PaymentChoicePicker({ choices, value, onChange, methods, disabled, t }: Props) {
  const sandbox: Record<PaymentChoice, boolean> = {
    card: methods.stripeSandbox,
    paypal: methods.paypalSandbox,
    invoice: false,
    simulated: false,
  }
  return (
    <fieldset className="co-methods co-choices" disabled={disabled}>
      <legend className="visually-hidden">{t("checkout.choice.legend")}</legend>
      {choices.map((choice) => {
        const id = `payment-choice-${choice}`
        const checked = choice === value
        return (
          <label key={choice} htmlFor={id} className={`co-method${checked ? " co-method--checked" : ""}`}>
            <input id={id} type="radio" name="paymentChoice" value={choice} checked={checked} onChange={() => onChange(choice)} />
            <span className="co-method__icon">
              <ChoiceIcon choice={choice} />
            </span>
            <span className="co-method__text">
              <span className="co-method__name">{t(choiceLabelKey[choice])}</span>
              <span className="co-method__description">{t(hintKey[choice])}</span>
            </span>
            {sandbox[choice] ? <span className="badge badge--accent">{t("checkout.choice.sandbox")}</span> : <span />}
          </label>
        )
      })}
    </fieldset>
  )
}
