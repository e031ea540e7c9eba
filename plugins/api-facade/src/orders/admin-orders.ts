import type { MedusaContainer } from "@medusajs/framework/types"
import { Modules } from "@medusajs/framework/utils"
import { updateOrderWorkflow } from "@medusajs/medusa/core-flows"
import type { Order, OrderStatus, ShippingAddress } from "@enclave/contract"
import type { ShopUserRow } from "../accounts/users"
import { countryCodeOf, shopContext } from "../cart/shop-context"
import { ApiError } from "../http/api-error"
import { findOrder, shopOrders } from "./read-orders"

async function existingOrder(container: MedusaContainer, orderNumber: number) {
  const found = await findOrder(container, orderNumber)
  if (!found) throw new ApiError(404, `Order ${orderNumber} not found`)
  return found
}

/** SPEC §4: an admin may set any status from any other; no order is enforced. */
export async function setOrderStatus(container: MedusaContainer, orderNumber: number, status: OrderStatus): Promise<Order> {
  const found = await existingOrder(container, orderNumber)
  await shopOrders(container).updateOrderDetails({ id: found.details.id, status })
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
  const newCode = countryCodeOf(context, address.country)
  const oldCode = before ? countryCodeOf(context, before.country) : null
  if (!newCode) {
    throw new ApiError(400, `We cannot ship to "${address.country}": enter the country's name or its two-letter code`, {
      fields: { "shippingAddress.country": "Unknown country" },
    })
  }
  if (oldCode && newCode !== oldCode) {
    throw new ApiError(409, "The country of a placed order cannot be changed: its shipping was priced for the original country")
  }
  const parts = address.fullName.trim().split(/\s+/)
  await updateOrderWorkflow(container).run({
    input: {
      id: found.medusaOrderId,
      user_id: admin.id,
      shipping_address: {
        first_name: parts.length > 1 ? parts.slice(0, -1).join(" ") : parts[0],
        last_name: parts.length > 1 ? parts.at(-1)! : "",
        address_1: address.addressLine1,
        address_2: address.addressLine2 ?? "",
        city: address.city,
        province: address.state,
        postal_code: address.postalCode,
        country_code: newCode,
      },
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
    await container.resolve(Modules.INVENTORY).deleteReservationItemsByLineItem(found.lineItemIds)
  }
  await container.resolve(Modules.ORDER).softDeleteOrders([found.medusaOrderId])
  await shopOrders(container).deleteOrderDetails([found.details.id])
}
