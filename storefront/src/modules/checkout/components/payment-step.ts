/** The payment step of the checkout, fetched as one chunk when the step opens (CheckoutFlow). */
export { CardPayment } from "./CardPayment"
export { InvoicePayment } from "./InvoicePayment"
export { OrderReview } from "./OrderReview"
export { PaymentChoicePicker } from "./PaymentChoicePicker"
export { PaypalPayment } from "./PaypalPayment"
export { PendingPaypalPanel } from "./PendingPaypalPanel"
export { SimulatedCard } from "./SimulatedCard"
