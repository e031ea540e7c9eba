import { z } from "zod"
import { wholeNumberIdSchema } from "./account.js"
import { eurosToCents } from "./money.js"
import {
  DIRECTION_CONTROL_MESSAGE,
  SHIPPING_DESCRIPTION_MESSAGE,
  SHIPPING_NAME_MESSAGE,
  SHIPPING_PRICE_MESSAGE,
  SHIPPING_SORT_ORDER_MESSAGE,
  withoutDirectionControls,
  shippingCountryCode,
} from "./values.js"

/** decimal(10,2) (docs/product.md §9): the largest price the shop can store. */
const MAX_PRICE = 99_999_999.99

/**
 * Where a shipping method delivers: the shop's shipping zones (Medusa service zones). Germany is
 * the one country "de"; Worldwide is every other country the shop sells to.
 */
export const shippingZones = ["germany", "worldwide"] as const
export type ShippingZone = (typeof shippingZones)[number]
export const SHIPPING_ZONE_MESSAGE = "Zone must be germany or worldwide"
const shippingZoneSchema = z.enum(shippingZones, { error: SHIPPING_ZONE_MESSAGE })

/** ISO 3166-1 alpha-2, upper case on the wire ("DE"). */
const countryCodeSchema = z.string().regex(/^[A-Z]{2}$/)

/** GET /api/shipping-methods?country=: a two-letter code or a country's name (English or German). */
export const shippingCountryQuerySchema = z
  .string()
  .trim()
  .min(2)
  .max(100)
  .refine((value) => shippingCountryCode(value) !== null)

/** A shipping method as GET /api/shipping-methods and the admin list answer it (docs/product.md §3). */
export const shippingMethodSchema = z.object({
  id: z.number().int().positive(),
  name: z.string(),
  description: z.string(),
  /** Euros with two decimals, e.g. "15.00". */
  price: z.string().regex(/^\d{1,8}\.\d{2}$/),
  estimated_delivery: z.string().nullable(),
  /**
   * The same estimate in German, for German pages; null when the admin gave none (German pages then
   * show estimated_delivery as it is). Optional: answers before it existed had no such field.
   */
  estimated_delivery_de: z.string().nullable().optional(),
  /** The name and description in German, null when the admin gave none (German pages then show the English ones). */
  name_de: z.string().nullable().optional(),
  description_de: z.string().nullable().optional(),
  isDefault: z.boolean(),
  isActive: z.boolean(),
  sortOrder: z.number().int().min(0),
  updatedAt: z.string().datetime({ offset: true }),
  /** The zone it delivers to; isDefault is per zone (one default in each). */
  zone: shippingZoneSchema,
  /** The countries of its zone, so a client can offer it only for addresses there. */
  countries: z.array(countryCodeSchema),
})
export type ShippingMethod = z.infer<typeof shippingMethodSchema>
export const shippingMethodListSchema = z.array(shippingMethodSchema)

/**
 * A price as the admin form types it or a client sends it: a JSON number or a decimal string,
 * at least 0, whole cents. The result is a number of euros.
 */
export const shippingPriceInputSchema = z.union([z.number(), z.string()], { error: SHIPPING_PRICE_MESSAGE }).transform((value, ctx) => {
  const text = typeof value === "number" ? String(value) : value.trim()
  const amount = typeof value === "number" ? value : /^\d+(\.\d+)?$/.test(text) ? Number(text) : Number.NaN
  if (!Number.isFinite(amount) || amount < 0) {
    ctx.addIssue({ code: "custom", message: SHIPPING_PRICE_MESSAGE })
    return z.NEVER
  }
  // Money is stored in whole cents; 15.999 would be silently rounded otherwise.
  if (Math.abs(eurosToCents(amount) - amount * 100) > 1e-6) {
    ctx.addIssue({ code: "custom", message: "Price must have at most 2 decimal places" })
    return z.NEVER
  }
  if (amount > MAX_PRICE) {
    ctx.addIssue({ code: "custom", message: `Price must be at most ${MAX_PRICE.toFixed(2)}` })
    return z.NEVER
  }
  return eurosToCents(amount) / 100
})

/** A delivery estimate as the admin types it: free text, trimmed; empty or null means none. */
const estimateField = (label: string) =>
  z
    .string({ error: `${label} must be a text` })
    .trim()
    .max(100, `${label} must be at most 100 characters`)
    .refine(withoutDirectionControls, DIRECTION_CONTROL_MESSAGE)
    .nullable()
    .transform((value) => (value ? value : null))

/** A German wording the admin may leave empty: trimmed, empty or null means none. */
const germanText = (label: string, max: number) =>
  z
    .string({ error: `${label} must be a text` })
    .trim()
    .max(max, `${label} must be at most ${max} characters`)
    .refine(withoutDirectionControls, DIRECTION_CONTROL_MESSAGE)
    .nullable()
    .transform((value) => (value ? value : null))

const shippingMethodFields = {
  name: z
    .string({ error: SHIPPING_NAME_MESSAGE })
    .trim()
    .min(2, SHIPPING_NAME_MESSAGE)
    .max(100, "Name must be at most 100 characters")
    .refine(withoutDirectionControls, DIRECTION_CONTROL_MESSAGE),
  description: z
    .string({ error: SHIPPING_DESCRIPTION_MESSAGE })
    .trim()
    .min(2, SHIPPING_DESCRIPTION_MESSAGE)
    .max(500, "Description must be at most 500 characters")
    .refine(withoutDirectionControls, DIRECTION_CONTROL_MESSAGE),
  /** Optional; the German name and description, empty or null for none. */
  name_de: germanText("German name", 100),
  description_de: germanText("German description", 500),
  price: shippingPriceInputSchema,
  /** Optional; an empty text or null means "no estimate". */
  estimated_delivery: estimateField("Estimated delivery"),
  /** Optional; the German wording of estimated_delivery, empty or null for none. */
  estimated_delivery_de: estimateField("German estimated delivery"),
  isDefault: z.boolean({ error: "isDefault must be true or false" }),
  isActive: z.boolean({ error: "isActive must be true or false" }),
  sortOrder: z
    .number({ error: SHIPPING_SORT_ORDER_MESSAGE })
    .int(SHIPPING_SORT_ORDER_MESSAGE)
    .min(0, SHIPPING_SORT_ORDER_MESSAGE)
    .max(1_000_000, "Sort order must be at most 1000000"),
  zone: shippingZoneSchema,
}

const unknownField = (issue: { code?: string; keys?: string[] }) =>
  issue.code === "unrecognized_keys" ? `Unknown field: ${issue.keys?.join(", ")}` : undefined

/** POST /api/admin/shipping-methods (docs/product.md §5): the form's fields with their defaults. */
export const shippingMethodInputSchema = z.strictObject(
  {
    ...shippingMethodFields,
    estimated_delivery: shippingMethodFields.estimated_delivery.optional().transform((value) => value ?? null),
    estimated_delivery_de: shippingMethodFields.estimated_delivery_de.optional().transform((value) => value ?? null),
    name_de: shippingMethodFields.name_de.optional().transform((value) => value ?? null),
    description_de: shippingMethodFields.description_de.optional().transform((value) => value ?? null),
    isDefault: shippingMethodFields.isDefault.default(false),
    isActive: shippingMethodFields.isActive.default(true),
    sortOrder: shippingMethodFields.sortOrder.default(0),
    zone: shippingMethodFields.zone.default("worldwide"),
  },
  { error: unknownField },
)
/** What a client sends (the price may be a string, flags may be left out). */
export type ShippingMethodInput = z.input<typeof shippingMethodInputSchema>
/** What the server works with after validation. */
export type ShippingMethodData = z.output<typeof shippingMethodInputSchema>

/**
 * PUT /api/admin/shipping-methods/{id}: the same fields, each optional; a field left out keeps
 * its value, so a client may send the whole form or only what changed.
 */
export const shippingMethodUpdateSchema = z.strictObject(
  {
    name: shippingMethodFields.name.optional(),
    description: shippingMethodFields.description.optional(),
    name_de: shippingMethodFields.name_de.optional(),
    description_de: shippingMethodFields.description_de.optional(),
    price: shippingPriceInputSchema.optional(),
    estimated_delivery: shippingMethodFields.estimated_delivery.optional(),
    estimated_delivery_de: shippingMethodFields.estimated_delivery_de.optional(),
    isDefault: shippingMethodFields.isDefault.optional(),
    isActive: shippingMethodFields.isActive.optional(),
    sortOrder: shippingMethodFields.sortOrder.optional(),
    zone: shippingMethodFields.zone.optional(),
  },
  { error: unknownField },
)
export type ShippingMethodUpdate = z.output<typeof shippingMethodUpdateSchema>

export const shippingMethodIdSchema = wholeNumberIdSchema("Shipping method")
