import { Module } from "@medusajs/framework/utils"
import PaymentSettingsModuleService from "./service"

export const PAYMENT_SETTINGS_MODULE = "paymentSettings"

export type { InvoiceDetails, PaymentSettings, PaymentSettingsPatch, PaypalKeys, StripeKeys } from "./settings"
export { invoiceDetails, paypalKeys, paypalKeysFor, secretSettings, stripeKeys, stripeKeysFor, testPaymentsOffered } from "./settings"
export type { PaymentSettingsModuleOptions } from "./service"
export type { PaymentSettingsModuleService }

export default Module(PAYMENT_SETTINGS_MODULE, { service: PaymentSettingsModuleService })
