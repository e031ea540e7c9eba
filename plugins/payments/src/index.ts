/**
 * What other parts of the shop may use of the payments plugin (its package's "." export): the
 * provider ids, the payment-settings module, and the gateways the facade drives a payment with.
 * Medusa loads the providers themselves through the "./providers/*" export (medusa-config.ts).
 */
export { CARD_PROVIDER_ID, SHOP_PAYMENT_PROVIDERS, SYSTEM_PROVIDER_ID, WALLET_PROVIDER_ID } from "./providers/ids"
export * from "./modules/payment-settings"
export * from "./gateways"
