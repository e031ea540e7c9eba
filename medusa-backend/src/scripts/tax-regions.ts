import type { ExecArgs } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, Modules } from "@medusajs/framework/utils"
import { createTaxRegionsWorkflow } from "@medusajs/medusa/core-flows"

/** Medusa's own tax provider: the rates as the tax settings hold them. */
const SYSTEM_TAX_PROVIDER = "tp_system"

/**
 * The VAT rates the shop's invoices state (issue 17), as tax regions in Medusa's tax settings. The
 * shop's prices include VAT; orders are priced as before, and an invoice takes its VAT out of the
 * gross amount at the rate its shipping country has here. A country without a tax region is
 * invoiced without VAT.
 */
export const shopTaxRegions = [{ countryCode: "de", rate: 19, name: "Umsatzsteuer (Regelsatz)", code: "DE-19" }]

/**
 * Creates each tax region the shop lacks, through Medusa's workflow; one that exists is left as the
 * shop's staff may have changed it. The launcher runs it on every database it has not run on yet,
 * so a shop seeded before tax regions existed gets them on its next start.
 */
export default async function ensureTaxRegions({ container }: ExecArgs) {
  const logger = container.resolve(ContainerRegistrationKeys.LOGGER)
  const tax = container.resolve(Modules.TAX)
  const existing = await tax.listTaxRegions(
    { country_code: shopTaxRegions.map((r) => r.countryCode) },
    { select: ["country_code", "province_code"] },
  )
  const missing = shopTaxRegions.filter((r) => !existing.some((e) => e.country_code === r.countryCode && !e.province_code))
  if (missing.length === 0) {
    logger.info("Enclave: the tax regions are there already")
    return
  }
  await createTaxRegionsWorkflow(container).run({
    input: missing.map((r) => ({
      country_code: r.countryCode,
      provider_id: SYSTEM_TAX_PROVIDER,
      default_tax_rate: { rate: r.rate, name: r.name, code: r.code },
    })),
  })
  logger.info(`Enclave: created the tax regions of ${missing.map((r) => `${r.countryCode.toUpperCase()} (${r.rate} %)`).join(", ")}`)
}
