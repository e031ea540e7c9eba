import type { SubscriberArgs, SubscriberConfig } from "@medusajs/framework"
import { bumpCatalogue } from "../cache"

/**
 * Keeps the catalogue cache (cache.ts) fresh when something other than the shop's own flows
 * changes what the catalogue shows: Medusa's admin API, a workflow in the worker, a script. The
 * shop's flows mark it stale themselves, in a step before they answer (freshness.ts); this is the
 * net for everything else. With REDIS_URL the events come through the Redis event bus (handled by the worker
 * instance) and the bump is a Redis INCR, so every server instance sees it on its next request.
 *
 * Medusa 2.21 emits two families of names, and both are listened to:
 * - workflow events ("product.updated", "inventory-level.updated", ...), emitted by the core flows;
 * - module events ("<module>.<entity>.<action>"), emitted by each module's service for every row it
 *   creates, updates or deletes (price rows, reservations made by completing a cart, our own
 *   modules' security profiles and shipping method details, ...).
 */
const actions = ["created", "updated", "deleted", "restored"] as const
const moduleEntities = [
  "product.product",
  "product.product-variant",
  "pricing.price",
  "pricing.price-set",
  "pricing.price-list",
  "pricing.price-rule",
  "pricing.price-list-rule",
  "inventory.inventory-item",
  "inventory.inventory-level",
  "inventory.reservation-item",
  "fulfillment.shipping-option",
  "fulfillment.shipping-option-rule",
  // Which countries a shipping method serves (Medusa's admin can edit zones too).
  "fulfillment.service-zone",
  "fulfillment.geo-zone",
  "securityLevels.security-profile",
  "shippingMethods.shipping-method-details",
  // The tax lines a purchase takes from Medusa's tax settings are kept as facts too (tax/purchase-tax.ts).
  "tax.tax-region",
  "tax.tax-rate",
  "tax.tax-rate-rule",
]
const workflowEvents = [
  "product.created",
  "product.updated",
  "product.deleted",
  "product-variant.created",
  "product-variant.updated",
  "product-variant.deleted",
  "price-list.created",
  "price-list.updated",
  "price-list.deleted",
  "inventory-item.created",
  "inventory-item.updated",
  "inventory-item.deleted",
  "inventory-level.created",
  "inventory-level.updated",
  "inventory-level.deleted",
  "reservation-item.created",
  "reservation-item.updated",
  "reservation-item.deleted",
  "shipping-option.created",
  "shipping-option.updated",
  "shipping-option.deleted",
  // Placing, cancelling or deleting an order moves stock (its reservations).
  "order.placed",
  "order.canceled",
]

export const catalogueEvents = [...workflowEvents, ...moduleEntities.flatMap((entity) => actions.map((action) => `${entity}.${action}`))]

/**
 * Events that only move stock (orders, reservations, levels' quantities): they leave the catalogue
 * facts (prices, ids, shipping methods) as they were, so buyers do not empty them for each other.
 * A new or deleted level is a new place stock is kept: everything is read again.
 */
export const stockOnlyEvents = new Set([
  "order.placed",
  "order.canceled",
  "inventory-level.updated",
  "inventory.inventory-level.updated",
  ...["reservation-item", "inventory.reservation-item"].flatMap((entity) => actions.map((action) => `${entity}.${action}`)),
])

export default async function catalogueChanged({ event }: SubscriberArgs<unknown>) {
  await bumpCatalogue(`the event ${event.name}`, stockOnlyEvents.has(event.name) ? "stock" : "all")
}

export const config: SubscriberConfig = {
  event: catalogueEvents,
  context: { subscriberId: "enclave-catalogue-cache" },
}
