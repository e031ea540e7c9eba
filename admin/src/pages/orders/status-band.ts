import type { OrderStatus } from "@enclave/contract/values"
import type { Band } from "../../components/bands"

/**
 * One colour scheme for an order's status wherever the admin shows it (dashboard, orders list,
 * order view), with docs/product.md §2's rule: completed green, pending yellow, any other
 * status red. An invoice's payment state uses the same three bands.
 */
export function statusBand(status: OrderStatus): Band {
  return status === "completed" ? "green" : status === "pending" ? "gold" : "red"
}
