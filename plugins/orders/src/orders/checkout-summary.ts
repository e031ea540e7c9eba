import type { MedusaContainer } from "@medusajs/framework/types"
import type { CheckoutSummary } from "@enclave/contract"
import { centsToEuros } from "@enclave/contract/money"
import type { ShopUserRow } from "@enclave/accounts"
import { countryCodeOf, shopContext } from "@enclave/catalogue"
import { ShopError } from "@enclave/contract/shop-error"
import { vatFigures } from "../tax/order-vat"
import { buyerVatId, priceCart } from "./checkout"
import { linkedCartId } from "../cart/user-cart"

/**
 * GET /api/checkout-summary: the customer's cart priced for a country and a shipping method, as
 * placing the order will price it (priceCart: the same prices, the same tax lines), before the order
 * exists. Stock and whether the method ships there are the order's to check: the summary only prices.
 */
export async function checkoutSummary(
  container: MedusaContainer,
  user: ShopUserRow,
  where: { country: string; state: string | null; shippingMethodId: number | null },
): Promise<CheckoutSummary> {
  if (!countryCodeOf(await shopContext(container), where.country)) {
    throw new ShopError("unknown_country", `We cannot ship to "${where.country}": enter the country's name or its two-letter code`, {
      fields: { country: "Unknown country" },
    })
  }
  const cartId = await linkedCartId(container, user.id)
  if (!cartId) throw new ShopError("cart_empty", "Your cart is empty")
  const cart = await priceCart(container, { cartId, email: user.email, vatId: buyerVatId(user) }, where)
  return {
    items: cart.lines.map((line) => ({
      id: line.itemNumber,
      productId: line.productNumber,
      quantity: line.quantity,
      price: centsToEuros(line.unitPrice),
      total: centsToEuros(line.unitPrice * line.quantity),
    })),
    subtotal: centsToEuros(cart.subtotal),
    shippingCost: cart.method ? centsToEuros(cart.shipping) : null,
    total: centsToEuros(cart.total),
    ...vatFigures(cart.vat),
  }
}
