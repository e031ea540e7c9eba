import { model } from "@medusajs/framework/utils"

/**
 * How the shop presents a Medusa shipping option as a shipping method (docs/product.md §3 ShippingMethod):
 * the text customers read, whether it is offered, whether it is preselected, and where it sorts.
 * `method_number` is the stable whole-number id of the /api contract.
 */
const ShippingMethodDetails = model
  .define("shipping_method_details", {
    id: model.id({ prefix: "shipdet" }).primaryKey(),
    method_number: model.autoincrement(),
    description: model.text().default(""),
    /**
     * The name and description in German for German pages; null: they show the English ones. The English
     * name is Medusa's shipping option's; these are the shop's, like the German estimate.
     */
    name_de: model.text().nullable(),
    description_de: model.text().nullable(),
    estimated_delivery: model.text().nullable(),
    /** The estimate in German for German pages; null: they show estimated_delivery. */
    estimated_delivery_de: model.text().nullable(),
    is_default: model.boolean().default(false),
    is_active: model.boolean().default(true),
    sort_order: model.number().default(0),
  })
  .indexes([{ on: ["method_number"], unique: true }])

export default ShippingMethodDetails
