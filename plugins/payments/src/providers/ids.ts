/**
 * Medusa names a provider pp_<identifier>_<id from medusa-config>: these are the shop's, with the
 * id "enclave" that medusa-config.ts gives both.
 */
export const CARD_PROVIDER_ID = "pp_stripe_enclave"
export const WALLET_PROVIDER_ID = "pp_paypal_enclave"
/** Medusa's own provider, for the sandbox's simulated card: nothing to collect. */
export const SYSTEM_PROVIDER_ID = "pp_system_default"

export const SHOP_PAYMENT_PROVIDERS = [SYSTEM_PROVIDER_ID, CARD_PROVIDER_ID, WALLET_PROVIDER_ID]
