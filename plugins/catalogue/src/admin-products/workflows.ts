import type { MedusaContainer } from "@medusajs/framework/types"
import { Modules, ProductWorkflowEvents } from "@medusajs/framework/utils"
import { createStep, createWorkflow, StepResponse, transform, when, WorkflowResponse } from "@medusajs/framework/workflows-sdk"
import {
  createInventoryLevelsWorkflow,
  createProductsWorkflow,
  createRemoteLinkStep,
  deleteProductsWorkflow,
  emitEventStep,
  updateInventoryLevelsWorkflow,
  updateProductsWorkflow,
  updateProductVariantsWorkflow,
  uploadFilesStep,
  useQueryGraphStep,
} from "@medusajs/medusa/core-flows"
import { SECURITY_LEVELS_MODULE, type SecurityProfiles } from "@enclave/security-levels"
import type { ProductCategory } from "@enclave/contract"
import type { ShopDefaults } from "./shop-defaults"
import { shopUrlOf, type ImageFile } from "./image-files"
import { catalogueChangedStep, catalogueChangeStartsStep } from "../freshness"

/**
 * A shop product spans four modules (product with its price, inventory, security profile, and
 * the link between product and profile). Creating or changing one is a workflow, so a step that
 * fails undoes the ones before it and no half-made product is left in the catalogue.
 */

export const CURRENCY = "eur"

export interface ProfileFields {
  level: number
  category: ProductCategory
  features: string[]
  specifications: Record<string, string>
  /** The German texts, kept on the profile beside the English features they translate. */
  name_de?: string | null
  description_de?: string | null
  features_de?: Record<string, string>
  specifications_de?: Record<string, string>
}

const securityProfiles = (container: MedusaContainer) => container.resolve<SecurityProfiles>(SECURITY_LEVELS_MODULE)

const createSecurityProfileStep = createStep(
  "enclave-create-security-profile",
  async (data: ProfileFields, { container }) => {
    const profile = await securityProfiles(container).createSecurityProfiles(data)
    return new StepResponse({ id: profile.id, catalogue_number: profile.catalogue_number }, profile.id)
  },
  async (id, { container }) => {
    if (id) await securityProfiles(container).deleteSecurityProfiles([id])
  },
)

/**
 * Medusa's update merges a JSON object into the stored one, so a specification the admin removed
 * would survive. An array is replaced, not merged: clearing with one first makes the update
 * write exactly the map that was sent.
 */
async function writeProfile(service: SecurityProfiles, data: { id: string } & Partial<ProfileFields>) {
  const cleared = (["specifications", "features_de", "specifications_de"] as const).filter((field) => data[field])
  if (cleared.length) {
    const empty = Object.fromEntries(cleared.map((field) => [field, [] as unknown as Record<string, string>]))
    await service.updateSecurityProfiles({ id: data.id, ...empty })
  }
  await service.updateSecurityProfiles(data)
}

const updateSecurityProfileStep = createStep(
  "enclave-update-security-profile",
  async (data: { id: string } & Partial<ProfileFields>, { container }) => {
    const service = securityProfiles(container)
    const before = await service.retrieveSecurityProfile(data.id)
    const previous = {
      id: before.id,
      level: before.level,
      category: before.category,
      features: before.features,
      specifications: before.specifications,
      name_de: before.name_de,
      description_de: before.description_de,
      features_de: before.features_de,
      specifications_de: before.specifications_de,
    }
    try {
      await writeProfile(service, data)
    } catch (error) {
      await writeProfile(service, previous)
      throw error
    }
    return new StepResponse(undefined, previous)
  },
  async (previous, { container }) => {
    if (previous) await writeProfile(securityProfiles(container), previous)
  },
)

/**
 * An image fetched from another site for this save (admin-products/images.ts, imageForSave): stored
 * with Medusa's file module as an upload is, and deleted again (the step's compensation) when a later
 * step fails, so a refused save leaves no file behind.
 */
function storeFetchedImage(name: string, input: { image?: ImageFile }) {
  return when(name, { input }, ({ input }) => !!input.image).then(() =>
    uploadFilesStep(transform({ input }, ({ input }) => ({ files: [input.image!] }))),
  )
}

/** Handles are unique in Medusa; the catalogue number keeps two products of the same name apart. */
function handleOf(name: string, catalogueNumber: number): string {
  const slug = name
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 80)
  return `${slug || "product"}-${catalogueNumber}`
}

export interface CreateShopProductInput {
  title: string
  description: string
  thumbnail: string | null
  /** Another site's image, fetched to be stored and shown instead of `thumbnail`. */
  image?: ImageFile
  /** Major units (599 = €599.00), as Medusa v2 stores money. */
  price: number
  profile: ProfileFields
  stockedQuantity: number
  defaults: ShopDefaults
}

/** Creates a published product with one "Default" variant, its stock and its security profile. */
export const createShopProductWorkflow = createWorkflow("enclave-create-shop-product", (input: CreateShopProductInput) => {
  catalogueChangeStartsStep({ reason: "a product was created" })
  // The profile first: its catalogue number is the product's id on the wire and names its SKU.
  const profile = createSecurityProfileStep(input.profile)
  const stored = storeFetchedImage("enclave-store-new-product-image", input)

  const productInput = transform({ input, profile, stored }, ({ input, profile, stored }) => ({
    products: [
      {
        title: input.title,
        handle: handleOf(input.title, profile.catalogue_number),
        description: input.description,
        status: "published" as const,
        thumbnail: stored?.[0] ? shopUrlOf(stored[0].url) : input.thumbnail,
        shipping_profile_id: input.defaults.shippingProfileId,
        options: [{ title: "Edition", values: ["Default"] }],
        variants: [
          {
            title: "Default",
            sku: `ENCLAVE-${profile.catalogue_number}`,
            options: { Edition: "Default" },
            manage_inventory: true,
            prices: [{ currency_code: CURRENCY, amount: input.price }],
          },
        ],
        sales_channels: [{ id: input.defaults.salesChannelId }],
      },
    ],
  }))
  const products = createProductsWorkflow.runAsStep({ input: productInput })

  // Medusa made the variant's inventory item; its stock lives at the shop's warehouse.
  const variantFilter = transform({ products }, ({ products }) => ({ product_id: products[0].id }))
  const { data: variants } = useQueryGraphStep({
    entity: "product_variant",
    fields: ["id", "inventory_items.inventory_item_id"],
    filters: variantFilter,
  })
  const levels = transform({ input, variants }, ({ input, variants }) => ({
    inventory_levels: (variants as Array<{ inventory_items?: Array<{ inventory_item_id: string }> }>).flatMap((variant) =>
      (variant.inventory_items ?? []).map((item) => ({
        inventory_item_id: item.inventory_item_id,
        location_id: input.defaults.stockLocationId,
        stocked_quantity: input.stockedQuantity,
      })),
    ),
  }))
  createInventoryLevelsWorkflow.runAsStep({ input: levels })

  const links = transform({ products, profile }, ({ products, profile }) => [
    {
      [Modules.PRODUCT]: { product_id: products[0].id },
      [SECURITY_LEVELS_MODULE]: { security_profile_id: profile.id },
    },
  ])
  createRemoteLinkStep(links)
  catalogueChangedStep({ reason: "a product was created" })

  return new WorkflowResponse(transform({ profile }, ({ profile }) => ({ catalogueNumber: profile.catalogue_number })))
})

export interface UpdateShopProductInput {
  productId: string
  /** Needed only when the price changes. */
  variantId?: string
  profileId: string
  /** Only what changes; undefined when nothing of it does. */
  product?: { title?: string; description?: string; thumbnail?: string | null }
  /** Another site's image, fetched to be stored as the product's new picture. */
  image?: ImageFile
  price?: number
  profile?: Partial<ProfileFields>
  inventory?: { inventoryItemId: string; locationId: string; stockedQuantity: number; levelExists: boolean }
}

/** Changes what the admin sent, and only that: product texts, price, stock, security profile. */
export const updateShopProductWorkflow = createWorkflow("enclave-update-shop-product", (input: UpdateShopProductInput) => {
  catalogueChangeStartsStep({ reason: "a product was updated" })
  const stored = storeFetchedImage("enclave-store-product-image", input)
  when("enclave-update-product-texts", { input }, ({ input }) => !!input.product || !!input.image).then(() => {
    updateProductsWorkflow.runAsStep({
      input: transform({ input, stored }, ({ input, stored }) => ({
        selector: { id: input.productId },
        update: { ...input.product, ...(stored?.[0] ? { thumbnail: shopUrlOf(stored[0].url) } : {}) },
      })),
    })
  })

  when("enclave-update-product-price", { input }, ({ input }) => input.price !== undefined).then(() => {
    updateProductVariantsWorkflow.runAsStep({
      input: transform({ input }, ({ input }) => ({
        product_variants: [{ id: input.variantId!, prices: [{ currency_code: CURRENCY, amount: input.price! }] }],
      })),
    })
  })

  when("enclave-update-stock-level", { input }, ({ input }) => !!input.inventory?.levelExists).then(() => {
    updateInventoryLevelsWorkflow.runAsStep({
      input: transform({ input }, ({ input }) => ({
        updates: [
          {
            inventory_item_id: input.inventory!.inventoryItemId,
            location_id: input.inventory!.locationId,
            stocked_quantity: input.inventory!.stockedQuantity,
          },
        ],
      })),
    })
  })

  when("enclave-create-stock-level", { input }, ({ input }) => !!input.inventory && !input.inventory.levelExists).then(() => {
    createInventoryLevelsWorkflow.runAsStep({
      input: transform({ input }, ({ input }) => ({
        inventory_levels: [
          {
            inventory_item_id: input.inventory!.inventoryItemId,
            location_id: input.inventory!.locationId,
            stocked_quantity: input.inventory!.stockedQuantity,
          },
        ],
      })),
    })
  })

  when("enclave-update-security-profile", { input }, ({ input }) => !!input.profile).then(() => {
    updateSecurityProfileStep(transform({ input }, ({ input }) => ({ id: input.profileId, ...input.profile })))
  })

  // A price, stock or security profile changed alone: Medusa's workflows for those announce a variant,
  // an inventory level or nothing, so a plugin that follows products would miss the edit. The texts'
  // update above announces `product.updated` itself; once per edit is enough.
  when(
    "enclave-announce-product-update",
    { input },
    ({ input }) => !input.product && !input.image && (input.price !== undefined || !!input.inventory || !!input.profile),
  ).then(() => {
    emitEventStep({ eventName: ProductWorkflowEvents.UPDATED, data: transform({ input }, ({ input }) => ({ id: input.productId })) })
  })

  catalogueChangedStep({ reason: "a product was updated" })
  return new WorkflowResponse(undefined)
})

/** Deletes a product with Medusa's workflow; its link to the security profile cascades. */
export const deleteShopProductWorkflow = createWorkflow("enclave-delete-shop-product", (input: { productId: string }) => {
  catalogueChangeStartsStep({ reason: "a product was deleted" })
  deleteProductsWorkflow.runAsStep({ input: transform({ input }, ({ input }) => ({ ids: [input.productId] })) })
  catalogueChangedStep({ reason: "a product was deleted" })
  return new WorkflowResponse(undefined)
})

/** Makes an uploaded image (already in Medusa's file module) the product's picture. */
export const setProductImageWorkflow = createWorkflow("enclave-set-product-image", (input: { productId: string; imageUrl: string }) => {
  catalogueChangeStartsStep({ reason: "a product image was uploaded" })
  updateProductsWorkflow.runAsStep({
    input: transform({ input }, ({ input }) => ({ selector: { id: input.productId }, update: { thumbnail: input.imageUrl } })),
  })
  catalogueChangedStep({ reason: "a product image was uploaded" })
  return new WorkflowResponse(undefined)
})
