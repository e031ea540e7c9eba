/**
 * Medusa's own Store API of a running shop, straight to its Medusa server's port with the seed's
 * publishable key, as a Medusa storefront or a plugin's buyer would use it: to read an order the shop
 * placed as Medusa holds it (GET /store/orders/:id answers by the order's id), and to price the same
 * cart Medusa's way (both must agree with /api to the cent).
 */
import { withClient } from "../../launcher/database.ts"
import { ApiClient, type Json } from "./api.ts"
import { databaseUrlOf, medusaOfShop } from "./races.ts"
import { shopUrl } from "./urls.ts"

export interface MedusaTaxLine {
  code: string
  rate: number
}

/** An order as Medusa's Store API answers it, with the fields the tax tests read. */
export interface MedusaOrder {
  id: string
  display_id: number
  total: number
  tax_total: number
  items: Array<{ unit_price: number; quantity: number; is_tax_inclusive: boolean; tax_lines: MedusaTaxLine[] }>
  shipping_methods: Array<{ amount: number; is_tax_inclusive: boolean; tax_lines: MedusaTaxLine[] }>
}

export class MedusaStore {
  readonly client: ApiClient
  readonly key: string

  constructor(url: string, key: string) {
    this.client = new ApiClient(url)
    this.key = key
  }

  async call(method: "GET" | "POST", path: string, body?: unknown): Promise<Json> {
    const answer = await this.client.request(method, path, body, { headers: { "x-publishable-api-key": this.key }, sameOrigin: false })
    if (answer.status !== 200) throw new Error(`${method} ${path} answered ${answer.status}: ${JSON.stringify(answer.body)}`)
    return answer.body
  }

  /** The order the shop placed as number `displayId`, as Medusa holds it. */
  async order(displayId: number, databaseUrl: string): Promise<MedusaOrder> {
    const id = await withClient(databaseUrl, async (client) => {
      const { rows } = await client.query<{ id: string }>(`select id from "order" where display_id = $1`, [displayId])
      return rows[0]!.id
    })
    const fields = [
      "id",
      "display_id",
      "total",
      "tax_total",
      "items.unit_price",
      "items.quantity",
      "items.is_tax_inclusive",
      "items.tax_lines.code",
      "items.tax_lines.rate",
      "shipping_methods.amount",
      "shipping_methods.is_tax_inclusive",
      "shipping_methods.tax_lines.code",
      "shipping_methods.tax_lines.rate",
    ].join(",")
    return (await this.call("GET", `/store/orders/${id}?fields=${fields}`)).order
  }

  /**
   * A cart made Medusa's way (as bench/bench.ts's Store API purchase makes it): in the region that ships
   * to the country, one unit of the product, the address, the first shipping option offered; its totals.
   */
  async cartTotals(productTitle: string, address: { country_code: string; city: string; postal_code: string }) {
    const { regions } = await this.call("GET", "/store/regions?fields=id,*countries&limit=100")
    const region = (regions as Array<{ id: string; countries: Array<{ iso_2: string }> }>).find((r) =>
      r.countries.some((c) => c.iso_2 === address.country_code),
    )!
    const { products } = await this.call("GET", `/store/products?q=${encodeURIComponent(productTitle)}&fields=id,title,*variants`)
    const product = (products as Array<{ title: string; variants: Array<{ id: string }> }>).find((p) => p.title === productTitle)!
    const { cart } = await this.call("POST", "/store/carts", { region_id: region.id, email: "store-api@tax.example" })
    await this.call("POST", `/store/carts/${cart.id}/line-items`, { variant_id: product.variants[0].id, quantity: 1 })
    await this.call("POST", `/store/carts/${cart.id}`, {
      shipping_address: { first_name: "Store", last_name: "Buyer", address_1: "Unter den Linden 1", ...address },
    })
    const { shipping_options } = await this.call("GET", `/store/shipping-options?cart_id=${cart.id}`)
    await this.call("POST", `/store/carts/${cart.id}/shipping-methods`, { option_id: shipping_options[0].id })
    const priced = await this.call("GET", `/store/carts/${cart.id}?fields=total,subtotal,tax_total,shipping_total,item_total`)
    return {
      shippingOption: shipping_options[0].name as string,
      ...(priced.cart as { total: number; subtotal: number; tax_total: number; shipping_total: number; item_total: number }),
    }
  }
}

/** The Store API of the shop at `url` (the suite's shop unless another is named). */
export async function medusaStoreOf(url: string = shopUrl()): Promise<MedusaStore> {
  const key = await withClient(databaseUrlOf(url), async (client) => {
    const { rows } = await client.query<{ token: string }>(
      "select token from api_key where type = 'publishable' and revoked_at is null limit 1",
    )
    return rows[0]!.token
  })
  return new MedusaStore(medusaOfShop(url).url, key)
}
