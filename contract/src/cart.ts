import { z } from "zod"
import { priceStringSchema } from "./product.js"

const quantitySchema = z
  .number({ error: "Quantity must be a whole number of at least 1" })
  .int("Quantity must be a whole number of at least 1")
  .min(1, "Quantity must be a whole number of at least 1")
  .max(10_000, "Quantity must be at most 10000")

/** POST /api/cart */
export const addToCartSchema = z.strictObject({
  productId: z.number({ error: "Product id must be a whole number" }).int("Product id must be a whole number").positive("Product id must be a whole number"),
  quantity: quantitySchema.default(1),
})
export type AddToCartRequest = z.infer<typeof addToCartSchema>

/** PUT /api/cart/{itemId} */
export const updateCartItemSchema = z.strictObject({ quantity: quantitySchema })
export type UpdateCartItemRequest = z.infer<typeof updateCartItemSchema>

/** One line of GET /api/cart (SPEC §3 CartItem with the nested product the cart view reads). */
export const cartItemSchema = z.object({
  id: z.number().int().positive(),
  userId: z.number().int().positive(),
  productId: z.number().int().positive(),
  quantity: z.number().int().min(1),
  product: z.object({
    id: z.number().int().positive(),
    name: z.string(),
    price: priceStringSchema,
    imageUrl: z.string(),
    stockQuantity: z.number().int().min(0),
  }),
})
export type CartItem = z.infer<typeof cartItemSchema>
export const cartSchema = z.array(cartItemSchema)
