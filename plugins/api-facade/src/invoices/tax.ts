import type { ItemTaxLineDTO, MedusaContainer, ShippingTaxLineDTO } from "@medusajs/framework/types"
import { Modules } from "@medusajs/framework/utils"

/** An order's line as Medusa's tax module takes it: an item (its product) or the shipping (its option). */
export type TaxableLine =
  { id: string; kind: "item"; productId: string | null } | { id: string; kind: "shipping"; shippingOptionId: string | null }

/**
 * The VAT rate (percent) of each line, by the line's id, as Medusa's tax settings give it for the
 * country (and province) the order ships to: the tax region's default rate, or a rate whose rules
 * name the product or the shipping option. Combinable rates of one line add up. A line the settings
 * give no rate (a country without a tax region) is not in the map.
 *
 * Read when the invoice is made: the shop's orders carry no tax lines (their prices are gross and
 * are never changed by tax), so the rate is the one the tax settings hold now.
 */
export async function vatRatesOfLines(
  container: MedusaContainer,
  lines: readonly TaxableLine[],
  address: { countryCode: string; provinceCode: string | null },
): Promise<Map<string, number>> {
  if (lines.length === 0 || !address.countryCode) return new Map()
  const taxLines = await container.resolve(Modules.TAX).getTaxLines(
    lines.map((line) =>
      // Medusa only matches these ids against its rate rules: a deleted product or option matches none.
      line.kind === "item"
        ? { id: line.id, product_id: line.productId ?? "", currency_code: "eur" }
        : { id: line.id, shipping_option_id: line.shippingOptionId ?? "", currency_code: "eur" },
    ),
    { address: { country_code: address.countryCode, province_code: address.provinceCode } },
  )
  const rates = new Map<string, number>()
  for (const taxLine of taxLines) {
    const lineId = "line_item_id" in taxLine ? (taxLine as ItemTaxLineDTO).line_item_id : (taxLine as ShippingTaxLineDTO).shipping_line_id
    rates.set(lineId, (rates.get(lineId) ?? 0) + Number(taxLine.rate))
  }
  return rates
}
