/**
 * The payment widget of the way to pay chosen (docs/product.md §2: card, PayPal, invoice, the simulated card), with
 * the status line and the order's error under it. Each way to pay is its own component in the payment step's chunk.
 */
import { lazy, Suspense } from "react"
import type { PaymentMethods, ShippingAddress, ShippingMethod } from "@enclave/contract"
import type { Language, Translate } from "../../../i18n"
import type { PendingCardOrder } from "../../../lib/client/checkout-storage"
import type { PaymentChoice } from "../payment"
import type { OrderPhase } from "./useOrderPlacement"

const loadPaymentStep = () => import("./payment-step")
const CardPayment = lazy(() => loadPaymentStep().then((step) => ({ default: step.CardPayment })))
const InvoicePayment = lazy(() => loadPaymentStep().then((step) => ({ default: step.InvoicePayment })))
const PaypalPayment = lazy(() => loadPaymentStep().then((step) => ({ default: step.PaypalPayment })))
const SimulatedCard = lazy(() => loadPaymentStep().then((step) => ({ default: step.SimulatedCard })))

interface Props {
  choice: PaymentChoice | null
  address: ShippingAddress
  method: ShippingMethod
  totalCents: number
  userId: number
  amountLabel: string
  paymentMethods: PaymentMethods
  phase: OrderPhase
  orderError: string | null
  /** The order a card payment with this id pays for. */
  orderFor: (paymentId: string) => PendingCardOrder
  onCardPaid: (order: PendingCardOrder, sandbox: boolean) => Promise<void>
  onSimulatedPaid: (paymentId: string) => Promise<void>
  onInvoice: () => Promise<void>
  onBusyChange: (busy: boolean) => void
  language: Language
  t: Translate
}

export function PaymentWays(props: Props) {
  const { choice, address, method, totalCents, userId, amountLabel, paymentMethods, phase, orderError, orderFor, language, t } = props
  const { onCardPaid, onSimulatedPaid, onInvoice, onBusyChange } = props
  const locked = phase !== "idle"
  return (
    <div className="co-payment">
      {/* Its own boundary: a way to pay shown for the first time waits for itself, not with the choices above it. */}
      <Suspense fallback={null}>
        {choice === "card" && (
          <CardPayment
            // A new total or address needs a new PaymentIntent.
            key={`${method.id}-${totalCents}-${JSON.stringify(address)}`}
            address={address}
            shippingMethodId={method.id}
            totalCents={totalCents}
            amountLabel={amountLabel}
            language={language}
            sandbox={paymentMethods.stripeSandbox}
            orderFor={orderFor}
            onPaid={onCardPaid}
            locked={locked}
            onBusyChange={onBusyChange}
            t={t}
          />
        )}
        {choice === "paypal" && (
          <PaypalPayment
            address={address}
            shippingMethodId={method.id}
            totalCents={totalCents}
            userId={userId}
            amountLabel={amountLabel}
            sandbox={paymentMethods.paypalSandbox}
            locked={locked}
            onBusyChange={onBusyChange}
            t={t}
          />
        )}
        {choice === "invoice" && (
          <InvoicePayment amount={amountLabel} phase={phase} onPlace={onInvoice} onBusyChange={onBusyChange} t={t} />
        )}
        {choice === "simulated" && (
          <SimulatedCard amount={amountLabel} phase={phase} onPaid={onSimulatedPaid} onBusyChange={onBusyChange} t={t} />
        )}
      </Suspense>
      <p className="visually-hidden" role="status">
        {/* The simulated card and the invoice say it in their own status line. */}
        {choice === "simulated" || choice === "invoice" ? "" : placingStatus(phase, t)}
      </p>
      {orderError && (
        <p className="co-field__error co-pay__error" role="alert" data-testid="order-error">
          {orderError}
        </p>
      )}
    </div>
  )
}

function placingStatus(phase: OrderPhase, t: Translate): string {
  return phase === "placing" ? t("checkout.card.placing") : phase === "done" ? t("checkout.card.done") : ""
}
