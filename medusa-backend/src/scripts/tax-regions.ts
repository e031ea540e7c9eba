import type { ExecArgs } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, Modules } from "@medusajs/framework/utils"
import { createTaxRegionsWorkflow } from "@medusajs/medusa/core-flows"
import { shopTaxRegions } from "./eu-vat-rates"

/** Medusa's own tax provider: the rates as the tax settings hold them. */
const SYSTEM_TAX_PROVIDER = "tp_system"

/**
 * Creates each tax region the shop lacks, through Medusa's workflow; one that exists is left as the
 * shop's staff may have changed it. The launcher runs it on every database it has not run on since
 * the EU's rates came (set-up mark "euTaxRegions"), so a shop set up with Germany's alone gets the others.
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
