import type { Order } from "@enclave/contract"
import { t } from "../../i18n/orders"

/**
 * The estimate of the method the order was placed with, as the admin entered it for that method;
 * docs/product.md §9's fixed text only when the method names none (or the order has no method any more).
 */
export function estimatedDelivery(order: Pick<Order, "shippingMethod">): string {
  return order.shippingMethod?.estimated_delivery?.trim() || t("estimatedDeliveryValue")
}
