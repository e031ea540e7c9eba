import type { Translate } from "../../../i18n"

/** With both providers off the sandbox card may still be offered: then it is the one way to pay, and a test. */
export function PaymentNotice({ testOnly, t }: { testOnly: boolean; t: Translate }) {
  return (
    <div className="co-notice" role="note" data-testid="payment-notice">
      <p className="co-notice__title">{t(testOnly ? "checkout.payment.testOnlyTitle" : "checkout.payment.unavailableTitle")}</p>
      <p>{t(testOnly ? "checkout.payment.testOnlyText" : "checkout.payment.unavailableText")}</p>
    </div>
  )
}
