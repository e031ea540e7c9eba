import { ContainerRegistrationKeys, Modules } from "@medusajs/framework/utils"
import type { MedusaContainer } from "@medusajs/framework/types"
import {
  compareDefaultOrder,
  currentGermanTexts,
  NO_IMAGE_URL,
  productTextsIn,
  type AdminProduct,
  type Product,
  type ProductCategory,
} from "@enclave/contract"
import type { Language } from "@enclave/contract/i18n"
import { catalogueFacts } from "./cache"

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
  "name_de",
  "description_de",
  "features_de",
  "specifications_de",
  "product.id",
  "product.title",
  "product.subtitle",
  "product.description",
  "product.handle",
  "product.thumbnail",
  "product.discountable",
  "product.status",
  "product.created_at",
  "product.variants.id",
  "product.variants.title",
  "product.variants.sku",
  "product.variants.barcode",
  "product.variants.manage_inventory",
  "product.variants.prices.amount",
  "product.variants.prices.currency_code",
  "product.variants.inventory_items.required_quantity",
  "product.variants.inventory_items.inventory_item_id",
  "product.variants.inventory_items.inventory.location_levels.location_id",
  "product.variants.inventory_items.inventory.location_levels.stocked_quantity",
  "product.variants.inventory_items.inventory.location_levels.reserved_quantity",
]

/** The same read without stock: what the catalogue facts keep (cache.ts). */
const LEVEL_FIELDS = "product.variants.inventory_items.inventory.location_levels."
const factFields = productFields.filter((field) => !field.startsWith(LEVEL_FIELDS))

interface LocationLevel {
  location_id: string
  stocked_quantity: number
  reserved_quantity: number
}
interface ProfileRow {
  catalogue_number: number
  level: number
  category: ProductCategory
  features: unknown
  specifications: unknown
  name_de?: string | null
  description_de?: string | null
  features_de?: unknown
  specifications_de?: unknown
  product?: {
    id: string
    title: string
    subtitle?: string | null
    description: string | null
    handle?: string | null
    thumbnail: string | null
    discountable?: boolean | null
    status: string
    created_at: string | Date
    variants?: Array<{
      id: string
      title?: string | null
      sku?: string | null
      barcode?: string | null
      manage_inventory: boolean
      prices?: Array<{ amount: number | string; currency_code: string }>
      inventory_items?: Array<{
        required_quantity: number
        inventory_item_id: string
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
  return Object.fromEntries(Object.entries(value as Record<string, unknown>).filter((e): e is [string, string] => typeof e[1] === "string"))
}

function englishTexts(row: ProfileRow) {
  return {
    name: row.product?.title ?? "",
    description: row.product?.description ?? "",
    features: toStringList(row.features),
    specifications: toStringMap(row.specifications),
  }
}

function germanTexts(row: ProfileRow) {
  return {
    nameDe: row.name_de ?? "",
    descriptionDe: row.description_de ?? "",
    featuresDe: toStringMap(row.features_de),
    specificationsDe: toStringMap(row.specifications_de),
  }
}

/** The product as the public catalogue shows it, its texts in `language` (English where German is missing). */
export function toContractProduct(row: ProfileRow, language: Language = "en"): Product | null {
  const product = row.product
  if (!product || product.status !== "published") return null
  const texts = productTextsIn(language, englishTexts(row), germanTexts(row))
  return {
    id: row.catalogue_number,
    name: texts.name,
    description: texts.description,
    price: euroPrice(row),
    imageUrl: product.thumbnail || NO_IMAGE_URL,
    category: row.category,
    securityLevel: row.level,
    stockQuantity: availableStock(row),
    features: texts.features,
    specifications: texts.specifications,
    createdAt: new Date(product.created_at).toISOString(),
  }
}

/** The product as the back office edits it: English texts, German ones beside them. */
function toAdminProduct(row: ProfileRow): AdminProduct | null {
  const product = toContractProduct(row, "en")
  return product ? { ...product, ...currentGermanTexts(englishTexts(row), germanTexts(row)) } : null
}

async function readProfiles(container: MedusaContainer, filters?: Record<string, unknown>): Promise<ProfileRow[]> {
  const query = container.resolve(ContainerRegistrationKeys.QUERY)
  const { data } = await query.graph({ entity: "security_profile", fields: productFields, filters })
  return data as unknown as ProfileRow[]
}

/** Every published product, in the shop's default order (docs/product.md §9: Base, Medium, Premium). */
export async function listProducts(container: MedusaContainer, language: Language = "en"): Promise<Product[]> {
  const rows = await readProfiles(container)
  return rows
    .map((row) => toContractProduct(row, language))
    .filter((p): p is Product => p !== null)
    .sort(compareDefaultOrder)
}

export async function findProduct(container: MedusaContainer, id: number, language: Language = "en"): Promise<Product | null> {
  const [row] = await readProfiles(container, { catalogue_number: id })
  return row ? toContractProduct(row, language) : null
}

/** The back office's list: every published product with its texts in both languages, in the shop's default order. */
export async function listAdminProducts(container: MedusaContainer): Promise<AdminProduct[]> {
  const rows = await readProfiles(container)
  return rows
    .map(toAdminProduct)
    .filter((p): p is AdminProduct => p !== null)
    .sort(compareDefaultOrder)
}

export async function findAdminProduct(container: MedusaContainer, id: number): Promise<AdminProduct | null> {
  const [row] = await readProfiles(container, { catalogue_number: id })
  return row ? toAdminProduct(row) : null
}

/** What selling one unit of a product reserves: per inventory item, how many, and where it is stocked best. */
export interface StockSource {
  inventoryItemId: string
  requiredQuantity: number
  /** The location with the most units available (the shop stocks each item in one place today). */
  locationId: string
}

/** What a Medusa cart or order line copies of the product and the variant it sells (Medusa's own names). */
export interface MedusaLineProduct {
  product_title: string
  product_subtitle: string | null
  product_description: string | null
  product_handle: string | null
  /** Medusa's image, null when the product has none (the shop then shows NO_IMAGE_URL). */
  thumbnail: string | null
  is_discountable: boolean
  variant_title: string | null
  variant_sku: string | null
  variant_barcode: string | null
}

/** A product as the shop sells it, with the Medusa ids and product data a cart line and an order need. */
export interface CatalogueEntry {
  product: Product
  /** The product's German name, null when it has none: an order line keeps it for German pages, mails and invoices. */
  nameDe: string | null
  medusaProductId: string
  variantId: string
  line: MedusaLineProduct
  /** Empty when the variant's inventory is not managed. */
  stock: StockSource[]
}

function stockSources(row: ProfileRow): StockSource[] {
  const variant = row.product?.variants?.[0]
  if (!variant?.manage_inventory) return []
  return (variant.inventory_items ?? []).flatMap((item) => {
    const levels = [...(item.inventory?.location_levels ?? [])].sort(
      (a, b) => Number(b.stocked_quantity) - Number(b.reserved_quantity) - (Number(a.stocked_quantity) - Number(a.reserved_quantity)),
    )
    if (!item.inventory_item_id || levels.length === 0) return []
    return [
      {
        inventoryItemId: item.inventory_item_id,
        requiredQuantity: Math.max(1, Number(item.required_quantity) || 1),
        locationId: levels[0].location_id,
      },
    ]
  })
}

function toEntry(row: ProfileRow): CatalogueEntry | null {
  // A cart line and an order copy the product as Medusa holds it: in English, like its name.
  const product = toContractProduct(row)
  const variant = row.product?.variants?.[0]
  if (!product || !variant?.id) return null
  const medusa = row.product!
  return {
    product,
    nameDe: row.name_de?.trim() || null,
    medusaProductId: medusa.id,
    variantId: variant.id,
    stock: stockSources(row),
    line: {
      product_title: medusa.title,
      product_subtitle: medusa.subtitle ?? null,
      product_description: medusa.description ?? null,
      product_handle: medusa.handle ?? null,
      thumbnail: medusa.thumbnail || null,
      is_discountable: medusa.discountable ?? true,
      variant_title: variant.title ?? null,
      variant_sku: variant.sku ?? null,
      variant_barcode: variant.barcode ?? null,
    },
  }
}

/**
 * Entries for the given catalogue numbers (a cart's or order's products), keyed by number: the
 * products' facts from the catalogue facts (read when staff changed something since), their stock
 * always read now, in one statement.
 */
export async function catalogueEntries(container: MedusaContainer, ids: number[]): Promise<Map<number, CatalogueEntry>> {
  if (ids.length === 0) return new Map()
  const facts = await catalogueFacts().many<ProfileRow>(
    ids.map((id) => `product:${id}`),
    async (missing) => {
      const query = container.resolve(ContainerRegistrationKeys.QUERY)
      const { data } = await query.graph({
        entity: "security_profile",
        fields: factFields,
        filters: { catalogue_number: missing.map((key) => Number(key.slice("product:".length))) },
      })
      return new Map((data as unknown as ProfileRow[]).map((row) => [`product:${row.catalogue_number}`, row]))
    },
  )
  const rows = [...facts.values()]
  const itemIds = [
    ...new Set(rows.flatMap((row) => (row.product?.variants?.[0]?.inventory_items ?? []).map((item) => item.inventory_item_id))),
  ]
  const levels = itemIds.length
    ? await container
        .resolve(Modules.INVENTORY)
        .listInventoryLevels(
          { inventory_item_id: itemIds },
          { select: ["inventory_item_id", "location_id", "stocked_quantity", "reserved_quantity"] },
        )
    : []
  const levelsOf = new Map<string, LocationLevel[]>()
  for (const level of levels)
    levelsOf.set(level.inventory_item_id, [...(levelsOf.get(level.inventory_item_id) ?? []), level as LocationLevel])
  // The kept facts are shared: each entry gets rows of its own with the levels just read.
  const withStock = rows.map((row): ProfileRow => {
    if (!row.product) return row
    return {
      ...row,
      product: {
        ...row.product,
        variants: row.product.variants?.map((variant) => ({
          ...variant,
          inventory_items: variant.inventory_items?.map((item) => ({
            ...item,
            inventory: { location_levels: levelsOf.get(item.inventory_item_id) ?? [] },
          })),
        })),
      },
    }
  })
  const entries = withStock.map(toEntry).filter((e): e is CatalogueEntry => e !== null)
  return new Map(entries.map((e) => [e.product.id, e]))
}
