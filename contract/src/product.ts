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
