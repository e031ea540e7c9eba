import type { MedusaContainer } from "@medusajs/framework/types"
import { Modules } from "@medusajs/framework/utils"
import { updateOrderWorkflow } from "@medusajs/medusa/core-flows"
import type { Order, OrderStatus, ShippingAddress } from "@enclave/contract"
import type { ShopUserRow } from "../accounts/users"
import { countryCodeOf, destinationOf, shopContext } from "../cart/shop-context"
import { ApiError } from "../http/api-error"
import { medusaAddress } from "./medusa-address"
import { findOrder, shopOrders } from "./read-orders"
import { runThenBump } from "../catalogue/cache"

async function existingOrder(container: MedusaContainer, orderNumber: number) {
  const found = await findOrder(container, orderNumber)
  if (!found) throw new ApiError(404, `Order ${orderNumber} not found`)
  return found
}

/** SPEC §4: an admin may set any status from any other; no order is enforced. */
export async function setOrderStatus(container: MedusaContainer, orderNumber: number, status: OrderStatus): Promise<Order> {
  const found = await existingOrder(container, orderNumber)
  // The status alone moves no stock today, but cancelling is a stock change to people: the catalogue
  // is marked stale (cheap, admin-only) so it stays right if cancelling ever releases reservations.
  await runThenBump("an order's status was changed", () => shopOrders(container).updateOrderDetails({ id: found.details.id, status }))
  return (await findOrder(container, orderNumber))!.order
}

/**
 * Corrects where an order goes. The shop keeps the address as typed; Medusa's copy follows it,
 * except the country: the order's shipping was priced and its region chosen for that country.
 */
export async function setShippingAddress(
  container: MedusaContainer,
  admin: ShopUserRow,
  orderNumber: number,
  address: ShippingAddress,
): Promise<ShippingAddress> {
  const found = await existingOrder(container, orderNumber)
  const context = await shopContext(container)
  const before = found.details.shipping_address
  const { countryCode: newCode } = destinationOf(context, address.country)
  const oldCode = before ? countryCodeOf(context, before.country) : null
  if (oldCode && newCode !== oldCode) {
    throw new ApiError(409, "The country of a placed order cannot be changed: its shipping was priced for the original country")
  }
  await updateOrderWorkflow(container).run({
    input: {
      id: found.medusaOrderId,
      user_id: admin.id,
      shipping_address: medusaAddress(address, newCode),
    },
  })
  const stored = { ...address, addressLine2: address.addressLine2 || null }
  await shopOrders(container).updateOrderDetails({ id: found.details.id, shipping_address: stored })
  return stored
}

/**
 * Removes an order from the shop. Stock it still holds (reservations of an order that has not
 * shipped) goes back on sale; then Medusa's order and the shop's details are deleted.
 */
export async function deleteOrder(container: MedusaContainer, orderNumber: number) {
  const found = await existingOrder(container, orderNumber)
  if (!["shipped", "delivered", "completed"].includes(found.details.status) && found.lineItemIds.length > 0) {
    await runThenBump("an order's stock went back on sale", () =>
      container.resolve(Modules.INVENTORY).deleteReservationItemsByLineItem(found.lineItemIds),
    )
  }
  await container.resolve(Modules.ORDER).softDeleteOrders([found.medusaOrderId])
  await shopOrders(container).deleteOrderDetails([found.details.id])
}
