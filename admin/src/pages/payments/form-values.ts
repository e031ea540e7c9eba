import { type PaymentConfig, type PaymentConfigUpdateInput } from "@enclave/contract"
import type { Rule } from "antd/es/form"

/** The resource the payment settings are read from and saved to (resources.tsx). */
export const RESOURCE = "payment-config"

/** The configuration fields the forms edit (text fields and sandbox switches). */
export type TextField =
  | "stripeSecretKey"
  | "stripePublicKey"
  | "stripeSandboxSecretKey"
  | "stripeSandboxPublicKey"
  | "stripeWebhookSecret"
  | "stripeSandboxWebhookSecret"
  | "paypalClientId"
  | "paypalSecret"
  | "paypalSandboxClientId"
  | "paypalSandboxSecret"
  | "paypalWebhookId"
  | "paypalSandboxWebhookId"
  | "shippingLabel"
  | "shippingPrice"
  | "invoiceAccountHolder"
  | "invoiceIban"
  | "invoiceBic"
  | "invoicePaymentTermDays"
  | "invoiceMinimumTotal"
export type SwitchField = "stripeSandboxMode" | "paypalSandboxMode"
export type FormField = TextField | SwitchField
export type FormValues = Partial<Record<TextField, string> & Record<SwitchField, boolean>>

export interface FieldSpec {
  name: TextField
  label: string
  /** A secret: shown masked, typed fresh, kept when left empty. Its "saved" flag in the configuration. */
  secretSet?: keyof PaymentConfig
  rules?: Rule[]
  extra?: string
  /** How the field shows a value (e.g. an IBAN in groups of four), when loaded and when left. */
  format?: (text: string) => string
  /** The value compared to tell a change (e.g. an IBAN without spaces), and sent. */
  normalise?: (text: string) => string
  /** The value as the /api takes it (e.g. a whole number), from the trimmed text. */
  toBody?: (text: string) => unknown
  inputMode?: "numeric" | "decimal"
  maxLength?: number
}

/** The form's starting values: the saved settings, secrets empty (the saved one is kept unless typed). */
export function baselineOf(config: PaymentConfig, fields: readonly FieldSpec[], switchField?: SwitchField): FormValues {
  const values: FormValues = {}
  for (const field of fields) {
    const saved = String(config[field.name] ?? "")
    values[field.name] = field.secretSet ? "" : field.format ? field.format(saved) : saved
  }
  if (switchField) values[switchField] = config[switchField]
  return values
}

export function comparable(field: FieldSpec | undefined, value: unknown): string {
  const text = String(value ?? "").trim()
  return field?.normalise ? field.normalise(text) : text
}

export function changed(values: FormValues, baseline: FormValues, fields: readonly FieldSpec[]): boolean {
  return (Object.keys(baseline) as FormField[]).some((name) => {
    const now = values[name]
    const before = baseline[name]
    if (typeof before === "boolean") return now !== before
    const field = fields.find((f) => f.name === name)
    return comparable(field, now) !== comparable(field, before)
  })
}

/** A field's value as the /api takes it. */
export function bodyValue(field: FieldSpec, value: unknown): unknown {
  const text = comparable(field, value)
  return field.toBody ? field.toBody(text) : text
}

/** What the tab saves: its switch and text fields; a secret only when one was typed (docs/product.md §5: empty keeps it). */
export function bodyOf(values: FormValues, fields: readonly FieldSpec[], switchField?: SwitchField): PaymentConfigUpdateInput {
  const body: Record<string, unknown> = {}
  for (const field of fields) {
    const value = String(values[field.name] ?? "").trim()
    if (field.secretSet && value === "") continue
    body[field.name] = bodyValue(field, value)
  }
  if (switchField) body[switchField] = values[switchField] ?? false
  return body as PaymentConfigUpdateInput
}
