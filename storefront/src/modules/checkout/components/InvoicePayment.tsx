import { useState } from "react"
import type { Translate } from "../../../i18n"
import type { OrderPhase } from "./useOrderPlacement"

interface Props {
  /** The order's total as the page shows it ("€1,262.00"). */
  amount: string
  phase: OrderPhase
  /** Places the invoice order (POST /api/orders with paymentMethod Invoice). */
  onPlace: () => Promise<void>
  onBusyChange: (busy: boolean) => void
  t: Translate
}

/**
 * Pay by invoice: nothing is paid here, so the step says what happens instead (the bank
 * details and the reference come on the next page and with the confirmation mail) and the button
 * places the order. In German it says "zahlungspflichtig bestellen", as a German order button must.
 */
export function InvoicePayment({ amount, phase, onPlace, onBusyChange, t }: Props) {
  const [sending, setSending] = useState(false)

  async function place() {
    if (sending || phase !== "idle") return
    setSending(true)
    onBusyChange(true)
    try {
      await onPlace()
    } finally {
      setSending(false)
      onBusyChange(false)
    }
  }

  const busy = sending || phase !== "idle"
  const status = phase === "done" ? t("checkout.card.done") : busy ? t("checkout.card.placing") : ""

  return (
    <div className="co-invoice" data-testid="invoice-payment">
      <p className="co-invoice__title">{t("checkout.invoice.title")}</p>
      <ol className="co-invoice__steps">
        <li>{t("checkout.invoice.stepPlace")}</li>
        <li>{t("checkout.invoice.stepTransfer", { amount })}</li>
        <li>{t("checkout.invoice.stepShip")}</li>
      </ol>
      <button
        type="button"
        className="button button--accent co-pay"
        onClick={place}
        aria-disabled={busy || undefined}
        disabled={phase === "done"}
      >
        {busy && phase !== "done" && <span className="co-spinner co-spinner--light" aria-hidden="true" />}
        {busy ? status : t("checkout.invoice.place", { amount })}
      </button>
      <p className="visually-hidden" role="status">
        {status}
      </p>
    </div>
  )
}
