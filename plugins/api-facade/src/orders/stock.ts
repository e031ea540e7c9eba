import { ApiError } from "../http/api-error"

/** The 409 a customer gets when the stock does not cover their cart. */
export function stockRefusal(product: { id: number; name: string; stockQuantity: number }, wanted?: number): ApiError {
  const stock = Math.max(0, product.stockQuantity)
  const asked = wanted !== undefined ? ` (you asked for ${wanted})` : ""
  const message =
    stock === 0
      ? `${product.name} is sold out, none left in stock: please remove it from your cart`
      : `Only ${stock} of ${product.name} left in stock${asked}: please change your cart`
  return new ApiError(409, message, { productId: product.id, stockQuantity: stock })
}
