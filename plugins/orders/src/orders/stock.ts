import { stockRefusalCode, type StockRefusalDetails } from "@enclave/contract"
import { ShopError } from "@enclave/contract/shop-error"

/**
 * The 409 a customer gets when the stock does not cover their cart. The message is English; `details`
 * carries what a page needs to say it in its own language (the product's German name among it).
 */
export function stockRefusal(
  product: { id: number; name: string; stockQuantity: number },
  wanted?: number,
  nameDe: string | null = null,
): ShopError {
  const stock = Math.max(0, product.stockQuantity)
  const asked = wanted !== undefined ? ` (you asked for ${wanted})` : ""
  const message =
    stock === 0
      ? `${product.name} is sold out, none left in stock: please remove it from your cart`
      : `Only ${stock} of ${product.name} left in stock${asked}: please change your cart`
  const details: StockRefusalDetails = {
    code: stock === 0 ? "out_of_stock" : "low_stock",
    productId: product.id,
    stockQuantity: stock,
    ...(wanted !== undefined ? { wanted } : {}),
    productName: product.name,
    productNameDe: nameDe,
  }
  const { code, params } = stockRefusalCode(details)
  return new ShopError(code, message, details, { params })
}
