import type { MedusaContainer } from "@medusajs/framework/types"
import { Modules } from "@medusajs/framework/utils"
import { updateStoresWorkflow } from "@medusajs/medusa/core-flows"
import {
  imprintFields,
  missingImprintFields,
  SHOP_DETAILS_METADATA_KEY,
  shopTimeZoneOfStore,
  type AdminShopDetails,
  type ImprintField,
  type ShopDetails,
  type ShopDetailsUpdate,
} from "@enclave/contract"

/**
 * The shop's details (the imprint and the time zone) live in the metadata of Medusa's one
 * store, under one key: the store is the record of the shop itself, so they need no table or module of
 * their own, and they are written through core-flows' updateStoresWorkflow like any change of the store.
 * Their key is the contract's SHOP_DETAILS_METADATA_KEY: the mail plugin reads the time zone from there too.
 */

/** What the metadata holds: the imprint's texts, the time zone, when they were saved. */
interface StoredShopDetails extends Partial<Record<ImprintField, string | null>> {
  timeZone?: string
  updatedAt?: string
  staffSecondFactorRequired?: boolean
}

interface StoreRow {
  id: string
  name?: string | null
  metadata?: Record<string, unknown> | null
}

async function theStore(container: MedusaContainer): Promise<StoreRow> {
  const [store] = await container.resolve(Modules.STORE).listStores({}, { select: ["id", "name", "metadata"], take: 1 })
  // The seed creates the store on the first start (medusa-backend's seed): a shop without one is broken, not empty.
  if (!store) throw new Error("The shop has no Medusa store record")
  return store as StoreRow
}

function storedOf(store: StoreRow): StoredShopDetails {
  const value = store.metadata?.[SHOP_DETAILS_METADATA_KEY]
  return value && typeof value === "object" ? (value as StoredShopDetails) : {}
}

/** The details as the imprint shows them: each field's text or null, the time zone (the default until one is saved). */
function detailsOf(stored: StoredShopDetails): ShopDetails {
  const imprint = Object.fromEntries(
    imprintFields.map((field) => {
      const text = stored[field]
      return [field, typeof text === "string" && text.trim() !== "" ? text : null]
    }),
  ) as Record<ImprintField, string | null>
  return { ...imprint, timeZone: shopTimeZoneOfStore({ [SHOP_DETAILS_METADATA_KEY]: stored }) }
}

function adminDetailsOf(stored: StoredShopDetails): AdminShopDetails {
  const details = detailsOf(stored)
  return {
    ...details,
    missingFields: missingImprintFields(details),
    updatedAt: stored.updatedAt ?? null,
    staffSecondFactorRequired: stored.staffSecondFactorRequired === true,
  }
}

/** The shop's details and the name of Medusa's store (e.g. "Enclave", for the invoice), from one read of the store. */
export async function readShop(container: MedusaContainer): Promise<{ details: ShopDetails; name: string | null }> {
  const store = await theStore(container)
  return { details: detailsOf(storedOf(store)), name: store.name?.trim() || null }
}

/** GET /api/shop-details, and what the order answers read. */
export async function readShopDetails(container: MedusaContainer): Promise<ShopDetails> {
  return (await readShop(container)).details
}

/** The time zone the shop shows times and counts calendar days in. */
export async function shopTimeZone(container: MedusaContainer): Promise<string> {
  return (await readShopDetails(container)).timeZone
}

/**
 * Whether admins must sign in with two factors to use the back office (the admin's shop details). Read
 * at each admin call, not cached: turned on, it applies to every server at once.
 */
export async function staffSecondFactorRequired(container: MedusaContainer): Promise<boolean> {
  return storedOf(await theStore(container)).staffSecondFactorRequired === true
}

/** GET /api/admin/shop-details. */
export async function adminShopDetails(container: MedusaContainer): Promise<AdminShopDetails> {
  return adminDetailsOf(storedOf(await theStore(container)))
}

/**
 * POST /api/admin/shop-details: the fields sent replace the saved ones (null clears an imprint field),
 * the rest stay. The store's other metadata is sent along unchanged, so it survives whether Medusa merges or replaces it.
 */
export async function saveShopDetails(container: MedusaContainer, update: ShopDetailsUpdate): Promise<AdminShopDetails> {
  const store = await theStore(container)
  const sent = Object.fromEntries(Object.entries(update).filter(([, value]) => value !== undefined))
  const next: StoredShopDetails = { ...storedOf(store), ...sent, updatedAt: new Date().toISOString() }
  await updateStoresWorkflow(container).run({
    input: { selector: { id: store.id }, update: { metadata: { ...(store.metadata ?? {}), [SHOP_DETAILS_METADATA_KEY]: next } } },
  })
  return adminDetailsOf(next)
}
