import type { PaymentSettings } from "../modules/payment-settings/settings"
import { paypalKeys, paypalKeysFor, stripeKeys, stripeKeysFor } from "../modules/payment-settings/settings"
import { PaymentGatewayError } from "./errors"
import { PaypalGateway } from "./paypal"
import { StripeGateway } from "./stripe"

export { asGatewayError, PaymentGatewayError, type GatewayFailure } from "./errors"
export { PaypalGateway, type PaypalOrderView } from "./paypal"
export { StripeGateway, type CardIntentView } from "./stripe"

/**
 * Which gateway a payment uses. A new payment needs the provider enabled with keys for its current
 * mode (the admin's settings of this moment, docs/product.md §4). A payment already made is refunded,
 * captured or checked with the keys of the mode it was made in, even if the provider was switched
 * off or to the other mode since.
 */
export type GatewayUse = { newPayment: true } | { sandbox: boolean }

export function cardGateway(settings: PaymentSettings, use: GatewayUse): StripeGateway {
  const keys = "newPayment" in use ? (settings.stripeEnabled ? stripeKeys(settings) : null) : stripeKeysFor(settings, use.sandbox)
  if (!keys) throw new PaymentGatewayError("switched_off", "Card payments are switched off")
  return StripeGateway.for(keys)
}

export function walletGateway(settings: PaymentSettings, use: GatewayUse): PaypalGateway {
  const keys = "newPayment" in use ? (settings.paypalEnabled ? paypalKeys(settings) : null) : paypalKeysFor(settings, use.sandbox)
  if (!keys) throw new PaymentGatewayError("switched_off", "PayPal payments are switched off")
  return PaypalGateway.for(keys)
}
