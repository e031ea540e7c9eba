import type PaymentSettingsModuleService from "../modules/payment-settings/service"
import type { PaymentSettings } from "../modules/payment-settings/settings"
import { PAYMENT_SETTINGS_MODULE } from "../modules/payment-settings"

/**
 * The providers read the admin's payment settings at every call, so enabling, disabling, sandbox
 * mode and new keys apply to the next request without a restart. Medusa hands a provider only
 * its own module's container: medusa-config lists the settings module among the payment module's
 * dependencies so that it is there.
 */
export function readSettingsFrom(container: Record<string, unknown>): Promise<PaymentSettings> {
  const settings = container[PAYMENT_SETTINGS_MODULE] as PaymentSettingsModuleService | undefined
  if (!settings) {
    throw new Error(`The payment module needs "${PAYMENT_SETTINGS_MODULE}" among its dependencies (medusa-config.ts)`)
  }
  return settings.readSettings()
}
