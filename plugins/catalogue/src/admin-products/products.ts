import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, Modules } from "@medusajs/framework/utils"
import { deleteLineItemsWorkflow } from "@medusajs/medusa/core-flows"
import type { AdminProduct, AdminProductCreate, AdminProductUpdate } from "@enclave/contract"
import { findAdminProduct } from "../products"
import { ShopError } from "@enclave/contract/shop-error"
import { imageForSave } from "./images"
import { shopDefaults } from "./shop-defaults"
import {
  createShopProductWorkflow,
  deleteShopProductWorkflow,
  updateShopProductWorkflow,
  type ProfileFields,
  type UpdateShopProductInput,
} from "./workflows"

/** A product of the shop as Medusa holds it: the ids behind one catalogue number. */
export interface ShopProductRecord {
  catalogueNumber: number
  profileId: string
  productId: string
  variantId: string | null
  inventoryItemId: string | null
  levels: Array<{ locationId: string; stocked: number; reserved: number }>
}

interface RecordRow {
  id: string
  catalogue_number: number
  product?: {
    id: string
    variants?: Array<{
      id: string
      inventory_items?: Array<{
        inventory_item_id: string
        inventory?: { location_levels?: Array<{ location_id: string; stocked_quantity: number; reserved_quantity: number }> }
      }>
    }>
  } | null
}

export function notFound(catalogueNumber: number): ShopError {
  return new ShopError("not_found", `Product ${catalogueNumber} not found`)
}

/** The Medusa ids behind a catalogue number; 404 when there is no such product. */
export async function findShopProductRecord(container: MedusaContainer, catalogueNumber: number): Promise<ShopProductRecord> {
  const query = container.resolve(ContainerRegistrationKeys.QUERY)
  const { data } = await query.graph({
    entity: "security_profile",
    fields: [
      "id",
      "catalogue_number",
      "product.id",
      "product.variants.id",
      "product.variants.inventory_items.inventory_item_id",
      "product.variants.inventory_items.inventory.location_levels.location_id",
      "product.variants.inventory_items.inventory.location_levels.stocked_quantity",
      "product.variants.inventory_items.inventory.location_levels.reserved_quantity",
    ],
    filters: { catalogue_number: catalogueNumber },
  })
  const row = data[0] as unknown as RecordRow | undefined
  if (!row?.product) throw notFound(catalogueNumber)
  const variant = row.product.variants?.[0]
  const item = variant?.inventory_items?.[0]
  return {
    catalogueNumber: row.catalogue_number,
    profileId: row.id,
    productId: row.product.id,
    variantId: variant?.id ?? null,
    inventoryItemId: item?.inventory_item_id ?? null,
    levels: (item?.inventory?.location_levels ?? []).map((level) => ({
      locationId: level.location_id,
      stocked: Number(level.stocked_quantity),
      reserved: Number(level.reserved_quantity),
    })),
  }
}

/** The product as GET /api/admin/products/{id} shows it, right after a change. */
async function readBack(container: MedusaContainer, catalogueNumber: number): Promise<AdminProduct> {
  const product = await findAdminProduct(container, catalogueNumber)
  if (!product) throw notFound(catalogueNumber)
  return product
}

/** GET /api/admin/products/{id}: 404 when there is no such product. */
export async function readAdminProduct(container: MedusaContainer, catalogueNumber: number): Promise<AdminProduct> {
  return readBack(container, catalogueNumber)
}

function profileOf(body: AdminProductCreate): ProfileFields {
  return {
    level: body.securityLevel,
    category: body.category,
    features: body.features,
    specifications: body.specifications,
    name_de: body.nameDe || null,
    description_de: body.descriptionDe || null,
    features_de: body.featuresDe,
    specifications_de: body.specificationsDe,
  }
}

export async function createAdminProduct(container: MedusaContainer, body: AdminProductCreate): Promise<AdminProduct> {
  const image = await imageForSave(container, body.imageUrl ?? null)
  const defaults = await shopDefaults(container)
  const { result } = await createShopProductWorkflow(container).run({
    input: {
      title: body.name,
      description: body.description,
      thumbnail: "thumbnail" in image ? image.thumbnail : null,
      image: "file" in image ? image.file : undefined,
      price: Number(body.price),
      profile: profileOf(body),
      // A new product has nothing reserved yet: what the admin enters is what customers can buy.
      stockedQuantity: body.stockQuantity,
      defaults,
    },
  })
  return readBack(container, result.catalogueNumber)
}

/**
 * The admin edits what customers can buy (docs/product.md: stock shown = stocked − reserved), so the
 * warehouse is told that amount plus whatever open orders have reserved.
 */
async function stockChange(
  container: MedusaContainer,
  record: ShopProductRecord,
  stockQuantity: number,
): Promise<UpdateShopProductInput["inventory"]> {
  if (!record.inventoryItemId) throw new ShopError("product_stock_untracked", `Product ${record.catalogueNumber} does not track stock`)
  const level = record.levels[0]
  if (level) {
    return {
      inventoryItemId: record.inventoryItemId,
      locationId: level.locationId,
      stockedQuantity: stockQuantity + level.reserved,
      levelExists: true,
    }
  }
  const { stockLocationId } = await shopDefaults(container)
  return { inventoryItemId: record.inventoryItemId, locationId: stockLocationId, stockedQuantity: stockQuantity, levelExists: false }
}

export async function updateAdminProduct(
  container: MedusaContainer,
  catalogueNumber: number,
  body: AdminProductUpdate,
): Promise<AdminProduct> {
  const record = await findShopProductRecord(container, catalogueNumber)
  if (!record.variantId && body.price !== undefined)
    throw new ShopError("product_unpriceable", `Product ${catalogueNumber} has no variant to price`)

  const image = body.imageUrl === undefined ? undefined : await imageForSave(container, body.imageUrl)
  const texts: NonNullable<UpdateShopProductInput["product"]> = {}
  if (body.name !== undefined) texts.title = body.name
  if (body.description !== undefined) texts.description = body.description
  if (image && "thumbnail" in image) texts.thumbnail = image.thumbnail
  const profile: Partial<ProfileFields> = {}
  if (body.securityLevel !== undefined) profile.level = body.securityLevel
  if (body.category !== undefined) profile.category = body.category
  if (body.features !== undefined) profile.features = body.features
  if (body.specifications !== undefined) profile.specifications = body.specifications
  if (body.nameDe !== undefined) profile.name_de = body.nameDe || null
  if (body.descriptionDe !== undefined) profile.description_de = body.descriptionDe || null
  if (body.featuresDe !== undefined) profile.features_de = body.featuresDe
  if (body.specificationsDe !== undefined) profile.specifications_de = body.specificationsDe

  const inventory = body.stockQuantity === undefined ? undefined : await stockChange(container, record, body.stockQuantity)
  await updateShopProductWorkflow(container).run({
    input: {
      productId: record.productId,
      variantId: record.variantId ?? undefined,
      profileId: record.profileId,
      product: Object.keys(texts).length ? texts : undefined,
      image: image && "file" in image ? image.file : undefined,
      price: body.price === undefined ? undefined : Number(body.price),
      profile: Object.keys(profile).length ? profile : undefined,
      inventory,
    },
  })
  return readBack(container, catalogueNumber)
}

/**
 * Deletes the product; its link to the security profile cascades, so the profile goes too.
 * Stock that placed orders have reserved belongs to those orders: Medusa will not delete an
 * inventory item that has reservations, and the admin is told why in the shop's words.
 */
export async function deleteAdminProduct(container: MedusaContainer, catalogueNumber: number): Promise<{ message: string }> {
  const record = await findShopProductRecord(container, catalogueNumber)
  const reserved = record.levels.reduce((sum, level) => sum + level.reserved, 0)
  if (reserved > 0) {
    throw new ShopError(
      "product_stock_reserved",
      `Product ${catalogueNumber} cannot be deleted while orders hold ${reserved} of its stock: ` +
        "cancel or delete those orders first, or set its stock to 0 to stop selling it",
    )
  }
  await deleteShopProductWorkflow(container).run({ input: { productId: record.productId } })
  await removeFromOpenCarts(container, record.productId)
  return { message: `Product ${catalogueNumber} deleted` }
}

/**
 * A cart that still holds a deleted product could never be checked out, and its owner would not
 * see why (the cart shows only products that exist). Carts already turned into orders keep theirs.
 */
async function removeFromOpenCarts(container: MedusaContainer, productId: string) {
  const lines = await container
    .resolve(Modules.CART)
    .listLineItems({ product_id: productId }, { select: ["id", "cart_id", "cart.completed_at"], relations: ["cart"] })
  const openLinesByCart = new Map<string, string[]>()
  for (const line of lines) {
    if (line.cart?.completed_at) continue
    openLinesByCart.set(line.cart_id, [...(openLinesByCart.get(line.cart_id) ?? []), line.id])
  }
  for (const [cartId, ids] of openLinesByCart) {
    await deleteLineItemsWorkflow(container).run({ input: { cart_id: cartId, ids } })
  }
}
