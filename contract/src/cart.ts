import { z } from "zod"
import { priceStringSchema } from "./product.js"

export const CART_QUANTITY_MAX = 10_000

/**
 * Each message says what is wrong with the quantity sent. The bounds come first: 1e20 is beyond
 * what .int() calls whole (a safe integer), but what the caller must hear is "too many".
 */
const quantitySchema = z
  .number({ error: (issue) => (issue.input === undefined || issue.input === null ? "Quantity is required" : "Quantity must be a number") })
  .max(CART_QUANTITY_MAX, `Quantity must be at most ${CART_QUANTITY_MAX}`)
  .min(1, "Quantity must be at least 1")
  .int("Quantity must be a whole number")

/** POST /api/cart */
export const addToCartSchema = z.strictObject({
  productId: z
    .number({ error: "Product id must be a whole number" })
    .int("Product id must be a whole number")
    .positive("Product id must be a whole number"),
  quantity: quantitySchema.default(1),
})
export type AddToCartRequest = z.infer<typeof addToCartSchema>

/** PUT /api/cart/{itemId} */
export const updateCartItemSchema = z.strictObject({ quantity: quantitySchema })
export type UpdateCartItemRequest = z.infer<typeof updateCartItemSchema>

/** One line of GET /api/cart (docs/product.md §3 CartItem with the nested product the cart view reads). */
export const cartItemSchema = z.object({
  id: z.number().int().positive(),
  userId: z.number().int().positive(),
  productId: z.number().int().positive(),
  quantity: z.number().int().min(1),
  product: z.object({
    id: z.number().int().positive(),
    name: z.string(),
    /** The German name of an accessory or service, null or absent when it has none (German pages then show `name`). */
    nameDe: z.string().nullable().optional(),
    price: priceStringSchema,
    imageUrl: z.string(),
    stockQuantity: z.number().int().min(0),
  }),
})
export type CartItem = z.infer<typeof cartItemSchema>
export const cartSchema = z.array(cartItemSchema)
