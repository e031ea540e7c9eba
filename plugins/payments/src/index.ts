/**
 * What other parts of the shop may use of the payments plugin (its package's "." export): the
 * provider ids, the payment-settings module, the gateways a payment is driven with, and the shop's
 * payment settings as staff change them and checkout reads them.
 * Medusa loads the providers themselves through the "./providers/*" export (medusa-config.ts).
 */
export { CARD_PROVIDER_ID, SHOP_PAYMENT_PROVIDERS, SYSTEM_PROVIDER_ID, WALLET_PROVIDER_ID } from "./providers/ids"
export * from "./modules/payment-settings"
export * from "./gateways"
export { cardGatewayFor, walletGatewayFor } from "./settings/gateway-settings"
export { invoiceAvailable, isBusinessCustomer } from "./settings/invoice"
export { paymentConfig, publicPaymentMethods, readPaymentSettings, savePaymentConfig, shippingSettings } from "./settings/payment-settings"
