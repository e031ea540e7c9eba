import type { MedusaContainer } from "@medusajs/framework/types"
import {
  maskSecret,
  SECRET_MASK_PREFIX,
  type PaymentConfig,
  type PaymentConfigUpdate,
  type PaymentMethods,
  type ShippingSettings,
} from "@enclave/contract"
import {
  invoiceDetails,
  PAYMENT_SETTINGS_MODULE,
  paypalKeys,
  stripeKeys,
  testPaymentsOffered,
  type PaymentSettings,
  type PaymentSettingsModuleService,
  type PaymentSettingsPatch,
} from "../modules/payment-settings"
import type { ShopUserRow } from "@enclave/accounts"
import { bumpCatalogue } from "@enclave/catalogue"
import { ShopError } from "@enclave/contract/shop-error"
import { offersInvoice, type InvoiceDetails } from "./invoice"

export type { PaymentSettings }

const store = (container: MedusaContainer) => container.resolve<PaymentSettingsModuleService>(PAYMENT_SETTINGS_MODULE)

/** The settings with secrets in clear, for server code (payment providers, checkout). Never answer them as they are. */
export function readPaymentSettings(container: MedusaContainer): Promise<PaymentSettings> {
  return store(container).readSettings()
}

function methodsOf(settings: PaymentSettings, user: ShopUserRow | null): PaymentMethods {
  const stripe = settings.stripeEnabled ? stripeKeys(settings) : null
  return {
    stripe: stripe !== null,
    paypal: settings.paypalEnabled && paypalKeys(settings) !== null,
    stripePublicKey: stripe?.publicKey ?? null,
    stripeSandbox: settings.stripeSandboxMode,
    paypalSandbox: settings.paypalSandboxMode,
    simulatedCard: testPaymentsOffered(settings),
    invoice: offersInvoice(settings, user),
  }
}

/**
 * GET /api/payment-methods: a provider is offered when it is enabled and its keys for the active mode are saved;
 * invoice only to a signed-in business customer while it is enabled (so the answer depends on the caller).
 */
export async function publicPaymentMethods(container: MedusaContainer, user: ShopUserRow | null): Promise<PaymentMethods> {
  return methodsOf(await readPaymentSettings(container), user)
}

/**
 * The terms an invoice order is placed on (the shop's bank account, the payment term, the minimum total) for
 * this caller, or null when they may not pay by invoice. For checkout, the order confirmation and the invoice.
 */
export async function invoiceTermsFor(container: MedusaContainer, user: ShopUserRow | null): Promise<InvoiceDetails | null> {
  const settings = await readPaymentSettings(container)
  return offersInvoice(settings, user) ? invoiceDetails(settings) : null
}

/** GET /api/shipping-settings (the defaults come from the settings row's defaults, docs/product.md §9). */
export async function shippingSettings(container: MedusaContainer): Promise<ShippingSettings> {
  const settings = await readPaymentSettings(container)
  return { shippingLabel: settings.shippingLabel, shippingPrice: settings.shippingPrice }
}

/** What the admin sees: every setting, each secret masked. */
export function maskedConfig(s: PaymentSettings): PaymentConfig {
  return {
    stripeEnabled: s.stripeEnabled,
    stripeSecretKey: maskSecret(s.stripeSecretKey),
    stripeSecretKeySet: !!s.stripeSecretKey,
    stripePublicKey: s.stripePublicKey ?? "",
    stripeSandboxMode: s.stripeSandboxMode,
    testPaymentsEnabled: s.testPaymentsEnabled,
    stripeSandboxSecretKey: maskSecret(s.stripeSandboxSecretKey),
    stripeSandboxSecretKeySet: !!s.stripeSandboxSecretKey,
    stripeSandboxPublicKey: s.stripeSandboxPublicKey ?? "",
    stripeKeysSaved: stripeKeys(s) !== null,
    paypalEnabled: s.paypalEnabled,
    paypalClientId: s.paypalClientId ?? "",
    paypalSecret: maskSecret(s.paypalSecret),
    paypalSecretSet: !!s.paypalSecret,
    paypalSandboxMode: s.paypalSandboxMode,
    paypalSandboxClientId: s.paypalSandboxClientId ?? "",
    paypalSandboxSecret: maskSecret(s.paypalSandboxSecret),
    paypalSandboxSecretSet: !!s.paypalSandboxSecret,
    paypalKeysSaved: paypalKeys(s) !== null,
    shippingLabel: s.shippingLabel,
    shippingPrice: s.shippingPrice,
    stripeWebhookSecret: maskSecret(s.stripeWebhookSecret),
    stripeWebhookSecretSet: !!s.stripeWebhookSecret,
    stripeSandboxWebhookSecret: maskSecret(s.stripeSandboxWebhookSecret),
    stripeSandboxWebhookSecretSet: !!s.stripeSandboxWebhookSecret,
    paypalWebhookId: s.paypalWebhookId ?? "",
    paypalSandboxWebhookId: s.paypalSandboxWebhookId ?? "",
    invoiceEnabled: s.invoiceEnabled,
    invoiceAccountHolder: s.invoiceAccountHolder ?? "",
    invoiceIban: s.invoiceIban ?? "",
    invoiceBic: s.invoiceBic ?? "",
    invoicePaymentTermDays: s.invoicePaymentTermDays,
    invoiceMinimumTotal: s.invoiceMinimumTotal,
    invoiceDetailsSaved: invoiceDetails(s) !== null,
    updatedAt: s.updatedAt.toISOString(),
  }
}

export async function paymentConfig(container: MedusaContainer): Promise<PaymentConfig> {
  return maskedConfig(await readPaymentSettings(container))
}

/**
 * A secret as the form sends it back: left out, empty, or still showing the mask means "keep the
 * saved one" (the admin never sees the real value to send it back); null removes it.
 */
function secretChange(value: string | null | undefined): string | null | undefined {
  if (value === undefined || value === "") return undefined
  if (value !== null && value.startsWith(SECRET_MASK_PREFIX)) return undefined
  return value
}

/** The admin form names the PayPal secrets paypalClientSecret and paypalSandboxClientSecret (docs/product.md §3). */
function eitherName(field: string, value: string | null | undefined, alias: string, aliasValue: string | null | undefined) {
  const a = secretChange(value)
  const b = secretChange(aliasValue)
  if (a !== undefined && b !== undefined && a !== b) {
    throw new ShopError("setting_conflict", `Send ${field} or ${alias}, not two different values`, {
      fields: { [field]: "Conflicts with " + alias },
    })
  }
  return a !== undefined ? a : b
}

const stripeFields = [
  "stripeEnabled",
  "stripeSecretKey",
  "stripePublicKey",
  "stripeSandboxMode",
  "stripeSandboxSecretKey",
  "stripeSandboxPublicKey",
] as const
const paypalFields = [
  "paypalEnabled",
  "paypalClientId",
  "paypalSecret",
  "paypalSandboxMode",
  "paypalSandboxClientId",
  "paypalSandboxSecret",
] as const
const invoiceFields = ["invoiceEnabled", "invoiceAccountHolder", "invoiceIban", "invoiceBic"] as const
const invoiceDetailLabels = { invoiceAccountHolder: "account holder", invoiceIban: "IBAN", invoiceBic: "BIC" } as const

/**
 * POST /api/admin/payment-config: applies one enable flag or the whole form. A provider can be
 * enabled only while the keys of its current mode (sandbox or live) are saved (docs/product.md §4); the
 * same rule refuses switching an enabled provider to a mode without keys, or removing its keys. Invoice payment
 * likewise needs its account holder, IBAN and BIC saved, and keeps them while it is enabled.
 */
export async function savePaymentConfig(container: MedusaContainer, update: PaymentConfigUpdate): Promise<PaymentConfig> {
  const current = await readPaymentSettings(container)
  const patch: PaymentSettingsPatch = {}
  const set = <K extends keyof PaymentSettingsPatch>(field: K, value: PaymentSettingsPatch[K] | undefined) => {
    if (value !== undefined) patch[field] = value
  }
  set("stripeEnabled", update.stripeEnabled)
  set("stripeSandboxMode", update.stripeSandboxMode)
  set("testPaymentsEnabled", update.testPaymentsEnabled)
  set("paypalEnabled", update.paypalEnabled)
  set("paypalSandboxMode", update.paypalSandboxMode)
  // Public keys and client ids are not secret: "" or null clears them.
  for (const field of [
    "stripePublicKey",
    "stripeSandboxPublicKey",
    "paypalClientId",
    "paypalSandboxClientId",
    "paypalWebhookId",
    "paypalSandboxWebhookId",
  ] as const) {
    const value = update[field]
    if (value !== undefined) patch[field] = value === "" ? null : value
  }
  set("stripeSecretKey", secretChange(update.stripeSecretKey))
  set("stripeSandboxSecretKey", secretChange(update.stripeSandboxSecretKey))
  set("stripeWebhookSecret", secretChange(update.stripeWebhookSecret))
  set("stripeSandboxWebhookSecret", secretChange(update.stripeSandboxWebhookSecret))
  set("paypalSecret", eitherName("paypalSecret", update.paypalSecret, "paypalClientSecret", update.paypalClientSecret))
  set(
    "paypalSandboxSecret",
    eitherName("paypalSandboxSecret", update.paypalSandboxSecret, "paypalSandboxClientSecret", update.paypalSandboxClientSecret),
  )
  set("shippingLabel", update.shippingLabel)
  set("shippingPrice", update.shippingPrice)
  // Bank details are not secret; the schema has normalised them ("" arrives as null: clear it).
  set("invoiceEnabled", update.invoiceEnabled)
  set("invoiceAccountHolder", update.invoiceAccountHolder)
  set("invoiceIban", update.invoiceIban)
  set("invoiceBic", update.invoiceBic)
  set("invoicePaymentTermDays", update.invoicePaymentTermDays)
  set("invoiceMinimumTotal", update.invoiceMinimumTotal)

  const next: PaymentSettings = { ...current, ...patch }
  const touches = (fields: readonly string[]) => fields.some((f) => f in patch)
  if (touches(stripeFields) && next.stripeEnabled && !stripeKeys(next)) {
    const mode = next.stripeSandboxMode ? "sandbox" : "live"
    throw new ShopError("provider_keys_missing", `Stripe cannot be enabled until its ${mode} secret key and public key are saved`, {
      fields: { stripeEnabled: `Save the ${mode} secret key and public key first` },
    })
  }
  if (touches(paypalFields) && next.paypalEnabled && !paypalKeys(next)) {
    const mode = next.paypalSandboxMode ? "sandbox" : "live"
    throw new ShopError("provider_keys_missing", `PayPal cannot be enabled until its ${mode} client id and secret are saved`, {
      fields: { paypalEnabled: `Save the ${mode} client id and secret first` },
    })
  }
  if (touches(invoiceFields) && next.invoiceEnabled && !invoiceDetails(next)) {
    const missing = (Object.keys(invoiceDetailLabels) as Array<keyof typeof invoiceDetailLabels>).filter((field) => !next[field])
    // Clearing a detail of an enabled invoice payment: the error belongs on that field.
    const cleared = missing.filter((field) => field in patch && current.invoiceEnabled)
    const fields: Record<string, string> = {}
    if (cleared.length > 0) {
      for (const field of cleared) fields[field] = `The ${invoiceDetailLabels[field]} is needed while invoice payment is enabled`
    } else {
      fields.invoiceEnabled = "Save the account holder, IBAN and BIC first"
    }
    throw new ShopError("invoice_details_missing", "Invoice payment cannot be enabled until its account holder, IBAN and BIC are saved", {
      fields,
    })
  }
  if (Object.keys(patch).length === 0) return maskedConfig(current)
  // One row of one module, written at once: no workflow to undo part of. The visitors' answer of
  // GET /api/payment-methods is a catalogue answer (the storefront's footer badges and its page cache
  // depend on it): stale from this save on, before the admin hears it is saved.
  const saved = await store(container).saveSettings(patch)
  await bumpCatalogue("the payment settings were saved")
  return maskedConfig(saved)
}
