/**
 * The contract's plain values: constants, status lists, messages, formatting and the small rules
 * (stock state, catalogue order, sandbox detection) that need no validation library.
 *
 * This module imports nothing but its plain sibling money.ts (not zod, not the schema modules), so
 * a browser bundle that takes it from "@enclave/contract/values" ships only what it uses. The zod
 * schemas derive from these values (z.enum(orderStatuses), the form messages), and
 * "@enclave/contract" re-exports all of it, so there is still one source of truth.
 * tests/unit/contract-values.test.ts keeps it zod-free.
 */

// Money: cents arithmetic and euro formatting (also "@enclave/contract/money" on its own).
export { cartTotal, cartTotalCents, centsToEuros, eurosToCents, formatEuro } from "./money.js"

// ---------------------------------------------------------------------------------------------
// Products and stock (docs/product.md §3, §4)

export const productCategories = ["phone", "accessory", "service"] as const
export type ProductCategory = (typeof productCategories)[number]

/** The picture the shop shows for a product that has no image of its own. */
export const NO_IMAGE_URL = "/images/products/no-image.svg"

export const LOW_STOCK_THRESHOLD = 10

export type StockState = "in_stock" | "low_stock" | "out_of_stock"

/** docs/product.md §4: above 10 in stock, 1 to 10 low stock, 0 out of stock. */
export function stockState(stockQuantity: number): StockState {
  if (stockQuantity <= 0) return "out_of_stock"
  if (stockQuantity <= LOW_STOCK_THRESHOLD) return "low_stock"
  return "in_stock"
}

// ---------------------------------------------------------------------------------------------
// Catalogue: default order, search, level filter, sort (docs/product.md §1, §5, §9)

/** The fields of a product (the contract's Product) that the catalogue's order, search and filters read. */
export interface CatalogueProduct {
  id: number
  name: string
  description: string
  price: string
  category: ProductCategory
  securityLevel: number
}

/**
 * docs/product.md §5/§9: the default order puts names containing 'Base' first, then 'Medium',
 * then 'Premium'; everything else follows, phones before accessories before services,
 * then by id so the order is stable.
 */
const tierOrder = ["Base", "Medium", "Premium"]
const categoryOrder: readonly string[] = ["phone", "accessory", "service"]

function tierRank(name: string): number {
  const rank = tierOrder.findIndex((tier) => name.includes(tier))
  return rank === -1 ? tierOrder.length : rank
}

export function compareDefaultOrder(
  a: Pick<CatalogueProduct, "id" | "name" | "category">,
  b: Pick<CatalogueProduct, "id" | "name" | "category">,
): number {
  return categoryOrder.indexOf(a.category) - categoryOrder.indexOf(b.category) || tierRank(a.name) - tierRank(b.name) || a.id - b.id
}

export const catalogueSorts = ["default", "name-asc", "name-desc", "price-asc", "price-desc"] as const
export type CatalogueSort = (typeof catalogueSorts)[number]

/** docs/product.md §5: low is level 3, medium 4, high 5. */
export const securityLevelFilters = { all: null, low: 3, medium: 4, high: 5 } as const
export type SecurityLevelFilter = keyof typeof securityLevelFilters

export interface CatalogueQuery {
  search?: string
  level?: SecurityLevelFilter
  sort?: CatalogueSort
}

/** Search (name or description, case-insensitive), level filter and sort of the catalogue. */
export function queryCatalogue<P extends CatalogueProduct>(products: readonly P[], query: CatalogueQuery): P[] {
  const needle = query.search?.trim().toLowerCase() ?? ""
  const level = securityLevelFilters[query.level ?? "all"] ?? null
  const matches = products.filter(
    (p) =>
      (level === null || p.securityLevel === level) &&
      (needle === "" || p.name.toLowerCase().includes(needle) || p.description.toLowerCase().includes(needle)),
  )
  const byPrice = (p: P) => Number(p.price)
  switch (query.sort ?? "default") {
    case "name-asc":
      return matches.sort((a, b) => a.name.localeCompare(b.name))
    case "name-desc":
      return matches.sort((a, b) => b.name.localeCompare(a.name))
    case "price-asc":
      return matches.sort((a, b) => byPrice(a) - byPrice(b) || compareDefaultOrder(a, b))
    case "price-desc":
      return matches.sort((a, b) => byPrice(b) - byPrice(a) || compareDefaultOrder(a, b))
    default:
      return matches.sort(compareDefaultOrder)
  }
}

// ---------------------------------------------------------------------------------------------
// Text people see

/**
 * Unicode's direction embeddings, overrides and isolates (U+202A–U+202E, U+2066–U+2069): they
 * make the characters after them display in another order, so "Ada\u202Enimda" shows as
 * "Adaadmin" and a product name or user can pass for another in the admin. Refused in every
 * free text a person reads; ordinary right-to-left text needs none of them.
 */
export const DIRECTION_CONTROLS = /[\u202A-\u202E\u2066-\u2069]/
export const DIRECTION_CONTROL_MESSAGE = "Text must not contain Unicode direction control characters (U+202A–U+202E, U+2066–U+2069)"

/** True when the text holds none of DIRECTION_CONTROLS. */
export function withoutDirectionControls(text: string): boolean {
  return !DIRECTION_CONTROLS.test(text)
}

// ---------------------------------------------------------------------------------------------
// Accounts (docs/product.md §5)

/**
 * Sign-in locks (README "Signing in"). Failures are counted per username *and* client address:
 * after 5 failed attempts with one username from one address within 15 minutes, that username is
 * locked for that address (423) for 15 minutes, even with the right password. The account itself
 * is never locked, so failures from elsewhere cannot keep its owner out. A username nobody has is
 * counted and answered exactly like one that exists.
 */
export const MAX_LOGIN_ATTEMPTS = 5
export const LOGIN_LOCK_MINUTES = 15
/** Failed sign-ins one client address may make, whatever the usernames, within LOGIN_LOCK_MINUTES before it is refused (429). */
export const MAX_SIGN_IN_FAILURES_PER_ADDRESS = 25

const minutesText = (minutes: number) => `${minutes} minute${minutes === 1 ? "" : "s"}`

/** The 423 of a username locked for the caller's address; the same words whether or not the username exists. */
export function signInLockedMessage(minutes: number): string {
  return `Sign-in with this username is locked for your network after ${MAX_LOGIN_ATTEMPTS} failed attempts. Try again in ${minutesText(minutes)}.`
}

/** The 429 of an address that failed too often, whatever the usernames. */
export function networkLockedMessage(minutes: number): string {
  return `Sign-in from your network is locked after too many failed attempts. Try again in ${minutesText(minutes)}.`
}
/**
 * Guessing one account from many addresses (README "Signing in"): past this many failed sign-ins
 * of one username within SIGN_IN_CHALLENGE_WINDOW_MINUTES, whatever the addresses, each further
 * sign-in of that username must carry a solved proof-of-work challenge (428 `challenge_required`
 * hands one out). Never a lock: the owner's browser solves it in about a second.
 */
export const SIGN_IN_CHALLENGE_AFTER = 20
export const SIGN_IN_CHALLENGE_WINDOW_MINUTES = 60
/** The counter a challenge is made with lies in this range: a solver tries about its middle, 50,000 SHA-256 hashes. */
export const SIGN_IN_CHALLENGE_COUNTER_MIN = 25_000
export const SIGN_IN_CHALLENGE_COUNTER_MAX = 75_000
/** How long a handed-out challenge may be solved and sent back. */
export const SIGN_IN_CHALLENGE_MINUTES = 10
/** `details.code` of the 428 answer. */
export const CHALLENGE_REQUIRED_CODE = "challenge_required"
export const CHALLENGE_REQUIRED_MESSAGE =
  "This account has had many failed sign-ins: solve the challenge in details.challenge and send the solution as `altcha`"
/** Why a sent solution was not taken (`details.reason`); none when no solution was sent. */
export const CHALLENGE_REFUSALS = ["invalid", "expired", "used"] as const
export type ChallengeRefusal = (typeof CHALLENGE_REFUSALS)[number]
export const INVALID_CREDENTIALS_MESSAGE = "Invalid username or password"
/** A wrong or already used two-factor code (sign-in, turning it off). */
export const INVALID_TWO_FACTOR_CODE_MESSAGE = "Invalid code"
/** POST /api/login/two-factor without a password step before it, or after it ran out (5 minutes). */
export const TWO_FACTOR_EXPIRED_MESSAGE = "Your sign-in has expired. Enter your username and password again."
/** A password-reset token that is unknown, used or older than an hour. */
export const RESET_LINK_INVALID_MESSAGE = "This reset link is invalid or has expired"
/** The one answer of POST /api/password-reset, whether or not the address has an account. */
export const PASSWORD_RESET_SENT_MESSAGE = "If an account has this e-mail address, a reset link is on its way"
/** An e-mail-change link that is unknown, used, replaced by a newer one or older than a day. */
export const EMAIL_CHANGE_LINK_INVALID_MESSAGE = "This confirmation link is invalid or has expired"
/**
 * The answer to a new e-mail on PUT /api/account, whether or not another account has the address:
 * the same words either way, so the answer does not tell which addresses have accounts.
 */
export const EMAIL_CHANGE_SENT_MESSAGE = "We sent a confirmation link to the new address. Your e-mail changes when you open it."
/** Confirming a new address that another account took since the link was mailed (only the mailbox's owner holds the link). */
export const EMAIL_TAKEN_MESSAGE = "An account with this email address already exists"
export const LOGIN_REQUIRED_FOR_CART_MESSAGE = "You must be logged in to add items to cart"

/** The cookie of a signed-in session (set by POST /api/login, /api/register and /api/login/two-factor). */
export const SESSION_COOKIE = "enclave.sid"
/**
 * The cookie of a sign-in whose password was right and whose two-factor code is still due: set by POST
 * /api/login with its `{twoFactorRequired: true}` answer, sent by browsers only to /api/login paths, and
 * needed by POST /api/login/two-factor within PENDING_SIGN_IN_MINUTES.
 */
export const PENDING_SIGN_IN_COOKIE = "enclave.2fa"
export const PENDING_SIGN_IN_MINUTES = 5

/**
 * Passkeys (WebAuthn): the rules the account page checks as one types and the facade enforces
 * (contract/passkeys.ts), and the `details.code` of each refusal, which the pages say in their language.
 */
export const PASSKEY_NAME_MAX_LENGTH = 60
export const PASSKEY_NAME_REQUIRED_MESSAGE = "Passkey name is required"
export const PASSKEY_NAME_LENGTH_MESSAGE = `Passkey name must be at most ${PASSKEY_NAME_MAX_LENGTH} characters`
/** More would only be a list nobody reads: a person has a phone, a computer and a few security keys. */
export const MAX_PASSKEYS_PER_ACCOUNT = 20
/** How long a passkey challenge (the options a ceremony starts with) can be answered, once. */
export const PASSKEY_CHALLENGE_MINUTES = 5
export const PASSKEY_REFUSAL_CODES = [
  // The challenge is unknown, used already, ran out, or belongs to another ceremony or account.
  "passkey_challenge_invalid",
  // No account has this credential (never registered here, or removed).
  "passkey_unknown",
  // The signature, origin, relying party or user verification does not hold.
  "passkey_invalid",
  // Registering a credential an account already has.
  "passkey_already_registered",
  "too_many_passkeys",
  // The account has no passkey to take as the second step.
  "no_passkeys",
  // Removing it would leave an admin without the second factor the shop requires of staff.
  "last_second_factor",
  // The shop requires staff to sign in with two factors, and this session was signed in with one.
  "staff_second_factor_required",
  // Only an admin signed in with two factors may require them of all staff.
  "own_second_factor_required",
] as const
export type PasskeyRefusalCode = (typeof PASSKEY_REFUSAL_CODES)[number]

/**
 * The facade's CSRF rule (api-facade http/same-origin.ts), whose words the API document quotes: a change
 * with another site's Origin or Sec-Fetch-Site, and a change that carries the session cookie but says
 * neither where it comes from.
 */
export const CROSS_ORIGIN_MESSAGE = "Cross-origin requests are not allowed"
export const ORIGIN_REQUIRED_MESSAGE =
  "A signed-in change must say where it comes from: send the shop's own Origin header (browsers do so by themselves)"
/** The 403 of every /api/admin call for a signed-in customer. */
export const NOT_AN_ADMIN_MESSAGE = "You do not have permission to access this area."

/**
 * The delivery estimate of a shipping method as a page in `language` states it (one truth for delivery
 * times). The admin enters it as free text, in English and optionally in German; a German page without a German
 * wording shows the English one rather than none. null when the method names no estimate.
 */
export function deliveryEstimate(
  method: { estimated_delivery?: string | null; estimated_delivery_de?: string | null },
  language: string,
): string | null {
  const german = language === "de" ? method.estimated_delivery_de?.trim() : ""
  return german || method.estimated_delivery?.trim() || null
}

/** Where Medusa's order line keeps the German name of the product it sold (its `metadata`). */
export const PRODUCT_NAME_DE_KEY = "product_name_de"

/** Where Medusa's order shipping method keeps the German name it was sold under (its `metadata`). */
export const SHIPPING_METHOD_NAME_DE_KEY = "name_de"

/** A product's name as a page in `language` states it: an accessory's or service's German name on German pages. */
export function productName(product: { name: string; nameDe?: string | null }, language: string): string {
  return (language === "de" ? product.nameDe?.trim() : "") || product.name
}

/** A shipping method's name as a page in `language` states it: German pages its German name when it has one. */
export function shippingMethodName(method: { name: string; name_de?: string | null }, language: string): string {
  return (language === "de" ? method.name_de?.trim() : "") || method.name
}

/** A shipping method's description as a page in `language` states it, like its name. */
export function shippingMethodDescription(method: { description: string; description_de?: string | null }, language: string): string {
  return (language === "de" ? method.description_de?.trim() : "") || method.description
}

// ---------------------------------------------------------------------------------------------
// Cart and orders (docs/product.md §4, §5)

/** docs/product.md §4 order status values; an admin may set any of them from any other. */
export const orderStatuses = ["pending", "processing", "shipped", "delivered", "completed", "cancelled"] as const
export type OrderStatus = (typeof orderStatuses)[number]

export const MISSING_SHIPPING_ADDRESS_MESSAGE = "Missing shipping address"

/**
 * The carriers an admin can name when an order ships, each with its public tracking page. The
 * carrier and the tracking number are kept on Medusa's fulfilment (its label and metadata), so a
 * carrier plugin or the Medusa admin reads the same.
 */
export const carriers = ["dhl", "deutsche-post", "dpd", "gls", "hermes", "ups", "fedex", "other"] as const
export type Carrier = (typeof carriers)[number]
export const carrierNames: Readonly<Record<Carrier, string>> = {
  dhl: "DHL",
  "deutsche-post": "Deutsche Post",
  dpd: "DPD",
  gls: "GLS",
  hermes: "Hermes",
  ups: "UPS",
  fedex: "FedEx",
  other: "Other carrier",
}
export function isCarrier(value: unknown): value is Carrier {
  return typeof value === "string" && (carriers as readonly string[]).includes(value)
}

export const TRACKING_NUMBER_MESSAGE = "Tracking number must be 4 to 40 letters, digits or dashes"
export const TRACKING_NEEDS_CARRIER_MESSAGE = "Choose the carrier of the tracking number"
export const TRACKING_ONLY_WHEN_SHIPPED_MESSAGE = "A carrier and tracking number go with the status shipped"

/** The carrier's tracking page for a parcel, in the reader's language where the carrier has one; null for "other". */
export function trackingUrl(carrier: Carrier, trackingNumber: string, language: "en" | "de" = "en"): string | null {
  const n = encodeURIComponent(trackingNumber)
  const de = language === "de"
  switch (carrier) {
    case "dhl":
      return `https://www.dhl.de/${de ? "de" : "en"}/privatkunden/pakete-empfangen/verfolgen.html?piececode=${n}`
    case "deutsche-post":
      return `https://www.deutschepost.de/de/s/sendungsverfolgung.html?piececode=${n}`
    case "dpd":
      return `https://tracking.dpd.de/status/${de ? "de_DE" : "en_DE"}/parcel/${n}`
    case "gls":
      return de ? `https://gls-group.com/DE/de/paketverfolgung?match=${n}` : `https://gls-group.com/DE/en/parcel-tracking?match=${n}`
    case "hermes":
      return `https://www.myhermes.de/empfangen/sendungsverfolgung/sendungsinformation#${n}`
    case "ups":
      return `https://www.ups.com/track?loc=${de ? "de_DE" : "en_DE"}&tracknum=${n}`
    case "fedex":
      return `https://www.fedex.com/fedextrack/?trknbr=${n}`
    default:
      return null
  }
}

/** docs/product.md §4: the simulated card's payment ids start with `str-`; they are test payments. */
export const SANDBOX_CARD_PAYMENT_PREFIX = "str-"
/** The simulated card's ids the server takes; the storefront makes `str-` and 16 random hex digits. */
export const SANDBOX_CARD_PAYMENT_ID = /^str-[A-Za-z0-9_-]{4,100}$/
/** POST /api/orders with the simulated card while an admin has test payments off (the default of a deployment). */
export const TEST_PAYMENTS_OFF_MESSAGE = "Test payments are switched off: this shop takes real payments only"
/** POST /api/orders with a payment id an order was placed with already (a simulated card's id is accepted once). */
export const PAYMENT_ID_USED_MESSAGE = "This payment was used for another order already"

// ---------------------------------------------------------------------------------------------
// Pay by invoice (docs/product.md §4 Payment settings)

/** POST /api/orders' paymentMethod for payment by invoice and wire transfer; the order's paymentMethod reads the same. */
export const INVOICE_PAYMENT_METHOD = "Invoice"
/** The order's paymentProvider for an invoice order. */
export const INVOICE_PAYMENT_PROVIDER = "invoice"

/**
 * The shop's time zone when the admin has set none (a shop setting, GET /api/shop-details'
 * timeZone): the admin, the storefront and the invoice show times there, and an invoice's date and
 * due date are calendar days there.
 */
export const DEFAULT_SHOP_TIME_ZONE = "Europe/Berlin"

/**
 * The IANA name as the runtime's time zone data spells it ("europe/berlin" → "Europe/Berlin"), or null
 * when the runtime knows no such zone. Only names of the Area/Location form (and UTC): Intl also takes
 * offsets such as "+01:00", which have no daylight saving time and are no place's zone.
 */
export function canonicalTimeZone(name: string): string | null {
  if (!/^(?:UTC|[A-Z][A-Z_-]*(?:\/[A-Z0-9_+-]+){1,2})$/i.test(name)) return null
  try {
    return new Intl.DateTimeFormat("en", { timeZone: name }).resolvedOptions().timeZone
  } catch {
    // RangeError: the runtime's time zone data has no such zone.
    return null
  }
}

export const INVOICE_NOT_AVAILABLE_MESSAGE = "Pay by invoice is not available"
export const INVOICE_BUSINESS_ONLY_MESSAGE =
  "Pay by invoice is only for business customers: add your company name and VAT ID to your account"
export function invoiceMinimumMessage(minimumTotal: string): string {
  return `Pay by invoice needs an order total of at least €${minimumTotal}`
}
export const NOT_AN_INVOICE_ORDER_MESSAGE = "Only an order paid by invoice can be marked as paid"
export const INVOICE_ALREADY_PAID_MESSAGE = "This order is paid already"
export const CANCELLED_ORDER_NOT_PAYABLE_MESSAGE = "A cancelled order cannot be marked as paid"

/** The transfer reference of an invoice order: the order number in a fixed form, e.g. ENC-000042. */
export function invoiceReference(orderNumber: number): string {
  return `ENC-${String(orderNumber).padStart(6, "0")}`
}

/** The calendar day (YYYY-MM-DD) of a moment in the shop's time zone. */
export function shopDay(moment: Date, timeZone: string): string {
  // en-CA formats a date as YYYY-MM-DD.
  return new Intl.DateTimeFormat("en-CA", { timeZone, year: "numeric", month: "2-digit", day: "2-digit" }).format(moment)
}

/**
 * The due date of an invoice placed at this moment with this payment term: the shop's day of the order plus
 * the term. Worked out once, when the order is placed, and stored with it: a later change of the shop's
 * time zone does not move it.
 */
export function invoiceDueDate(placedAt: Date, termDays: number, timeZone: string): string {
  const [year, month, day] = shopDay(placedAt, timeZone).split("-").map(Number)
  return new Date(Date.UTC(year, month - 1, day + termDays)).toISOString().slice(0, 10)
}

export type InvoiceState = "awaiting_payment" | "paid" | "overdue"

/** Paid once the money is marked as received; overdue from the day after its due date (in the shop's time zone). */
export function invoiceState(invoice: { dueDate: string; paidAt: string | null }, timeZone: string, now: Date = new Date()): InvoiceState {
  if (invoice.paidAt) return "paid"
  return shopDay(now, timeZone) > invoice.dueDate ? "overdue" : "awaiting_payment"
}

// ---------------------------------------------------------------------------------------------
// Shop details: the imprint (German Impressum) and the shop's time zone

/** The imprint's fields, in the order the imprint and the admin's form show them. */
export const imprintFields = [
  "companyName",
  "representative",
  "street",
  "postalCode",
  "city",
  "country",
  "email",
  "phone",
  "registerCourt",
  "registerNumber",
  "vatId",
] as const
export type ImprintField = (typeof imprintFields)[number]

/**
 * The register entry is optional: a sole trader or a partnership outside the commercial register has
 * none. The rest is what a German imprint must state for a company that sells online (§ 5 DDG: name and
 * legal form, who represents it, a postal address, two ways of quick contact, the VAT ID).
 */
export const optionalImprintFields: readonly ImprintField[] = ["registerCourt", "registerNumber"]

/**
 * Where the shop details live: this key of the metadata of Medusa's one store record (the facade writes
 * them; the mail plugin reads the time zone from there too).
 */
export const SHOP_DETAILS_METADATA_KEY = "enclave_shop_details"

/**
 * The shop's time zone from the store's metadata: the saved one when the runtime knows it, else the default
 * (nothing saved yet, or time zone data that no longer has the zone: better a default than every date failing).
 */
export function shopTimeZoneOfStore(metadata: Readonly<Record<string, unknown>> | null | undefined): string {
  const saved = metadata?.[SHOP_DETAILS_METADATA_KEY]
  const zone = saved && typeof saved === "object" ? (saved as { timeZone?: unknown }).timeZone : undefined
  return (typeof zone === "string" && canonicalTimeZone(zone)) || DEFAULT_SHOP_TIME_ZONE
}

/**
 * Where goods go back to (a withdrawal's receipt, its confirmation page): the shop's company, street,
 * postal code and city, and country from its details, as lines; empty until the admin has entered them.
 */
export function shopReturnAddressOfStore(metadata: Readonly<Record<string, unknown>> | null | undefined): string[] {
  const saved = metadata?.[SHOP_DETAILS_METADATA_KEY]
  const details = (saved && typeof saved === "object" ? saved : {}) as Partial<Record<string, unknown>>
  const text = (field: string) => (typeof details[field] === "string" ? (details[field] as string).trim() : "")
  const cityLine = [text("postalCode"), text("city")].filter(Boolean).join(" ")
  return [text("companyName"), text("street"), cityLine, text("country")].filter(Boolean)
}

/** The imprint as saved: null where nothing is saved yet. */
export type ImprintDetails = Record<ImprintField, string | null>

/**
 * The imprint fields still to be filled in, in the imprint's order: every required one that is empty,
 * and the other half of the register entry when only one of court and number is saved.
 */
export function missingImprintFields(details: Readonly<Partial<ImprintDetails>>): ImprintField[] {
  const empty = (field: ImprintField) => !details[field]?.trim()
  const registerStarted = !empty("registerCourt") || !empty("registerNumber")
  return imprintFields.filter((field) => empty(field) && (!optionalImprintFields.includes(field) || registerStarted))
}

// ---------------------------------------------------------------------------------------------
// Shipping methods (docs/product.md §4, §5)

/** docs/product.md §5, shipping method form. */
export const SHIPPING_NAME_MESSAGE = "Name must be at least 2 characters"
export const SHIPPING_DESCRIPTION_MESSAGE = "Description must be at least 2 characters"
export const SHIPPING_PRICE_MESSAGE = "Price must be a valid number greater than or equal to 0"
export const SHIPPING_SORT_ORDER_MESSAGE = "Sort order must be a whole number of at least 0"

/** The fields of a shipping method (the contract's ShippingMethod) that set the order of a list. */
export interface ShippingMethodOrderFields {
  id: number
  name: string
  sortOrder: number
}

/** Order of every shipping method list: sortOrder, then name, then id so it is stable. */
export function compareShippingMethods(a: ShippingMethodOrderFields, b: ShippingMethodOrderFields): number {
  return a.sortOrder - b.sortOrder || a.name.localeCompare(b.name) || a.id - b.id
}

/**
 * docs/product.md §4: the default method is preselected, the first when none is marked. Returns the list
 * sorted, with exactly one method marked default (none for an empty list).
 */
export function withOneDefault<T extends ShippingMethodOrderFields & { isDefault: boolean }>(methods: readonly T[]): T[] {
  const sorted = [...methods].sort(compareShippingMethods)
  const chosen = sorted.find((m) => m.isDefault) ?? sorted[0]
  return sorted.map((m) => ({ ...m, isDefault: m === chosen }))
}

/**
 * Names people type for a country besides its code and its English or German name (which the
 * shop and the browser know): the server and the checkout read an address's country the same way.
 */
export const COUNTRY_ALIASES: Readonly<Record<string, string>> = {
  deutschland: "de",
  österreich: "at",
  oesterreich: "at",
  schweiz: "ch",
  frankreich: "fr",
  niederlande: "nl",
  italien: "it",
  spanien: "es",
  belgien: "be",
  dänemark: "dk",
  schweden: "se",
  polen: "pl",
  tschechien: "cz",
  "vereinigtes königreich": "gb",
  uk: "gb",
  "great britain": "gb",
  england: "gb",
  usa: "us",
  "united states": "us",
  "vereinigte staaten": "us",
}

/**
 * The countries the shop ships to, ISO 3166-1 alpha-2 in lower case: every country of Medusa's list, each in one of
 * the seed's regions (Germany, Worldwide). An address in any other country is refused with 400 on `country`
 * so that nobody is offered methods or prices for a place the shop cannot deliver to; countries.test holds this
 * list to Medusa's regions.
 */
export const SHIPPING_COUNTRY_CODES: readonly string[] = (
  "ad ae af ag ai al am ao aq ar as at au aw ax az ba bb bd be bf bg bh bi bj bl bm bn bo bq br bs bt bv bw by " +
  "bz ca cc cd cf cg ch ci ck cl cm cn co cr cu cv cw cx cy cz de dj dk dm do dz ec ee eg eh er es et fi fj fk " +
  "fm fo fr ga gb gd ge gf gg gh gi gl gm gn gp gq gr gs gt gu gw gy hk hm hn hr ht hu id ie il im in io iq ir " +
  "is it je jm jo jp ke kg kh ki km kn kp kr kw ky kz la lb lc li lk lr ls lt lu lv ly ma mc md me mf mg mh mk " +
  "ml mm mn mo mp mq mr ms mt mu mv mw mx my mz na nc ne nf ng ni nl no np nr nu nz om pa pe pf pg ph pk pl pm " +
  "pn pr ps pt pw py qa re ro rs ru rw sa sb sc sd se sg sh si sj sk sl sm sn so sr ss st sv sx sy sz tc td tf " +
  "tg th tj tk tl tm tn to tr tt tv tw tz ua ug um us uy uz va vc ve vg vi vn vu wf ws xk ye yt za zm zw"
).split(" ")

/**
 * Medusa's names of countries where they differ from the English and German names the browser knows ("Viet Nam",
 * "Korea, Republic of"): orders made through Medusa's Store API, and older addresses, carry them.
 */
const MEDUSA_COUNTRY_NAMES: Readonly<Record<string, string>> = {
  "bonaire, sint eustatius and saba": "bq",
  congo: "cg",
  "congo, the democratic republic of the": "cd",
  "cote d'ivoire": "ci",
  "czech republic": "cz",
  "falkland islands (malvinas)": "fk",
  "heard island and mcdonald islands": "hm",
  "holy see (vatican city state)": "va",
  "hong kong": "hk",
  "iran, islamic republic of": "ir",
  "korea, democratic people's republic of": "kp",
  "korea, republic of": "kr",
  "lao people's democratic republic": "la",
  macao: "mo",
  "micronesia, federated states of": "fm",
  "moldova, republic of": "md",
  "palestinian territory, occupied": "ps",
  pitcairn: "pn",
  reunion: "re",
  "russian federation": "ru",
  "saint barthélemy": "bl",
  "saint helena": "sh",
  "saint kitts and nevis": "kn",
  "saint lucia": "lc",
  "saint martin (french part)": "mf",
  "saint pierre and miquelon": "pm",
  "saint vincent and the grenadines": "vc",
  "sao tome and principe": "st",
  "south georgia and the south sandwich islands": "gs",
  swaziland: "sz",
  "syrian arab republic": "sy",
  "taiwan, province of china": "tw",
  "tanzania, united republic of": "tz",
  "timor leste": "tl",
  turkey: "tr",
  "united states minor outlying islands": "um",
  "viet nam": "vn",
  "virgin islands, british": "vg",
  "virgin islands, u.s.": "vi",
}

export const UNKNOWN_COUNTRY_MESSAGE = "Choose a country the shop ships to"

const regionNames = new Map<string, Intl.DisplayNames>()
function displayNames(language: string): Intl.DisplayNames {
  let names = regionNames.get(language)
  if (!names) regionNames.set(language, (names = new Intl.DisplayNames([language], { type: "region", fallback: "code" })))
  return names
}

/** A country's name in the language ("Germany", "Deutschland"), as the browser and Node name it. */
export function countryName(code: string, language: string): string {
  return displayNames(language).of(code.toUpperCase()) ?? code.toUpperCase()
}

/** "Antigua & Barbuda" and "antigua and barbuda" are the same country. */
const comparable = (name: string) =>
  name
    .trim()
    .toLowerCase()
    .replace(/\s*&\s*/g, " and ")

let knownNames: Map<string, string> | undefined
/**
 * The alpha-2 code (lower case) of what a person or a client wrote for a country the shop ships to: its code, its
 * English or German name (any case), or one of COUNTRY_ALIASES; null for anything else ("Atlantis").
 */
export function shippingCountryCode(text: string): string | null {
  if (!knownNames) {
    knownNames = new Map([...Object.entries(COUNTRY_ALIASES), ...Object.entries(MEDUSA_COUNTRY_NAMES)])
    for (const code of SHIPPING_COUNTRY_CODES) {
      knownNames.set(code, code)
      for (const language of ["en", "de"]) knownNames.set(comparable(countryName(code, language)), code)
    }
  }
  return knownNames.get(comparable(text)) ?? null
}

/**
 * The address forms' country select: each country's name in the page's language, in that language's order. The value
 * sent is the English name, as addresses have always been written (orders, invoices and mails show it as it is).
 */
export function countryOptions(language: string): Array<{ value: string; label: string }> {
  const collator = new Intl.Collator(language)
  return SHIPPING_COUNTRY_CODES.map((code) => ({ value: countryName(code, "en"), label: countryName(code, language) })).sort((a, b) =>
    collator.compare(a.label, b.label),
  )
}

/**
 * "Exactly one default per country set": each shipping zone has its own preselected method, the
 * first of the zone when none is marked. Returns the list sorted.
 */
export function withOneDefaultPerZone<T extends ShippingMethodOrderFields & { isDefault: boolean; zone: string }>(
  methods: readonly T[],
): T[] {
  const byZone = new Map<string, T[]>()
  for (const method of methods) byZone.set(method.zone, [...(byZone.get(method.zone) ?? []), method])
  return [...byZone.values()].flatMap((zone) => withOneDefault(zone)).sort(compareShippingMethods)
}

// ---------------------------------------------------------------------------------------------
// Payment and shipping settings (docs/product.md §3, §9)

/** docs/product.md §9: what checkout charges for shipping when nothing else is configured. */
export const DEFAULT_SHIPPING_LABEL = "World wide Shipping"
export const DEFAULT_SHIPPING_PRICE = "10.00"
export const SHIPPING_SETTINGS_PRICE_MESSAGE = "Shipping price must be a number of at least 0"

/** The settings fields that hold secrets: stored encrypted, answered only masked. */
export const paymentSecretFields = [
  "stripeSecretKey",
  "stripeSandboxSecretKey",
  "stripeWebhookSecret",
  "stripeSandboxWebhookSecret",
  "paypalSecret",
  "paypalSandboxSecret",
] as const
export type PaymentSecretField = (typeof paymentSecretFields)[number]

/** What a masked secret starts with; a value that starts with it is never a real secret. */
export const SECRET_MASK_PREFIX = "••••"

/**
 * A secret as the admin sees it: the mask and its last 4 characters, or only the mask when the
 * secret is too short to show any of it; "" when none is saved.
 */
export function maskSecret(secret: string | null | undefined): string {
  if (!secret) return ""
  return secret.length >= 12 ? SECRET_MASK_PREFIX + secret.slice(-4) : SECRET_MASK_PREFIX
}

// ---------------------------------------------------------------------------------------------
// Payments (docs/product.md §3, §4, §5, §8)

/** docs/product.md §5 / §8 texts of the wallet flow, shown as they are. */
export const paypalMessages = {
  invalidResponse: "Invalid response from PayPal server",
  invalidCaptureResponse: "Invalid response from PayPal server during capture",
  noOrderId: "No order ID received from PayPal",
  noApprovalUrl: "No approval URL received from PayPal",
  noOrderIdToCapture: "No order ID available",
  noPaymentId: "No payment ID received from PayPal after capture",
  createFailed: "Failed to create PayPal order",
  captureFailed: "Failed to capture PayPal payment",
} as const

/** docs/product.md §8: money was taken, but the order could not be finished; staff finish it from the recorded payment. */
export const PAYMENT_RECEIVED_NOT_FINALISED_MESSAGE =
  "Your payment was received, but we had trouble finalizing it. Please contact customer support."

/** docs/product.md §8 sandbox detection: wallet order ids and payment ids of test payments. */
export function isSandboxWalletOrder(order: { id?: string | null; status?: string | null }): boolean {
  return Boolean(order.id?.startsWith("SANDBOX-") || order.status?.toUpperCase().includes("SANDBOX"))
}
export function isSandboxPaymentId(paymentId: string | null | undefined): boolean {
  return Boolean(paymentId && (paymentId.startsWith("SANDBOX-") || paymentId.startsWith("sb-")))
}
export function isSandboxPaymentMethod(paymentMethod: string | null | undefined): boolean {
  return Boolean(paymentMethod?.includes("Sandbox"))
}

/** The payment method names POST /api/orders takes (any case); the simulated card is told by its `str-` id. */
export const CARD_PAYMENT_METHOD = "stripe"
export const WALLET_PAYMENT_METHOD = "paypal"

/**
 * docs/product.md §3: what checkout keeps in browser storage (sessionStorage) over the wallet redirect,
 * and the shipping method chosen at checkout. Cleared once the result page has used them.
 */
export const checkoutStorageKeys = {
  pendingOrderId: "paypalPendingOrderId",
  amount: "paypalPendingAmount",
  userId: "paypalPendingUserId",
  shippingMethodId: "selectedShippingMethodId",
  /** The card order to place when the card provider sent the browser away (3-D Secure) and back. */
  pendingCardOrder: "cardPendingOrder",
} as const

// ---------------------------------------------------------------------------------------------
// The admin product form and image upload (docs/product.md §5)

export const PRICE_MESSAGE = "Price must be a positive number"
export const SECURITY_LEVEL_MESSAGE = "Security level must be a whole number from 1 to 5"
export const STOCK_QUANTITY_MESSAGE = "Stock quantity must be a whole number of at least 0"
export const CATEGORY_MESSAGE = "Category must be phone, accessory or service"
export const IMAGE_URL_MESSAGE = "Image URL must be a path starting with / or an http(s) URL"

export const PRODUCT_NAME_MAX = 200
export const PRODUCT_DESCRIPTION_MAX = 5000
/** Generous for a shop's catalogue, small enough that one request cannot store a novel. */
export const PRODUCT_FEATURES_MAX = 50
export const PRODUCT_FEATURE_MAX = 200
export const PRODUCT_SPECIFICATIONS_MAX = 50
export const PRODUCT_SPECIFICATION_KEY_MAX = 100
export const PRODUCT_SPECIFICATION_VALUE_MAX = 1000
/** What the inventory can hold without a person noticing a typo of three extra zeros is unlikely. */
export const PRODUCT_STOCK_QUANTITY_MAX = 1_000_000_000
export const PRODUCT_IMAGE_URL_MAX = 2000

/**
 * The product form's other messages a person can meet by typing (the English and German texts' lengths
 * and counts). They are named here, with their exact words, because the admin translates a message by
 * its English text: a wording changed in one place only would silently show English to a German admin.
 */
export const productFieldMessages = {
  nameRequired: "Name is required",
  nameTooLong: `Name must be at most ${PRODUCT_NAME_MAX} characters`,
  descriptionTooLong: `Description must be at most ${PRODUCT_DESCRIPTION_MAX} characters`,
  descriptionDeTooLong: `German description must be at most ${PRODUCT_DESCRIPTION_MAX} characters`,
  nameDeTooLong: `German name must be at most ${PRODUCT_NAME_MAX} characters`,
  stockQuantityTooLarge: `Stock quantity must be at most ${PRODUCT_STOCK_QUANTITY_MAX}`,
  imageUrlTooLong: `Image URL must be at most ${PRODUCT_IMAGE_URL_MAX} characters`,
  featureTooLong: `A feature must be at most ${PRODUCT_FEATURE_MAX} characters`,
  featureDeTooLong: `German feature must be at most ${PRODUCT_FEATURE_MAX} characters`,
  tooManyFeatures: `At most ${PRODUCT_FEATURES_MAX} features`,
  tooManyFeaturesDe: `At most ${PRODUCT_FEATURES_MAX} German features`,
  specificationKeyTooLong: `A specification name must be at most ${PRODUCT_SPECIFICATION_KEY_MAX} characters`,
  specificationValueTooLong: `A specification value must be at most ${PRODUCT_SPECIFICATION_VALUE_MAX} characters`,
  specificationValueDeTooLong: `German specification value must be at most ${PRODUCT_SPECIFICATION_VALUE_MAX} characters`,
  tooManySpecifications: `At most ${PRODUCT_SPECIFICATIONS_MAX} specifications`,
  tooManySpecificationsDe: `At most ${PRODUCT_SPECIFICATIONS_MAX} German specifications`,
} as const

/**
 * PostgreSQL cannot store U+0000 in text: the facade refuses it in any field with this message
 * (the form's own rules do not look for it, so the admin meets it as the server's field error).
 */
export const NUL_CHARACTER_MESSAGE = "Text must not contain NUL characters"

/** POST /api/admin/products/{id}/upload-image: docs/product.md §5 allows JPEG, PNG, GIF and WebP. */
export const IMAGE_UPLOAD_FIELD = "image"
export const IMAGE_UPLOAD_MAX_BYTES = 5 * 1024 * 1024
export const IMAGE_TYPE_MESSAGE = "Only JPEG, PNG, GIF or WebP images can be uploaded"
export const IMAGE_TOO_LARGE_MESSAGE = "The image is larger than 5 MB"
export const IMAGE_MISSING_MESSAGE = `No image was sent: attach one file in the form field '${IMAGE_UPLOAD_FIELD}'`
export const IMAGE_UPLOADED_MESSAGE = "Image uploaded successfully"

/**
 * Saving a product whose image URL is on another site (which would let that site see every visitor): the shop fetches the image and
 * stores it as an upload, or refuses the save with one of these on `imageUrl`. The admin translates them.
 */
export const imageFetchMessages = {
  "refused-address": "The image URL must point to a public internet address, not the shop's own network",
  unreachable: "The image could not be fetched from its URL",
  "not-an-image": "The image URL does not point to a JPEG, PNG, GIF or WebP image",
  "too-large": "The image at the URL is larger than 5 MB",
} as const

/**
 * Whether an image address is the shop's own (a path on its origin). The shop's pages show no image from
 * elsewhere (their CSP allows none): a product saved before images were fetched may still carry another
 * site's address, and is shown with the placeholder until the admin saves it again.
 */
export function isShopImagePath(imageUrl: string | null | undefined): imageUrl is string {
  return typeof imageUrl === "string" && imageUrl.startsWith("/") && !imageUrl.startsWith("//") && !imageUrl.startsWith("/\\")
}

/** The image to show for a product: its own if it is the shop's, else the placeholder. */
export function shownImageUrl(imageUrl: string | null | undefined): string {
  return isShopImagePath(imageUrl) ? imageUrl : NO_IMAGE_URL
}
