import type { ItemTaxLineDTO, MedusaContainer, ShippingTaxLineDTO } from "@medusajs/framework/types"
import { Modules } from "@medusajs/framework/utils"
import { netOfGross, REVERSE_CHARGE_TAX_CODE, reverseChargeApplies, SHOP_COUNTRY } from "@enclave/contract/tax"

/**
 * The tax of a purchase, from Medusa's tax module (issue 39): the tax lines its order will carry and
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

const SHIPPING_LINE = "shipping"
const itemLineId = (key: number) => `item-${key}`

/** Medusa's tax lines of the items and the shipping for an address, by line id (several when rates combine). */
async function medusaTaxLines(
  container: MedusaContainer,
  items: readonly TaxableItem[],
  shipping: TaxableShipping | null,
  destination: TaxDestination,
): Promise<Map<string, Array<ItemTaxLineDTO | ShippingTaxLineDTO>>> {
  const taxable = [
    ...items.map((item) => ({ id: itemLineId(item.key), product_id: item.productId, quantity: 1, currency_code: "eur" })),
    ...(shipping ? [{ id: SHIPPING_LINE, shipping_option_id: shipping.optionId, currency_code: "eur" }] : []),
  ]
  const byLine = new Map<string, Array<ItemTaxLineDTO | ShippingTaxLineDTO>>()
  if (taxable.length === 0) return byLine
  const lines = await container
    .resolve(Modules.TAX)
    .getTaxLines(taxable, { address: { country_code: destination.countryCode, province_code: destination.province || null } })
  for (const line of lines) {
    const id = "line_item_id" in line ? line.line_item_id : line.shipping_line_id
    byLine.set(id, [...(byLine.get(id) ?? []), line])
  }
  return byLine
}

function orderTaxLines(lines: ReadonlyArray<ItemTaxLineDTO | ShippingTaxLineDTO> | undefined): OrderTaxLine[] {
  // As Medusa's own complete-cart maps them (prepareTaxLinesData): the rate's name is the description.
  return (lines ?? []).map((line) => ({
    // A provider may leave the code empty; the order's tax line needs one.
    code: line.code || line.name,
    rate: Number(line.rate),
    description: line.name,
    tax_rate_id: line.rate_id ?? undefined,
    provider_id: line.provider_id,
  }))
}

const reverseChargeLine: OrderTaxLine = {
  code: REVERSE_CHARGE_TAX_CODE,
  rate: 0,
  description: "Reverse charge: tax-free intra-community supply (§ 4 Nr. 1 b, § 6a UStG)",
}

/**
 * The tax of a purchase shipped to `destination` by a buyer with `vatId` (null: a consumer): the
 * order's tax lines and the unit prices it is charged at. One call of Medusa's tax module for all
 * lines; under the reverse charge that call is for Germany, whose rates the gross prices contain.
 */
export async function taxPurchase(
  container: MedusaContainer,
  input: { destination: TaxDestination; vatId: string | null; items: readonly TaxableItem[]; shipping: TaxableShipping | null },
): Promise<PurchaseTax> {
  const reverseCharge = reverseChargeApplies(input.vatId, input.destination.countryCode)
  const where = reverseCharge ? { countryCode: SHOP_COUNTRY, province: null } : input.destination
  const byLine = await medusaTaxLines(container, input.items, input.shipping, where)
  const taxed = (id: string, grossCents: number): TaxedLine => {
    const lines = orderTaxLines(byLine.get(id))
    if (!reverseCharge) return { unitCents: grossCents, taxLines: lines }
    const germanRate = lines.reduce((sum, line) => sum + line.rate, 0)
    return { unitCents: netOfGross(grossCents, germanRate), taxLines: [reverseChargeLine] }
  }
  return {
    reverseCharge,
    items: new Map(input.items.map((item) => [item.key, taxed(itemLineId(item.key), item.grossUnitCents)])),
    shipping: input.shipping ? taxed(SHIPPING_LINE, input.shipping.grossCents) : null,
  }
}
