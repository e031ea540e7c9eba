import { z } from "zod"
import { productCategories } from "./values.js"

export const productCategorySchema = z.enum(productCategories)

/** A price on the wire: decimal(10,2) written as a string with exactly two decimals, e.g. "899.00". */
export const priceStringSchema = z.string().regex(/^\d{1,8}\.\d{2}$/, "Price must be a positive number")

/** The Product of docs/product.md §3, as GET /api/products and GET /api/products/{id} answer it. */
export const productSchema = z.object({
  id: z.number().int().positive(),
  name: z.string(),
  description: z.string(),
  price: priceStringSchema,
  imageUrl: z.string(),
  category: productCategorySchema,
  securityLevel: z.number().int().min(1).max(5),
  stockQuantity: z.number().int().min(0),
  features: z.array(z.string()),
  specifications: z.record(z.string(), z.string()),
  createdAt: z.string().datetime({ offset: true }),
})
export type Product = z.infer<typeof productSchema>

export const productListSchema = z.array(productSchema)

/**
 * A product id in a path: a whole number. Anything else is a 400, so a typo never
 * looks like a missing product.
 */
export const productIdSchema = z
  .string()
  .regex(/^\d{1,9}$/, "Product id must be a whole number")
  .transform(Number)
  .refine((n) => n >= 1, "Product id must be a whole number")

/** The texts of a product that a page shows in its language; a phone's brand name is the same in both. */
export interface ProductTexts {
  name: string
  description: string
  features: string[]
  specifications: Record<string, string>
}

/** The German texts as stored beside the English ones: each feature and specification value translated by key. */
export interface GermanProductTexts {
  nameDe?: string | null
  descriptionDe?: string | null
  featuresDe?: Record<string, string>
  specificationsDe?: Record<string, string>
}

/**
 * A product's texts in `language`. German pages show each German text that exists and the English one
 * where none does (docs/product.md §4: a missing German text falls back to English), so a product the admin
 * translated in part still shows all of its features and specifications, in the same order.
 */
export function productTextsIn(language: string, english: ProductTexts, german: GermanProductTexts): ProductTexts {
  if (language !== "de") return english
  const wording = (map: Record<string, string> | undefined, key: string) => map?.[key]?.trim() || undefined
  return {
    name: german.nameDe?.trim() || english.name,
    description: german.descriptionDe?.trim() || english.description,
    features: english.features.map((feature) => wording(german.featuresDe, feature) ?? feature),
    specifications: Object.fromEntries(
      Object.entries(english.specifications).map(([name, value]) => [name, wording(german.specificationsDe, name) ?? value]),
    ),
  }
}

/** The German wordings that belong to the current English texts (a stale one, of a feature since changed, is left out). */
export function currentGermanTexts(
  english: ProductTexts,
  german: GermanProductTexts,
): Required<GermanProductTexts> & { nameDe: string; descriptionDe: string } {
  const only = (map: Record<string, string> | undefined, keys: string[]) =>
    Object.fromEntries(keys.flatMap((key) => (map?.[key]?.trim() ? [[key, map[key].trim()]] : [])))
  return {
    nameDe: german.nameDe?.trim() ?? "",
    descriptionDe: german.descriptionDe?.trim() ?? "",
    featuresDe: only(german.featuresDe, english.features),
    specificationsDe: only(german.specificationsDe, Object.keys(english.specifications)),
  }
}
