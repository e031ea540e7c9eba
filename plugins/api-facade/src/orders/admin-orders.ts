import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, Modules } from "@medusajs/framework/utils"
import { updateOrderWorkflow } from "@medusajs/medusa/core-flows"
import type { Order, OrderStatus, ShippingAddress } from "@enclave/contract"
import type { ShopUserRow } from "../accounts/users"
import { countryCodeOf, destinationOf, shopContext } from "../cart/shop-context"
import { ApiError } from "../http/api-error"
import { medusaAddress } from "./medusa-address"
import { findOrder, shopOrders } from "./read-orders"
import { cancelShopOrder, notesWith } from "./cancel-order"

async function existingOrder(container: MedusaContainer, orderNumber: number) {
  const found = await findOrder(container, orderNumber)
  if (!found) throw new ApiError(404, `Order ${orderNumber} not found`)
  return found
}

export const ADMIN_CANCEL_REASON = "Cancelled by the shop"
export const REOPENED_NOTE =
  "Reopened after cancellation: its stock was put back on sale and its payment cancelled or refunded; neither was taken again"

/**
 * docs/product.md §4: an admin may set any status from any other; no order is enforced. "cancelled" cancels
 * the order (cancel-order.ts: stock back on sale, payment cancelled or refunded). Any other status
 * on a cancelled order reopens it in the shop's books only: Medusa's order stays cancelled, and the
 * stock and money it gave back are not taken again (that would need the customer to pay anew); the
 * notes say so, so whoever ships it knows.
 *
 * A real change is announced as `shop_order.status_changed` { id: Medusa's order id, status }:
 * the mail plugin's subscriber tells the customer that the order shipped or was delivered.
 */
export async function setOrderStatus(container: MedusaContainer, orderNumber: number, status: OrderStatus): Promise<Order> {
  const found = await existingOrder(container, orderNumber)
  if (status === "cancelled") {
    await cancelShopOrder(container, { orderId: found.medusaOrderId, reason: ADMIN_CANCEL_REASON })
  } else if (found.details.status === "cancelled") {
    await shopOrders(container).updateOrderDetails({ id: found.details.id, status, notes: notesWith(found.details.notes, REOPENED_NOTE) })
  } else {
    await shopOrders(container).updateOrderDetails({ id: found.details.id, status })
  }
  if (found.details.status !== status) await announceStatusChange(container, found.medusaOrderId, status)
  return (await findOrder(container, orderNumber))!.order
}

export const ORDER_STATUS_CHANGED_EVENT = "shop_order.status_changed"

/**
 * The status is stored whatever becomes of the announcement: an event bus that cannot take it
 * (Redis away for a moment) costs the customer a mail, not the admin the change.
 */
async function announceStatusChange(container: MedusaContainer, orderId: string, status: OrderStatus) {
  try {
    await container.resolve(Modules.EVENT_BUS).emit({ name: ORDER_STATUS_CHANGED_EVENT, data: { id: orderId, status } })
  } catch (error) {
    container
      .resolve(ContainerRegistrationKeys.LOGGER)
      .warn(`The status change of order ${orderId} to ${status} was stored but not announced: ${(error as Error).message}`)
  }
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
 * Removes an order from the shop: it is cancelled first (its stock back on sale, its payment
 * cancelled or refunded) unless its goods have left, then Medusa's order and the shop's details
 * are deleted. Deleting an order that is already cancelled only removes it.
 */
export async function deleteOrder(container: MedusaContainer, orderNumber: number) {
  const found = await existingOrder(container, orderNumber)
  await cancelShopOrder(container, { orderId: found.medusaOrderId, reason: ADMIN_CANCEL_REASON, remove: true })
}
