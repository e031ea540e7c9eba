import { useState } from "react"
import type { Translate } from "../../../i18n"
import { simulatedCardExpiry } from "../payment"
import type { OrderPhase } from "./useOrderPlacement"

/** docs/product.md §9: the simulated card takes 2 s. */
const SIMULATED_CARD_DELAY_MS = 2000
/** docs/product.md §2: a fixed test card; its expiry is always in the future (see simulatedCardExpiry). */
const TEST_CARD = { number: "4242 4242 4242 4242", cvc: "123" }

function sandboxPaymentId(): string {
  const bytes = new Uint8Array(8)
  crypto.getRandomValues(bytes)
  return "str-" + Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("")
}

interface Props {
  amount: string
  phase: OrderPhase
  /** Places the order with the generated payment id. */
  onPaid: (paymentId: string) => Promise<void>
  onBusyChange: (busy: boolean) => void
  t: Translate
}

/** docs/product.md §4 simulated card flow: click, 'Processing payment...' for 2 s, then an id starting 'str-'. */
export function SimulatedCard({ amount, phase, onPaid, onBusyChange, t }: Props) {
  const [processing, setProcessing] = useState(false)
  const [expiry] = useState(() => simulatedCardExpiry(new Date()))

  async function pay() {
    if (processing || phase !== "idle") return
    setProcessing(true)
    onBusyChange(true)
    await new Promise((resolve) => setTimeout(resolve, SIMULATED_CARD_DELAY_MS))
    setProcessing(false)
    try {
      await onPaid(sandboxPaymentId())
    } finally {
      onBusyChange(false)
    }
  }

  const busy = processing || phase !== "idle"
  const status = processing
    ? t("checkout.card.processing")
    : phase === "placing"
      ? t("checkout.card.placing")
      : phase === "done"
        ? t("checkout.card.done")
        : ""

  return (
    <div className="co-testcard" data-testid="simulated-card">
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
          <input id="card-expiry" className="input" value={expiry} disabled readOnly />
        </div>
        <div className="field co-field">
          <label htmlFor="card-cvc">{t("checkout.card.cvc")}</label>
          <input id="card-cvc" className="input" value={TEST_CARD.cvc} disabled readOnly />
        </div>
      </div>
      <button
        type="button"
        className="button button--accent co-pay"
        onClick={pay}
        aria-disabled={busy || undefined}
        disabled={phase === "done"}
      >
        {busy && phase !== "done" && <span className="co-spinner co-spinner--light" aria-hidden="true" />}
        {busy ? status : t("checkout.card.pay", { amount })}
      </button>
      <p className="visually-hidden" role="status">
        {status}
      </p>
    </div>
  )
}
