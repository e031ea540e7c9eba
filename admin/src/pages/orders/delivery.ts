import type { Order } from "@enclave/contract"
import { deliveryEstimate } from "@enclave/contract/values"
import { language } from "../../i18n"
import { t } from "../../i18n/orders"

/**
 * The estimate of the method the order was placed with, as the admin entered it for that method, in the admin's
 * language (the German wording when there is one). The methods are the one truth for delivery times, so
 * an order whose method names none (or that has no method any more) says so instead of promising a time.
 */
export function estimatedDelivery(order: Pick<Order, "shippingMethod">, lang: string = language): string {
  return (order.shippingMethod && deliveryEstimate(order.shippingMethod, lang)) || t("estimatedDeliveryNone")
}
