import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import type { MedusaContainer } from "@medusajs/framework/types"
import { compareDefaultOrder, NO_IMAGE_URL, type Product, type ProductCategory } from "@enclave/contract"

/** The shop sells in euros; a product's price is its first variant's EUR price. */
const CURRENCY = "eur"

/**
 * One read of the catalogue through Medusa's Query: the security profile (our plugin's module)
 * with its linked product, variant prices and inventory levels.
 */
const productFields = [
  "catalogue_number",
  "level",
  "category",
  "features",
  "specifications",
  "product.id",
  "product.title",
  "product.description",
  "product.thumbnail",
  "product.status",
  "product.created_at",
  "product.variants.id",
  "product.variants.manage_inventory",
  "product.variants.prices.amount",
  "product.variants.prices.currency_code",
  "product.variants.inventory_items.required_quantity",
  "product.variants.inventory_items.inventory.location_levels.stocked_quantity",
  "product.variants.inventory_items.inventory.location_levels.reserved_quantity",
]

interface LocationLevel {
  stocked_quantity: number
  reserved_quantity: number
}
interface ProfileRow {
  catalogue_number: number
  level: number
  category: ProductCategory
  features: unknown
  specifications: unknown
  product?: {
    id: string
    title: string
    description: string | null
    thumbnail: string | null
    status: string
    created_at: string | Date
    variants?: Array<{
      id: string
      manage_inventory: boolean
      prices?: Array<{ amount: number | string; currency_code: string }>
      inventory_items?: Array<{
        required_quantity: number
        inventory?: { location_levels?: LocationLevel[] }
      }>
    }>
  } | null
}

function euroPrice(row: ProfileRow): string {
  const price = row.product?.variants?.[0]?.prices?.find((p) => p.currency_code === CURRENCY)
  return Number(price?.amount ?? 0).toFixed(2)
}

/** Units a customer can still buy: stocked minus reserved, over every location, per required unit. */
function availableStock(row: ProfileRow): number {
  const variant = row.product?.variants?.[0]
  const items = variant?.inventory_items ?? []
  if (!variant || items.length === 0) return 0
  const perItem = items.map((item) => {
    const levels = item.inventory?.location_levels ?? []
    const available = levels.reduce((sum, l) => sum + Number(l.stocked_quantity) - Number(l.reserved_quantity), 0)
    return Math.floor(Math.max(0, available) / Math.max(1, Number(item.required_quantity) || 1))
  })
  return Math.min(...perItem)
}

function toStringList(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((v): v is string => typeof v === "string") : []
}

function toStringMap(value: unknown): Record<string, string> {
  if (!value || typeof value !== "object" || Array.isArray(value)) return {}
  return Object.fromEntries(
    Object.entries(value as Record<string, unknown>).filter((e): e is [string, string] => typeof e[1] === "string"),
  )
}

export function toContractProduct(row: ProfileRow): Product | null {
  const product = row.product
  if (!product || product.status !== "published") return null
  return {
    id: row.catalogue_number,
    name: product.title,
    description: product.description ?? "",
    price: euroPrice(row),
    imageUrl: product.thumbnail || NO_IMAGE_URL,
    category: row.category,
    securityLevel: row.level,
    stockQuantity: availableStock(row),
    features: toStringList(row.features),
    specifications: toStringMap(row.specifications),
    createdAt: new Date(product.created_at).toISOString(),
  }
}

async function readProfiles(container: MedusaContainer, filters?: Record<string, unknown>): Promise<ProfileRow[]> {
  const query = container.resolve(ContainerRegistrationKeys.QUERY)
  const { data } = await query.graph({ entity: "security_profile", fields: productFields, filters })
  return data as unknown as ProfileRow[]
}

/** Every published product, in the shop's default order (SPEC §9: Base, Medium, Premium). */
export async function listProducts(container: MedusaContainer): Promise<Product[]> {
  const rows = await readProfiles(container)
  return rows
    .map(toContractProduct)
    .filter((p): p is Product => p !== null)
    .sort(compareDefaultOrder)
}

export async function findProduct(container: MedusaContainer, id: number): Promise<Product | null> {
  const [row] = await readProfiles(container, { catalogue_number: id })
  return row ? toContractProduct(row) : null
}

/** A product as the shop sells it, with the Medusa ids a cart needs. */
export interface CatalogueEntry {
  product: Product
  medusaProductId: string
  variantId: string
}

function toEntry(row: ProfileRow): CatalogueEntry | null {
  const product = toContractProduct(row)
  const variantId = row.product?.variants?.[0]?.id
  if (!product || !variantId) return null
  return { product, medusaProductId: row.product!.id, variantId }
}

export async function findCatalogueEntry(container: MedusaContainer, id: number): Promise<CatalogueEntry | null> {
  const [row] = await readProfiles(container, { catalogue_number: id })
  return row ? toEntry(row) : null
}

/** Entries for the given catalogue numbers (a cart's or order's products), keyed by number. */
export async function catalogueEntries(container: MedusaContainer, ids: number[]): Promise<Map<number, CatalogueEntry>> {
  if (ids.length === 0) return new Map()
  const rows = await readProfiles(container, { catalogue_number: [...new Set(ids)] })
  const entries = rows.map(toEntry).filter((e): e is CatalogueEntry => e !== null)
  return new Map(entries.map((e) => [e.product.id, e]))
}
