import { z } from "zod"
import { productSchema } from "./product.js"
import {
  CATEGORY_MESSAGE,
  DIRECTION_CONTROL_MESSAGE,
  IMAGE_UPLOAD_FIELD,
  IMAGE_URL_MESSAGE,
  isShopImagePath,
  NO_IMAGE_URL,
  PRICE_MESSAGE,
  PRODUCT_DESCRIPTION_MAX,
  PRODUCT_FEATURE_MAX,
  PRODUCT_FEATURES_MAX,
  PRODUCT_IMAGE_URL_MAX,
  PRODUCT_NAME_MAX,
  PRODUCT_SPECIFICATION_KEY_MAX,
  PRODUCT_SPECIFICATION_VALUE_MAX,
  PRODUCT_SPECIFICATIONS_MAX,
  PRODUCT_STOCK_QUANTITY_MAX,
  productCategories,
  productFieldMessages as messages,
  SECURITY_LEVEL_MESSAGE,
  STOCK_QUANTITY_MESSAGE,
  withoutDirectionControls,
} from "./values.js"

/**
 * The admin product form (docs/product.md §5), as POST /api/admin/products and PUT /api/admin/products/{id}
 * accept it. The admin app validates with the same schemas, so a person sees the server's words
 * before the server does.
 */

/** decimal(10,2): eight digits before the point. */
const PRICE_PATTERN = /^\d{1,8}(\.\d{1,2})?$/

/** zod's message for a missing field is about presence, for a wrong one about its type. */
const text = (required: string, wrongType: string) => z.string({ error: (issue) => (issue.input === undefined ? required : wrongType) })

const name = text(messages.nameRequired, "Name must be text")
  .trim()
  .min(1, messages.nameRequired)
  .max(PRODUCT_NAME_MAX, messages.nameTooLong)
  .refine(withoutDirectionControls, DIRECTION_CONTROL_MESSAGE)

const description = z
  .string({ error: "Description must be text" })
  .trim()
  .max(PRODUCT_DESCRIPTION_MAX, messages.descriptionTooLong)
  .refine(withoutDirectionControls, DIRECTION_CONTROL_MESSAGE)

/** A string such as "599", "599.9" or "599.00": above 0, at most two decimals (docs/product.md §3, §5). */
const price = z
  .string({ error: PRICE_MESSAGE })
  .trim()
  .regex(PRICE_PATTERN, PRICE_MESSAGE)
  .refine((value) => Number(value) > 0, PRICE_MESSAGE)

const securityLevel = z
  .number({ error: SECURITY_LEVEL_MESSAGE })
  .int(SECURITY_LEVEL_MESSAGE)
  .min(1, SECURITY_LEVEL_MESSAGE)
  .max(5, SECURITY_LEVEL_MESSAGE)

const stockQuantity = z
  .number({ error: STOCK_QUANTITY_MESSAGE })
  .int(STOCK_QUANTITY_MESSAGE)
  .min(0, STOCK_QUANTITY_MESSAGE)
  .max(PRODUCT_STOCK_QUANTITY_MAX, messages.stockQuantityTooLarge)

const category = z.enum(productCategories, { error: CATEGORY_MESSAGE })

/** The form adds a feature only if it is not blank (docs/product.md §5); the server drops blank ones the same way. */
const features = z
  .array(
    z
      .string({ error: "Each feature must be text" })
      .trim()
      .max(PRODUCT_FEATURE_MAX, messages.featureTooLong)
      .refine(withoutDirectionControls, DIRECTION_CONTROL_MESSAGE),
    { error: "Features must be a list of texts" },
  )
  .max(PRODUCT_FEATURES_MAX, messages.tooManyFeatures)
  .transform((list) => list.filter((feature) => feature !== ""))

/** A specification counts only when both its key and its value are non-blank (docs/product.md §5). */
const specifications = z
  .record(
    z
      .string()
      .max(PRODUCT_SPECIFICATION_KEY_MAX, messages.specificationKeyTooLong)
      .refine(withoutDirectionControls, DIRECTION_CONTROL_MESSAGE),
    z
      .string({ error: "Each specification value must be text" })
      .max(PRODUCT_SPECIFICATION_VALUE_MAX, messages.specificationValueTooLong)
      .refine(withoutDirectionControls, DIRECTION_CONTROL_MESSAGE),
    // A name that breaks its own rule says which (zod reports it as the record's invalid key).
    {
      error: (issue) =>
        (issue.code === "invalid_key" ? issue.issues[0]?.message : undefined) ?? "Specifications must be a map of names to texts",
    },
  )
  .refine((map) => Object.keys(map).length <= PRODUCT_SPECIFICATIONS_MAX, messages.tooManySpecifications)
  .transform((map) => {
    const kept: Record<string, string> = {}
    for (const [key, value] of Object.entries(map)) {
      if (key.trim() !== "" && value.trim() !== "") kept[key.trim()] = value.trim()
    }
    return kept
  })

/*
 * The German texts: the same limits as the English ones. A name is translated for an accessory or a
 * service ("Faraday-Hülle"); a phone keeps its brand name, so the German name is optional and empty means none.
 * Features and specifications are translated one by one: a German wording is keyed by the English feature
 * (or the specification's name) it translates, so it can never end up beside another feature when the list
 * changes, and a feature without one is shown in English on German pages.
 */
const nameDe = z
  .string({ error: "German name must be text" })
  .trim()
  .max(PRODUCT_NAME_MAX, messages.nameDeTooLong)
  .refine(withoutDirectionControls, DIRECTION_CONTROL_MESSAGE)

const descriptionDe = z
  .string({ error: "German description must be text" })
  .trim()
  .max(PRODUCT_DESCRIPTION_MAX, messages.descriptionDeTooLong)
  .refine(withoutDirectionControls, DIRECTION_CONTROL_MESSAGE)

/**
 * A map of English texts to German ones; entries with a blank side are dropped, like blank features.
 * The limits' messages are the English lists' own (productFieldMessages), so the admin can translate them.
 */
function germanMap(options: {
  what: string
  max: number
  tooMany: string
  keyMax: number
  keyTooLong: string
  valueMax: number
  valueName: string
  valueTooLong: string
}) {
  return z
    .record(
      z.string().max(options.keyMax, options.keyTooLong).refine(withoutDirectionControls, DIRECTION_CONTROL_MESSAGE),
      z
        .string({ error: `Each ${options.valueName.toLowerCase()} must be text` })
        .max(options.valueMax, options.valueTooLong)
        .refine(withoutDirectionControls, DIRECTION_CONTROL_MESSAGE),
      {
        error: (issue) =>
          (issue.code === "invalid_key" ? issue.issues[0]?.message : undefined) ??
          `${options.what} must be a map of English texts to German ones`,
      },
    )
    .refine((map) => Object.keys(map).length <= options.max, options.tooMany)
    .transform((map) => {
      const kept: Record<string, string> = {}
      for (const [key, value] of Object.entries(map)) {
        if (key.trim() !== "" && value.trim() !== "") kept[key.trim()] = value.trim()
      }
      return kept
    })
}

/** English feature → German feature. */
const featuresDe = germanMap({
  what: "German features",
  max: PRODUCT_FEATURES_MAX,
  tooMany: messages.tooManyFeaturesDe,
  keyMax: PRODUCT_FEATURE_MAX,
  keyTooLong: messages.featureTooLong,
  valueMax: PRODUCT_FEATURE_MAX,
  valueName: "German feature",
  valueTooLong: messages.featureDeTooLong,
})

/** Specification name (as in `specifications`) → German value. */
const specificationsDe = germanMap({
  what: "German specifications",
  max: PRODUCT_SPECIFICATIONS_MAX,
  tooMany: messages.tooManySpecificationsDe,
  keyMax: PRODUCT_SPECIFICATION_KEY_MAX,
  keyTooLong: messages.specificationKeyTooLong,
  valueMax: PRODUCT_SPECIFICATION_VALUE_MAX,
  valueName: "German specification value",
  valueTooLong: messages.specificationValueDeTooLong,
})

function isImageUrl(value: string): boolean {
  // "//host/x" is protocol-relative: another site's file, so it must be written as a full URL
  // (browsers read "/\host/x" the same way).
  if (value.startsWith("/")) return isShopImagePath(value)
  try {
    const url = new URL(value)
    return url.protocol === "http:" || url.protocol === "https:"
  } catch {
    return false
  }
}

/**
 * Optional; "" or null means "no image of its own" (the shop shows its placeholder), and so does
 * the placeholder's own address, which the edit form may send back unchanged.
 */
const imageUrl = z
  .string({ error: IMAGE_URL_MESSAGE })
  .trim()
  .max(PRODUCT_IMAGE_URL_MAX, messages.imageUrlTooLong)
  .refine((value) => value === "" || isImageUrl(value), IMAGE_URL_MESSAGE)
  .nullable()
  .transform((value) => (value === "" || value === NO_IMAGE_URL ? null : value))

const BODY_MESSAGE = "The request body must be a JSON object of product fields"

/** Unknown fields are refused so a misspelt field never silently does nothing. */
const strict = <Shape extends z.ZodRawShape>(shape: Shape) =>
  z.strictObject(shape, {
    error: (issue) => {
      if (issue.code === "unrecognized_keys") return `Unknown field: ${issue.keys.join(", ")}`
      if (issue.code === "invalid_type") return BODY_MESSAGE
      return undefined
    },
  })

/** POST /api/admin/products. Defaults from docs/product.md §9: category phone, security level 3, stock 0. */
export const adminProductCreateSchema = strict({
  name,
  description: description.default(""),
  price,
  imageUrl: imageUrl.optional(),
  category: category.default("phone"),
  securityLevel: securityLevel.default(3),
  stockQuantity: stockQuantity.default(0),
  features: features.default([]),
  specifications: specifications.default({}),
  nameDe: nameDe.default(""),
  descriptionDe: descriptionDe.default(""),
  featuresDe: featuresDe.default({}),
  specificationsDe: specificationsDe.default({}),
})
export type AdminProductCreateInput = z.input<typeof adminProductCreateSchema>
export type AdminProductCreate = z.output<typeof adminProductCreateSchema>

/**
 * PUT /api/admin/products/{id}: the same fields, each optional; a field left out keeps its value
 * (no defaults here, or an edit of the price would reset the category).
 */
export const adminProductUpdateSchema = strict({
  name: name.optional(),
  description: description.optional(),
  price: price.optional(),
  imageUrl: imageUrl.optional(),
  category: category.optional(),
  securityLevel: securityLevel.optional(),
  stockQuantity: stockQuantity.optional(),
  features: features.optional(),
  specifications: specifications.optional(),
  nameDe: nameDe.optional(),
  descriptionDe: descriptionDe.optional(),
  featuresDe: featuresDe.optional(),
  specificationsDe: specificationsDe.optional(),
}).refine((body) => Object.values(body).some((value) => value !== undefined), {
  message: "Send at least one product field to change",
})
export type AdminProductUpdateInput = z.input<typeof adminProductUpdateSchema>
export type AdminProductUpdate = z.output<typeof adminProductUpdateSchema>

/**
 * A product as the back office reads and writes it (GET, POST and PUT /api/admin/products…): the English
 * texts, whatever language the admin's browser asks in, with the German ones beside them. `featuresDe` and
 * `specificationsDe` hold only the wordings of the product's current features and specifications.
 */
export const adminProductSchema = productSchema.extend({
  nameDe: z.string(),
  descriptionDe: z.string(),
  featuresDe: z.record(z.string(), z.string()),
  specificationsDe: z.record(z.string(), z.string()),
})
export type AdminProduct = z.infer<typeof adminProductSchema>
export const adminProductListSchema = z.array(adminProductSchema)

/** An answer that only says what happened (DELETE /api/admin/products/{id}, among others). */
export const messageSchema = z.object({ message: z.string() })
export type MessageAnswer = z.infer<typeof messageSchema>

/** POST /api/admin/products/{id}/upload-image: the answer (its limits and messages are in values.ts). */
export const imageUploadAnswerSchema = z.object({
  imageUrl: z.string(),
  message: z.string(),
})
export type ImageUploadAnswer = z.infer<typeof imageUploadAnswerSchema>

/** The multipart body of the upload, for the API description. */
export const imageUploadBodySchema = z.object({
  [IMAGE_UPLOAD_FIELD]: z.string().meta({ format: "binary", description: "A JPEG, PNG, GIF or WebP image of at most 5 MB" }),
})
