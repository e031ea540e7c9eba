import { model } from "@medusajs/framework/utils"

/**
 * A consumer's withdrawal statement (§ 356a BGB, Art. 11a CRD): who withdrew, how to reach them, which items,
 * and the moment the shop received it. It stands on its own: an order not yet dispatched has no Medusa
 * return to hang it on. The plugin's links tie it to its Medusa order and, once the goods are to come
 * back, to the Medusa return that takes them (links/withdrawal-order.ts, links/withdrawal-return.ts).
 */
const Withdrawal = model.define("withdrawal", {
  id: model.id({ prefix: "wdr" }).primaryKey(),
  name: model.text(),
  email: model.text(),
  // The receipt's language, en or de.
  language: model.text().default("en"),
  // [{ item_number, line_item_id, quantity, name, name_de }]: the order's lines as they were withdrawn.
  items: model.json(),
  // The items in a canonical form ("3x1,7x2"): the same items withdrawn again get the first record.
  items_key: model.text(),
  whole_order: model.boolean(),
  received_at: model.dateTime(),
  // YYYY-MM-DD in the shop's time zone: 14 days from receipt (§ 357 (1) BGB).
  refund_deadline: model.text(),
})

export default Withdrawal
