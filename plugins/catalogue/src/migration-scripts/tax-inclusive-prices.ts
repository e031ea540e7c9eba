import type { ExecArgs } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, Modules } from "@medusajs/framework/utils"
import { updatePricePreferencesWorkflow } from "@medusajs/medusa/core-flows"

/**
 * The shop's euro prices include VAT (docs/product.md §4 VAT), and Medusa's pricing must
 * say so: its price preferences of the euro currency and of the euro regions mark them
 * tax-inclusive, so Medusa's Store API totals a cart as the shop does (€614.00 for a Base phone with
 * Germany Standard, the 19 % VAT contained) instead of adding VAT on top (€730.66).
 *
 * A data migration script, so Medusa runs it once per database (script_migrations) and a choice the
 * shop's staff make afterwards in Medusa's admin stays. A shop seeded before gets it on its next
 * start; a new shop runs it before its seed, which makes the preferences tax-inclusive itself.
 */
export default async function markPricesTaxInclusive({ container }: ExecArgs) {
  const logger = container.resolve(ContainerRegistrationKeys.LOGGER)
  const euroRegions = await container.resolve(Modules.REGION).listRegions({ currency_code: "eur" }, { select: ["id"] })
  const found = await container.resolve(Modules.PRICING).listPricePreferences(
    {
      $or: [
        { attribute: "currency_code", value: "eur" },
        ...(euroRegions.length ? [{ attribute: "region_id", value: euroRegions.map((r) => r.id) }] : []),
      ],
    },
    { select: ["id", "is_tax_inclusive"] },
  )
  const preferences = found.filter((p) => !p.is_tax_inclusive)
  if (preferences.length === 0) return
  await updatePricePreferencesWorkflow(container).run({
    input: { selector: { id: preferences.map((p) => p.id) }, update: { is_tax_inclusive: true } },
  })
  logger.info(`Enclave: marked the euro prices tax-inclusive (${preferences.length} price preferences)`)
}
