import {
  INVOICE_ACCOUNT_HOLDER_LENGTH_MESSAGE,
  INVOICE_MINIMUM_TOTAL_MESSAGE,
  INVOICE_PAYMENT_TERM_MESSAGE,
  SHIPPING_SETTINGS_PRICE_MESSAGE,
  bicProblem,
  ibanProblem,
  invoiceDetailRequiredMessages,
  paymentConfigUpdateSchema,
  type BankProblem,
  type BicProblemCode,
  type IbanProblemCode,
} from "@enclave/contract"
import type { Rule } from "antd/es/form"
import { tPayments as t } from "../../i18n/payments"
import { type TextField } from "./form-values"

/** The contract's English messages in the admin's language (server field errors and the contract's own rules). */
export function localMessage(message: string): string {
  const localMessages: Record<string, string> = {
    [SHIPPING_SETTINGS_PRICE_MESSAGE]: t("shippingPriceMessage"),
    "Shipping label is required": t("shippingLabelRequired"),
    [INVOICE_ACCOUNT_HOLDER_LENGTH_MESSAGE]: t("accountHolderLength"),
    [INVOICE_PAYMENT_TERM_MESSAGE]: t("paymentTermMessage"),
    [INVOICE_MINIMUM_TOTAL_MESSAGE]: t("minimumTotalMessage"),
    [invoiceDetailRequiredMessages.invoiceAccountHolder]: t("invoiceDetailRequired"),
    [invoiceDetailRequiredMessages.invoiceIban]: t("invoiceDetailRequired"),
    [invoiceDetailRequiredMessages.invoiceBic]: t("invoiceDetailRequired"),
  }
  return localMessages[message] ?? message
}

/**
 * A field problem the server named, in the admin's language. The bank details are checked again here with
 * the contract's own functions on the value that was sent, which say what is wrong as a typed problem.
 */
export function serverFieldMessage(name: TextField, message: string, value: unknown): string {
  const text = String(value ?? "").trim()
  const iban = name === "invoiceIban" ? ibanProblem(text) : null
  if (iban) return ibanMessage(iban)
  const bic = name === "invoiceBic" ? bicProblem(text) : null
  if (bic) return bicMessage(bic)
  return localMessage(message)
}

/** IBAN problems in the admin's language (contract/src/bank.ts says them in English). */
export function ibanMessage(problem: BankProblem<IbanProblemCode>): string {
  switch (problem.code) {
    case "required":
      return t("ibanRequired")
    case "characters":
      return t("ibanCharacters")
    case "format":
      return t("ibanFormat")
    case "length":
      return t("ibanLength")
    case "countryLength":
      return t("ibanCountryLength", { country: problem.country ?? "", expected: problem.expected ?? 0, actual: problem.actual ?? 0 })
    case "checksum":
      return t("ibanChecksum")
  }
}

export function bicMessage(problem: BankProblem<BicProblemCode>): string {
  return problem.code === "required" ? t("bicRequired") : t("bicFormat")
}

/** docs/product.md §5 rules from the contract's update schema, in the admin's language where the text is known. */
export function contractRule(name: TextField, toBody?: (text: string) => unknown): Rule {
  return {
    validator: async (_rule, value: unknown) => {
      const text = String(value ?? "").trim()
      const result = paymentConfigUpdateSchema.safeParse({ [name]: toBody ? toBody(text) : (value ?? "") })
      if (result.success) return
      throw new Error(localMessage(result.error.issues[0]?.message ?? "Invalid value"))
    },
  }
}

/** The IBAN and BIC checks of the contract (mod-97, length per country, SWIFT form); empty is the required rule's business. */
export const bankRule = (kind: "iban" | "bic"): Rule => ({
  validator: async (_rule, value: unknown) => {
    const text = String(value ?? "").trim()
    if (text === "") return
    if (kind === "iban") {
      const problem = ibanProblem(text)
      if (problem) throw new Error(ibanMessage(problem))
    } else {
      const problem = bicProblem(text)
      if (problem) throw new Error(bicMessage(problem))
    }
  },
})
