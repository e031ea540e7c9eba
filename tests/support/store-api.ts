/**
 * A purchase through Medusa's own Store API, straight to the shop's Medusa server with the seed's
 * publishable key, as another sales channel (a Medusa storefront, a POS, an app) would make it: cart in
 * the German region, a line, the address, a shipping method, Medusa's system payment provider, complete.
 */
import pg from "pg"
import { ApiClient, type Json } from "./api.ts"
import { databaseUrlOf, medusaOfShop } from "./races.ts"

async function publishableKey(databaseUrl: string): Promise<string> {
  const client = new pg.Client({ connectionString: databaseUrl })
  await client.connect()
  try {
    const { rows } = await client.query("select token from api_key where type = 'publishable' and revoked_at is null limit 1")
    if (!rows[0]) throw new Error("The shop has no publishable API key")
    return rows[0].token as string
  } finally {
    await client.end()
  }
}

export interface StoreApiOrder {
  id: string
  display_id: number
  email: string
  total: number
}

/** Buys `quantity` of the product named `productName` through Medusa's Store API; answers Medusa's order. */
export async function storeApiPurchase(
  shopUrl: string,
  productName: string,
  quantity = 1,
  email = "store-api@example.org",
): Promise<StoreApiOrder> {
  const store = new ApiClient(medusaOfShop(shopUrl).url)
  const options = { headers: { "x-publishable-api-key": await publishableKey(databaseUrlOf(shopUrl)) }, sameOrigin: false }
  const call = async (method: "GET" | "POST", path: string, body?: unknown): Promise<Json> => {
    const answer = await store.request(method, path, body, options)
    if (answer.status !== 200) throw new Error(`${method} ${path} answered ${answer.status}: ${JSON.stringify(answer.body)}`)
    return answer.body
  }
  const { regions } = await call("GET", "/store/regions?fields=id,*countries&limit=100")
  const germany = (regions as Array<{ id: string; countries: Array<{ iso_2: string }> }>).find((r) =>
    r.countries.some((c) => c.iso_2 === "de"),
  )
  if (!germany) throw new Error("No region of the Store API ships to Germany")
  const { products } = await call("GET", `/store/products?q=${encodeURIComponent(productName)}&fields=id,title,*variants`)
  const product = (products as Array<{ title: string; variants: Array<{ id: string }> }>).find((p) => p.title === productName)
  if (!product) throw new Error(`The Store API does not list ${productName}`)
  const { cart } = await call("POST", "/store/carts", { region_id: germany.id, email })
  await call("POST", `/store/carts/${cart.id}/line-items`, { variant_id: product.variants[0].id, quantity })
  await call("POST", `/store/carts/${cart.id}`, {
    shipping_address: {
      first_name: "Ada",
      last_name: "Lovelace",
      address_1: "Unter den Linden 1",
      city: "Berlin",
      province: "Berlin",
      postal_code: "10117",
      country_code: "de",
    },
  })
  const { shipping_options } = await call("GET", `/store/shipping-options?cart_id=${cart.id}`)
  const standard =
    (shipping_options as Array<{ id: string; name: string }>).find((o) => o.name === "Germany Standard") ?? shipping_options[0]
  if (!standard) throw new Error("The Store API offers no shipping option to Germany")
  await call("POST", `/store/carts/${cart.id}/shipping-methods`, { option_id: standard.id })
  const { payment_collection } = await call("POST", "/store/payment-collections", { cart_id: cart.id })
  await call("POST", `/store/payment-collections/${payment_collection.id}/payment-sessions`, { provider_id: "pp_system_default" })
  const completed = await call("POST", `/store/carts/${cart.id}/complete`)
  if (completed.type !== "order") throw new Error(`completing the cart gave no order: ${JSON.stringify(completed)}`)
  return completed.order as StoreApiOrder
}
