import type { OrderStatus } from "@enclave/contract/values"
import { BandTag } from "../../components/band-tag"
import { statusLabel } from "../../i18n/orders"
import { statusBand } from "./status-band"

/**
 * An order's status in the admin's one colour scheme. A file of its own: the dashboard (the first
 * screen) shows it, and must not load the orders resource and its zod schemas with it.
 */
export function OrderStatusTag({ status }: { status: OrderStatus }) {
  return (
    <BandTag band={statusBand(status)} data-order-status={status}>
      {statusLabel(status)}
    </BandTag>
  )
}
