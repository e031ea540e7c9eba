import { adminProductCreateSchema, PRODUCT_SPECIFICATION_KEY_MAX, withoutDirectionControls } from "@enclave/contract"
import type { Rule } from "antd/es/form"
import { tm } from "../../i18n/products"
import { type FormValues, type FieldName, type FormFieldPath, simpleFields } from "./product-form"

/** Each field is checked by the contract's own rule, so the dialog shows the words the server would use. */
export const shape = adminProductCreateSchema.shape
export const textFields = new Set(["imageUrl", "nameDe", "description", "descriptionDe"])
export function contractRule(
  field: "name" | "nameDe" | "description" | "descriptionDe" | "price" | "category" | "securityLevel" | "stockQuantity" | "imageUrl",
): Rule {
  return {
    validator: async (_rule, value: unknown) => {
      const schema = shape[field]
      const input = textFields.has(field) ? (value ?? "") : value === undefined ? (field === "price" ? "" : value) : value
      const result = schema.safeParse(input)
      if (!result.success) throw new Error(tm(result.error.issues[0]?.message ?? "Invalid input"))
    },
  }
}

/**
 * A feature's or specification's input checked alone by its list's contract rule (an entry whose other side is
 * left blank still has its limits checked before the contract drops it), so the row shows the problem as it is
 * typed, in the admin's language, instead of a toast after Save.
 */
export function rowRule(input: "feature" | "featureDe" | "specificationKey" | "specificationValue" | "specificationValueDe"): Rule {
  const check = (text: string) => {
    switch (input) {
      case "feature":
        return shape.features.safeParse([text])
      case "featureDe":
        return shape.featuresDe.safeParse({ "": text })
      case "specificationKey":
        return shape.specifications.safeParse({ [text]: "" })
      case "specificationValue":
        return shape.specifications.safeParse({ "": text })
      case "specificationValueDe":
        return shape.specificationsDe.safeParse({ "": text })
    }
  }
  return {
    validator: async (_rule, value: unknown) => {
      const result = check(typeof value === "string" ? value : "")
      if (!result.success) throw new Error(tm(result.error.issues[0]?.message ?? "Invalid input"))
    },
  }
}

/**
 * The form's input a contract path names (from the dialog's own parse, or the server's `details.fields`):
 * a feature by its place among the non-blank ones (the body leaves blank ones out), a German wording and a
 * specification by the English text they are keyed by. Anything else (a list's count) has no one input.
 */
export function formFieldOf(path: readonly string[], values: FormValues): FormFieldPath | undefined {
  const [field, ...rest] = path
  if (field === undefined) return undefined
  if (rest.length === 0) return (simpleFields as readonly string[]).includes(field) ? (field as FieldName) : undefined
  // The server joins a path with dots and a feature's text may hold one (“2.4 GHz”): the rest is one key.
  const key = rest.join(".")
  const features = values.features ?? []
  const specifications = values.specifications ?? []
  const featureRow = (text: string) => features.findIndex((row) => (row?.text?.trim() ?? "") === text)
  const specificationRow = (name: string) => specifications.findIndex((row) => (row?.key?.trim() ?? "") === name)
  switch (field) {
    case "features": {
      const nonBlank = features.flatMap((row, index) => ((row?.text?.trim() ?? "") === "" ? [] : [index]))
      const row = nonBlank[Number(key)]
      return row === undefined ? undefined : ["features", row, "text"]
    }
    case "featuresDe": {
      const row = featureRow(key)
      return row < 0 ? undefined : ["features", row, "de"]
    }
    case "specifications": {
      const row = specificationRow(key)
      // A problem of the name itself goes on the name's input, any other on the value's: the name is
      // checked again with the contract's rules for names, whatever words the problem came in.
      const ofName = key.length > PRODUCT_SPECIFICATION_KEY_MAX || key.includes("\u0000") || !withoutDirectionControls(key)
      return row < 0 ? undefined : ["specifications", row, ofName ? "key" : "value"]
    }
    case "specificationsDe": {
      const row = specificationRow(key)
      return row < 0 ? undefined : ["specifications", row, "de"]
    }
    default:
      return undefined
  }
}

/** The field problems of a failed save (docs/product.md §8: `details.fields`, path → message); none if absent. */
export function serverFieldMessages(error: unknown): [string, string][] {
  const details: unknown = typeof error === "object" && error !== null ? (error as { details?: unknown }).details : undefined
  const fields = typeof details === "object" && details !== null ? (details as { fields?: unknown }).fields : undefined
  if (typeof fields !== "object" || fields === null) return []
  return Object.entries(fields).filter((entry): entry is [string, string] => typeof entry[1] === "string")
}
