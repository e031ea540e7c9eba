import { formatIban, invoiceDetailRequiredMessages, normaliseBic, normaliseIban } from "@enclave/contract"
import type { Rule } from "antd/es/form"
import { tPayments as t } from "../../i18n/payments"
import { type FieldSpec } from "./form-values"
import { localMessage, contractRule, bankRule } from "./rules"

/** The card tab's keys, live and sandbox. */
export const stripeFields: FieldSpec[] = [
  { name: "stripePublicKey", label: t("stripePublicKey") },
  { name: "stripeSecretKey", label: t("stripeSecretKey"), secretSet: "stripeSecretKeySet" },
  { name: "stripeWebhookSecret", label: t("stripeWebhookSecret"), secretSet: "stripeWebhookSecretSet" },
  { name: "stripeSandboxPublicKey", label: t("stripePublicKey") },
  { name: "stripeSandboxSecretKey", label: t("stripeSecretKey"), secretSet: "stripeSandboxSecretKeySet" },
  { name: "stripeSandboxWebhookSecret", label: t("stripeWebhookSecret"), secretSet: "stripeSandboxWebhookSecretSet" },
]

export const paypalFields: FieldSpec[] = [
  { name: "paypalClientId", label: t("paypalClientId") },
  { name: "paypalSecret", label: t("paypalSecret"), secretSet: "paypalSecretSet" },
  { name: "paypalWebhookId", label: t("paypalWebhookId") },
  { name: "paypalSandboxClientId", label: t("paypalClientId") },
  { name: "paypalSandboxSecret", label: t("paypalSecret"), secretSet: "paypalSandboxSecretSet" },
  { name: "paypalSandboxWebhookId", label: t("paypalWebhookId") },
]

export const shippingFields: FieldSpec[] = [
  { name: "shippingLabel", label: t("shippingLabel"), rules: [contractRule("shippingLabel")], extra: t("shippingLabelHint") },
  { name: "shippingPrice", label: t("shippingPrice"), rules: [contractRule("shippingPrice")] },
]

/** Whole days as the /api takes them; anything else goes as typed, for the contract to name. */
export const wholeNumber = (text: string): unknown => (/^\d{1,6}$/.test(text) ? Number(text) : text === "" ? null : text)

/** The invoice tab's fields; while invoice payment is on, the bank details may not be emptied. */
export function invoiceFields(enabled: boolean): FieldSpec[] {
  const required = (name: "invoiceAccountHolder" | "invoiceIban" | "invoiceBic"): Rule => ({
    required: enabled,
    whitespace: true,
    message: localMessage(invoiceDetailRequiredMessages[name]),
  })
  return [
    {
      name: "invoiceAccountHolder",
      label: t("invoiceAccountHolder"),
      extra: t("invoiceAccountHolderHint"),
      rules: [required("invoiceAccountHolder"), contractRule("invoiceAccountHolder")],
      maxLength: 70,
    },
    {
      name: "invoiceIban",
      label: t("invoiceIban"),
      rules: [required("invoiceIban"), bankRule("iban")],
      format: formatIban,
      normalise: normaliseIban,
      maxLength: 42,
    },
    {
      name: "invoiceBic",
      label: t("invoiceBic"),
      rules: [required("invoiceBic"), bankRule("bic")],
      format: normaliseBic,
      normalise: normaliseBic,
      maxLength: 14,
    },
    {
      name: "invoicePaymentTermDays",
      label: t("invoicePaymentTermDays"),
      extra: t("invoicePaymentTermDaysHint"),
      rules: [contractRule("invoicePaymentTermDays", wholeNumber)],
      toBody: wholeNumber,
      inputMode: "numeric",
      maxLength: 3,
    },
    {
      name: "invoiceMinimumTotal",
      label: t("invoiceMinimumTotal"),
      extra: t("invoiceMinimumTotalHint"),
      rules: [contractRule("invoiceMinimumTotal")],
      inputMode: "decimal",
      maxLength: 11,
    },
  ]
}
