import { model } from "@medusajs/framework/utils"

/**
 * What Enclave knows about a product beyond Medusa's catalogue: how secure it is, what kind of
 * product it is, and the feature and specification texts the shop shows. `catalogue_number` is
 * the stable whole-number id the /api contract uses for the product (docs/product.md §3: ids are numbers).
 */
const SecurityProfile = model
  .define("security_profile", {
    id: model.id({ prefix: "secprof" }).primaryKey(),
    catalogue_number: model.autoincrement(),
    level: model.number().default(3),
    category: model.enum(["phone", "accessory", "service"]).default("phone"),
    // A JSON list of strings; jsonb keeps it in order.
    features: model.json().default([] as unknown as Record<string, unknown>),
    specifications: model.json().default({}),
  })
  .indexes([{ on: ["catalogue_number"], unique: true }])

export default SecurityProfile
