import type { ItemTaxLineDTO, MedusaContainer, ShippingTaxLineDTO } from "@medusajs/framework/types"
import { Modules } from "@medusajs/framework/utils"
import { netOfGross, REVERSE_CHARGE_TAX_CODE, reverseChargeApplies, SHOP_COUNTRY } from "@enclave/contract/tax"
import { catalogueFacts } from "@enclave/catalogue"

/**
 * The tax of a purchase, from Medusa's tax module: the tax lines its order will carry and
 * the prices it is charged at. The one place a purchase meets tax: the checkout summary, the payment
 * amounts and the order itself all come through pricePurchase (orders/checkout.ts), which asks here.
 *
 * The shop's prices are one gross list (VAT included, docs/product.md §4 VAT):
 * - a consumer, or a business without the reverse charge, pays it as it is; the lines carry the
 *   rates Medusa's tax settings give the destination (Germany 19 %, another EU state its own
 *   standard rate: one-stop-shop), none outside the EU, where no tax region exists (an export);
 * - a business whose VAT ID is from another EU state, shipping to another EU state, pays it without
 *   Germany's VAT (each unit to the cent) and its lines are 0 % reverse-charge lines.
 */

/** A tax line as createOrdersStep writes it on an item or a shipping method (Medusa's CreateOrderTaxLineDTO). */
export interface OrderTaxLine {
  code: string
  rate: number
  description: string
  tax_rate_id?: string
  provider_id?: string
}

export interface TaxableItem {
  /** The caller's key of the line (the cart item's number). */
  key: number
  /** Medusa's product: the tax settings' rate rules match on it. */
  productId: string
  grossUnitCents: number
}

export interface TaxableShipping {
  /** Medusa's shipping option: rate rules match on it too. */
  optionId: string
  grossCents: number
}

export interface TaxedLine {
  /** What one unit is charged at, in cents: the gross price, or the net one under the reverse charge. */
  unitCents: number
  taxLines: OrderTaxLine[]
}

export interface PurchaseTax {
  reverseCharge: boolean
  items: Map<number, TaxedLine>
  shipping: TaxedLine | null
}

export interface TaxDestination {
  /** Medusa's country code (lower case). */
  countryCode: string
  /** The address's state or province as typed, which Medusa matches against its province tax regions. */
  province: string | null
}

/** What Medusa's tax settings give one kind of line (a product, a shipping option) in one place: the cache's key. */
function taxFactKey(destination: TaxDestination, line: { productId: string } | { optionId: string }): string {
  const where = `${destination.countryCode}:${(destination.province ?? "").trim().toLowerCase()}`
  return "productId" in line ? `tax:${where}:product:${line.productId}` : `tax:${where}:option:${line.optionId}`
}

/**
 * Medusa's tax lines for these products and this shipping option at an address, by taxFactKey. They
 * are catalogue facts (catalogue/cache.ts): the same for every buyer until staff change a tax region,
 * rate or rule (the tax module's events bump them, subscribers/catalogue-changed.ts) or the catalogue,
 * so a purchase asks Medusa's tax module only for what no purchase asked before.
 */
async function medusaTaxLines(
  container: MedusaContainer,
  items: readonly TaxableItem[],
  shipping: TaxableShipping | null,
  destination: TaxDestination,
): Promise<Map<string, OrderTaxLine[]>> {
  const lines = [...items.map((item) => ({ productId: item.productId })), ...(shipping ? [{ optionId: shipping.optionId }] : [])]
  const byKey = new Map(lines.map((line) => [taxFactKey(destination, line), line]))
  return catalogueFacts().many<OrderTaxLine[]>([...byKey.keys()], async (missing) => {
    const taxable = missing.map((key) => {
      const line = byKey.get(key)!
      return "productId" in line
        ? { id: key, product_id: line.productId, quantity: 1, currency_code: "eur" }
        : { id: key, shipping_option_id: line.optionId, currency_code: "eur" }
    })
    const found = await container.resolve(Modules.TAX).getTaxLines(taxable, {
      address: { country_code: destination.countryCode, province_code: destination.province?.trim() || null },
    })
    // Every line asked is answered, those without a rate with none, so that is kept too.
    const answered = new Map(missing.map((key) => [key, [] as OrderTaxLine[]]))
    for (const line of found) {
      const key = "line_item_id" in line ? line.line_item_id : line.shipping_line_id
      answered.get(key)?.push(orderTaxLine(line))
    }
    return answered
  })
}

/** As Medusa's own complete-cart writes a tax line (prepareTaxLinesData): the rate's name is the description. */
function orderTaxLine(line: ItemTaxLineDTO | ShippingTaxLineDTO): OrderTaxLine {
  return {
    // A provider may leave the code empty; the order's tax line needs one.
    code: line.code || line.name,
    rate: Number(line.rate),
    description: line.name,
    tax_rate_id: line.rate_id ?? undefined,
    provider_id: line.provider_id,
  }
}

const reverseChargeLine: OrderTaxLine = {
  code: REVERSE_CHARGE_TAX_CODE,
  rate: 0,
  description: "Reverse charge: tax-free intra-community supply (§ 4 Nr. 1 b, § 6a UStG)",
}

/**
 * The tax of a purchase shipped to `destination` by a buyer with `vatId` (null: a consumer): the
 * order's tax lines and the unit prices it is charged at. One call of Medusa's tax module for all
 * lines (what the catalogue facts do not hold yet); under the reverse charge for Germany, whose rates
 * the gross prices contain.
 */
export async function taxPurchase(
  container: MedusaContainer,
  input: { destination: TaxDestination; vatId: string | null; items: readonly TaxableItem[]; shipping: TaxableShipping | null },
): Promise<PurchaseTax> {
  const reverseCharge = reverseChargeApplies(input.vatId, input.destination.countryCode)
  const where = reverseCharge ? { countryCode: SHOP_COUNTRY, province: null } : input.destination
  const byKey = await medusaTaxLines(container, input.items, input.shipping, where)
  const taxed = (key: string, grossCents: number): TaxedLine => {
    const lines = byKey.get(key) ?? []
    if (!reverseCharge) return { unitCents: grossCents, taxLines: lines }
    const germanRate = lines.reduce((sum, line) => sum + line.rate, 0)
    return { unitCents: netOfGross(grossCents, germanRate), taxLines: [reverseChargeLine] }
  }
  return {
    reverseCharge,
    items: new Map(input.items.map((item) => [item.key, taxed(taxFactKey(where, item), item.grossUnitCents)])),
    shipping: input.shipping ? taxed(taxFactKey(where, input.shipping), input.shipping.grossCents) : null,
  }
}
