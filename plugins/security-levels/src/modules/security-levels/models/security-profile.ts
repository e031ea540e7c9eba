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
    // The German texts of a product. Medusa 2.21's Translation Module sits behind a feature flag and
    // translates text columns only, so it could hold the German description but not the features and
    // specifications, which live here as JSON. Kept beside the English features and specifications they
    // translate, in the module that already owns them, they are read in the same query and written in the same step.
    /** An accessory's or service's German name; null or "": German pages show Medusa's product.title (phones keep their brand names). */
    name_de: model.text().nullable(),
    /** null or "": German pages show the English description (Medusa's product.description). */
    description_de: model.text().nullable(),
    /** English feature → its German wording; a feature without one is shown in English. */
    features_de: model.json().default({}),
    /** Specification name (as in `specifications`) → its German value; one without is shown in English. */
    specifications_de: model.json().default({}),
  })
  .indexes([{ on: ["catalogue_number"], unique: true }])

export default SecurityProfile
