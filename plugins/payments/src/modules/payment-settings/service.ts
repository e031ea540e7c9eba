import { MedusaError, MedusaService } from "@medusajs/framework/utils"
import PaymentSettingsModel from "./models/payment-settings"
import { deriveSecretKey, openSecret, sealSecret, type SecretKey } from "@enclave/contract/secret-box"
import { secretSettings, type PaymentSettings, type PaymentSettingsPatch } from "./settings"

export interface PaymentSettingsModuleOptions {
  /** APP_SECRET: the key for the stored provider secrets is derived from it. */
  appSecret?: string
}

/** The shop has exactly one settings row, under this id. */
const SETTINGS_ID = "payset_shop"

/** docs/product.md §3 name → column. */
const columns = {
  stripeEnabled: "stripe_enabled",
  stripeSecretKey: "stripe_secret_key",
  stripePublicKey: "stripe_public_key",
  stripeSandboxMode: "stripe_sandbox_mode",
  testPaymentsEnabled: "test_payments_enabled",
  stripeSandboxSecretKey: "stripe_sandbox_secret_key",
  stripeSandboxPublicKey: "stripe_sandbox_public_key",
  paypalEnabled: "paypal_enabled",
  paypalClientId: "paypal_client_id",
  paypalSecret: "paypal_secret",
  paypalSandboxMode: "paypal_sandbox_mode",
  paypalSandboxClientId: "paypal_sandbox_client_id",
  paypalSandboxSecret: "paypal_sandbox_secret",
  shippingLabel: "shipping_label",
  shippingPrice: "shipping_price",
  stripeWebhookSecret: "stripe_webhook_secret",
  stripeSandboxWebhookSecret: "stripe_sandbox_webhook_secret",
  paypalWebhookId: "paypal_webhook_id",
  paypalSandboxWebhookId: "paypal_sandbox_webhook_id",
  invoiceEnabled: "invoice_enabled",
  invoiceAccountHolder: "invoice_account_holder",
  invoiceIban: "invoice_iban",
  invoiceBic: "invoice_bic",
  invoicePaymentTermDays: "invoice_payment_term_days",
  invoiceMinimumTotal: "invoice_minimum_total",
} as const satisfies Record<keyof PaymentSettingsPatch, string>

type Row = { id: string; updated_at: Date | string } & Record<(typeof columns)[keyof typeof columns], unknown>

const isSecret = (field: string): field is (typeof secretSettings)[number] => (secretSettings as readonly string[]).includes(field)

class PaymentSettingsModuleService extends MedusaService({ PaymentSettings: PaymentSettingsModel }) {
  private readonly secretKey: SecretKey

  constructor(container: Record<string, unknown>, options: PaymentSettingsModuleOptions = {}) {
    // eslint-disable-next-line prefer-rest-params
    super(...arguments)
    // Fails at boot, not at the first payment, when the deployment forgot APP_SECRET.
    this.secretKey = deriveSecretKey(options.appSecret, "enclave/payment-settings/secret-box/v1")
  }

  /** The settings, secrets decrypted: for server code only (payment providers, the admin's masking). */
  async readSettings(): Promise<PaymentSettings> {
    return this.toSettings(await this.settingsRow())
  }

  /** Saves the given fields (secrets encrypted) and answers the settings as saved. */
  async saveSettings(patch: PaymentSettingsPatch): Promise<PaymentSettings> {
    await this.settingsRow()
    const data: Record<string, unknown> = { id: SETTINGS_ID }
    for (const [field, value] of Object.entries(patch) as Array<[keyof PaymentSettingsPatch, unknown]>) {
      if (value === undefined) continue
      const column = columns[field]
      if (!column) throw new MedusaError(MedusaError.Types.INVALID_DATA, `Unknown payment setting ${field}`)
      data[column] = isSecret(field) && typeof value === "string" && value !== "" ? sealSecret(this.secretKey, value, field) : value
    }
    await this.updatePaymentSettings(data as never)
    return this.readSettings()
  }

  private async settingsRow(): Promise<Row> {
    const [row] = await this.listPaymentSettings({ id: SETTINGS_ID })
    if (row) return row as unknown as Row
    try {
      // The first read creates the row with the model's defaults.
      return (await this.createPaymentSettings({ id: SETTINGS_ID })) as unknown as Row
    } catch (error) {
      // Another request created it at the same moment.
      const [created] = await this.listPaymentSettings({ id: SETTINGS_ID })
      if (created) return created as unknown as Row
      throw error
    }
  }

  private toSettings(row: Row): PaymentSettings {
    const settings: Record<string, unknown> = { updatedAt: new Date(row.updated_at) }
    for (const [field, column] of Object.entries(columns)) {
      const value = row[column]
      settings[field] = isSecret(field) && typeof value === "string" && value !== "" ? openSecret(this.secretKey, value, field) : value
    }
    return settings as unknown as PaymentSettings
  }
}

export default PaymentSettingsModuleService
