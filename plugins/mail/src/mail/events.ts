/**
 * The events the shop's mails hang on, and their payloads.
 *
 * - `order.placed` { id }: Medusa's order id (the facade's place-order workflow emits it).
 * - `order.canceled` { id }: Medusa's order id (Medusa's cancelOrderWorkflow emits it; the facade's
 *   cancel-order workflow runs that for the admin's cancel and delete, and for a payment denied later).
 * - `shipment.created` { id, no_notification }, `delivery.created` { id }: the fulfilment's id (Medusa's
 *   create-shipment and mark-as-delivered workflows, which the admin's status change runs).
 * - `shop_user.*` { id }: the shop user's id (shopusr_…); a reset request also carries the link, an
 *   e-mail change request the new address and its link (null when another account has the address).
 */
export const ORDER_PLACED = "order.placed"
/** The shop's own (the facade's withdraw workflow): { id } of the withdrawal (wdr_…). */
export const WITHDRAWAL_RECEIVED = "withdrawal.received"
/** Medusa's confirm-receive-return workflow: { order_id, return_id }. */
export const ORDER_RETURN_RECEIVED = "order.return_received"
/** The shop's own (the facade's refund workflow, beside Medusa's payment.refunded): { id } of the shop's refund (shref_…). */
export const REFUND_MADE = "refund.made"
export const ORDER_CANCELED = "order.canceled"
export const SHIPMENT_CREATED = "shipment.created"
export const DELIVERY_CREATED = "delivery.created"
export const PASSWORD_CHANGED = "shop_user.password_changed"
export const PASSWORD_RESET_REQUESTED = "shop_user.password_reset_requested"
export const EMAIL_CHANGE_REQUESTED = "shop_user.email_change_requested"
export const TWO_FACTOR_ENABLED = "shop_user.two_factor_enabled"
export const TWO_FACTOR_DISABLED = "shop_user.two_factor_disabled"
/** The accounts plugin's: { id } of the account whose OpenPGP key was saved (an encrypted test mail goes out). */
export const PGP_KEY_SAVED = "shop_user.pgp_key_saved"
/** The accounts plugin's delete workflow: the deleted account's address, name, language and key (ShopUserDeletedEvent). */
export const SHOP_USER_DELETED = "shop_user.deleted"

export interface OrderEvent {
  id: string
}
export interface FulfilmentEvent {
  id: string
  no_notification?: boolean
}
export interface ShopUserEvent {
  id: string
}
export interface PasswordResetRequestedEvent {
  id: string
  resetUrl: string
}
export interface EmailChangeRequestedEvent {
  id: string
  newEmail: string
  confirmUrl: string | null
}

export interface ReturnReceivedEvent {
  order_id: string
  return_id: string
}
