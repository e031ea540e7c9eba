import { z } from "zod"
import { canonicalTimeZone, DIRECTION_CONTROL_MESSAGE, imprintFields, withoutDirectionControls, type ImprintField } from "./values.js"
import { normaliseVatId, vatIdProblem } from "./vat.js"

/**
 * The shop's details: what the imprint (/imprint, the German Impressum) states about the
 * business, and the shop's time zone. Kept with Medusa's store record; the admin edits them, the imprint
 * and the invoice's letterhead read them.
 */

/** The English names of the fields, as the messages say them. */
export const imprintFieldLabels: Record<ImprintField, string> = {
  companyName: "Company name",
  representative: "Managing director",
  street: "Street",
  postalCode: "Postal code",
  city: "City",
  country: "Country",
  email: "Email",
  phone: "Phone",
  registerCourt: "Register court",
  registerNumber: "Register number",
  vatId: "VAT ID",
}

/** The longest text each field takes. */
export const imprintFieldMaxLengths: Record<ImprintField, number> = {
  companyName: 200,
  representative: 200,
  street: 200,
  postalCode: 20,
  city: 100,
  country: 100,
  email: 254,
  phone: 50,
  registerCourt: 100,
  registerNumber: 50,
  vatId: 20,
}

export const SHOP_EMAIL_MESSAGE = "Email must be a valid e-mail address"
export const SHOP_PHONE_MESSAGE = "Phone may contain only digits, spaces and + ( ) / - ."
export const TIME_ZONE_MESSAGE = "Time zone must be an IANA time zone name such as Europe/Berlin"
export const TIME_ZONE_REQUIRED_MESSAGE = "Time zone is required"

export const imprintFieldLengthMessage = (field: ImprintField) =>
  `${imprintFieldLabels[field]} must be at most ${imprintFieldMaxLengths[field]} characters`

/** The imprint fields and the time zone, as GET /api/shop-details answers them (null: not filled in yet). */
const imprintShape = Object.fromEntries(imprintFields.map((field) => [field, z.string().nullable()])) as Record<
  ImprintField,
  z.ZodNullable<z.ZodString>
>

/** GET /api/shop-details: what the imprint shows, and the time zone the shop shows times in. */
export const shopDetailsSchema = z.object({ ...imprintShape, timeZone: z.string() })
export type ShopDetails = z.infer<typeof shopDetailsSchema>

/** GET /api/admin/shop-details: the same, plus which required imprint fields are still to be filled in. */
export const adminShopDetailsSchema = shopDetailsSchema.extend({
  missingFields: z.array(z.enum(imprintFields)),
  /** When they were last saved; null before the first save. */
  updatedAt: z.string().datetime({ offset: true }).nullable(),
  /**
   * Staff must use two factors: an admin reaches the back office only from a session signed in with a
   * passkey, or with the password and a second factor (an authenticator code or a passkey).
   */
  staffSecondFactorRequired: z.boolean(),
})
export type AdminShopDetails = z.infer<typeof adminShopDetailsSchema>

/** A text field of the imprint: trimmed; "" or null clears it. */
function imprintText(field: ImprintField) {
  const label = imprintFieldLabels[field]
  return z
    .string({ error: `${label} must be a text` })
    .trim()
    .max(imprintFieldMaxLengths[field], imprintFieldLengthMessage(field))
    .refine(withoutDirectionControls, DIRECTION_CONTROL_MESSAGE)
    .nullable()
    .transform((value) => (value === "" ? null : value))
    .optional()
}

/** An IANA time zone the runtime knows, kept as its canonical spelling. */
export const timeZoneSchema = z.string({ error: TIME_ZONE_REQUIRED_MESSAGE }).transform((value, ctx) => {
  const name = value.trim()
  if (name === "") {
    ctx.addIssue({ code: "custom", message: TIME_ZONE_REQUIRED_MESSAGE })
    return z.NEVER
  }
  const zone = canonicalTimeZone(name)
  if (!zone) {
    ctx.addIssue({ code: "custom", message: TIME_ZONE_MESSAGE })
    return z.NEVER
  }
  return zone
})

/**
 * POST /api/admin/shop-details: any of the fields; a field left out keeps its value, "" or null clears
 * an imprint field. The time zone cannot be cleared (the shop always has one).
 */
export const shopDetailsUpdateSchema = z.strictObject(
  {
    companyName: imprintText("companyName"),
    representative: imprintText("representative"),
    street: imprintText("street"),
    postalCode: imprintText("postalCode"),
    city: imprintText("city"),
    country: imprintText("country"),
    email: imprintText("email").refine((email) => !email || z.email().safeParse(email).success, SHOP_EMAIL_MESSAGE),
    phone: imprintText("phone").refine((phone) => !phone || /^\+?[0-9 ()/.-]{3,}$/.test(phone), SHOP_PHONE_MESSAGE),
    registerCourt: imprintText("registerCourt"),
    registerNumber: imprintText("registerNumber"),
    vatId: imprintText("vatId").transform((vatId, ctx) => {
      if (!vatId) return vatId
      const normalised = normaliseVatId(vatId)
      const problem = vatIdProblem(normalised)
      if (problem) {
        ctx.addIssue({ code: "custom", message: problem })
        return z.NEVER
      }
      return normalised
    }),
    timeZone: timeZoneSchema.optional(),
    staffSecondFactorRequired: z.boolean({ error: "Staff two-factor setting must be true or false" }).optional(),
  },
  { error: (issue) => (issue.code === "unrecognized_keys" ? `Unknown field: ${issue.keys.join(", ")}` : undefined) },
)
export type ShopDetailsUpdateInput = z.input<typeof shopDetailsUpdateSchema>
export type ShopDetailsUpdate = z.output<typeof shopDetailsUpdateSchema>
