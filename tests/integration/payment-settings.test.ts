/**
 * Payment settings over the /api facade (docs/product.md §3 PaymentSettings, §4, §7): what checkout may
 * offer, the shipping settings, and the admin's form. Secrets are saved but never answered in
 * clear. The settings are global: this file puts back what it changed when it ends.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { apiErrorSchema, paymentMethodsSchema, shippingSettingsSchema, type PaymentConfig } from "@enclave/contract"
import { ApiClient, asAdmin, asNewCustomer, asVisitor } from "../support/api.ts"
import { paymentConfigCalls } from "../support/payment-config.ts"
import { shopUrl } from "../support/urls.ts"
import { askPage, untilFrontDoor } from "../support/front-door-pages.ts"

let admin: ApiClient
let original: PaymentConfig

const keys = {
  stripeSandboxSecretKey: "sk_test_enclaveSandboxSecret0001",
  stripeSandboxPublicKey: "pk_test_enclaveSandboxPublic0001",
  stripeSecretKey: "sk_live_enclaveLiveSecret000002",
  stripePublicKey: "pk_live_enclaveLivePublic000002",
  paypalSandboxClientId: "sandbox-client-id-0003",
  paypalSandboxSecret: "sandbox-paypal-secret-0003",
  paypalClientId: "live-client-id-0004",
  paypalSecret: "live-paypal-secret-value-0004",
  stripeSandboxWebhookSecret: "whsec_enclaveSandboxWebhook0005",
}
const clearSecrets = Object.entries(keys)
  .filter(([field]) => /Secret/.test(field))
  .map(([, value]) => value)

/** The card provider in sandbox mode with its sandbox keys: enough to enable it. */
const stripeSandbox = {
  stripeSandboxMode: true,
  stripeSandboxSecretKey: keys.stripeSandboxSecretKey,
  stripeSandboxPublicKey: keys.stripeSandboxPublicKey,
}

const { config, save, saveOk } = paymentConfigCalls(() => admin)

async function paymentMethodsAnswer() {
  const answer = await asVisitor().get("/api/payment-methods")
  expect(answer.status).toBe(200)
  return paymentMethodsSchema.parse(answer.body)
}

/** Which providers checkout offers. */
async function paymentMethods() {
  const { stripe, paypal } = await paymentMethodsAnswer()
  return { stripe, paypal }
}

function expectNoClearSecret(body: unknown) {
  const text = JSON.stringify(body)
  for (const secret of clearSecrets) expect(text).not.toContain(secret)
}

beforeAll(async () => {
  admin = await asAdmin()
  original = await config()
})

afterAll(async () => {
  // Disable first: clearing the keys of an enabled provider is refused.
  await save({ stripeEnabled: false, paypalEnabled: false })
  await saveOk({
    stripeSandboxMode: original.stripeSandboxMode,
    paypalSandboxMode: original.paypalSandboxMode,
    stripePublicKey: original.stripePublicKey,
    stripeSandboxPublicKey: original.stripeSandboxPublicKey,
    paypalClientId: original.paypalClientId,
    paypalSandboxClientId: original.paypalSandboxClientId,
    // A secret that was saved before cannot be put back (it is never answered); one that was not is removed.
    ...(original.stripeSecretKeySet ? {} : { stripeSecretKey: null }),
    ...(original.stripeSandboxSecretKeySet ? {} : { stripeSandboxSecretKey: null }),
    ...(original.paypalSecretSet ? {} : { paypalSecret: null }),
    ...(original.paypalSandboxSecretSet ? {} : { paypalSandboxSecret: null }),
    shippingLabel: original.shippingLabel,
    shippingPrice: original.shippingPrice,
  })
  if (original.stripeEnabled || original.paypalEnabled) {
    await saveOk({ stripeEnabled: original.stripeEnabled, paypalEnabled: original.paypalEnabled })
  }
})

describe("a new shop", () => {
  it("charges the default shipping and starts with both providers disabled, in sandbox mode", async () => {
    const shipping = await asVisitor().get("/api/shipping-settings")
    expect(shipping.status).toBe(200)
    expect(shippingSettingsSchema.parse(shipping.body)).toEqual({ shippingLabel: "World wide Shipping", shippingPrice: "10.00" })
    expect(await paymentMethods()).toEqual({ stripe: false, paypal: false })
    expect(original).toMatchObject({
      stripeEnabled: false,
      stripeSandboxMode: true,
      paypalEnabled: false,
      paypalSandboxMode: true,
      stripeSecretKey: "",
      stripeSecretKeySet: false,
      paypalSecret: "",
      paypalSecretSet: false,
      stripeKeysSaved: false,
      paypalKeysSaved: false,
    })
  })
})

describe("POST /api/admin/payment-config", () => {
  it("saves the whole form and answers it with every secret masked", async () => {
    const saved = await saveOk({
      stripeSandboxMode: true,
      stripeSecretKey: keys.stripeSecretKey,
      stripePublicKey: keys.stripePublicKey,
      stripeSandboxSecretKey: keys.stripeSandboxSecretKey,
      stripeSandboxPublicKey: keys.stripeSandboxPublicKey,
      paypalSandboxMode: true,
      paypalClientId: keys.paypalClientId,
      // The admin form's names for the PayPal secrets.
      paypalClientSecret: keys.paypalSecret,
      paypalSandboxClientId: keys.paypalSandboxClientId,
      paypalSandboxClientSecret: keys.paypalSandboxSecret,
      shippingLabel: original.shippingLabel,
      shippingPrice: original.shippingPrice,
    })
    expect(saved).toMatchObject({
      stripeSecretKey: "••••0002",
      stripeSecretKeySet: true,
      stripePublicKey: keys.stripePublicKey,
      stripeSandboxSecretKey: "••••0001",
      stripeSandboxSecretKeySet: true,
      stripeSandboxPublicKey: keys.stripeSandboxPublicKey,
      stripeKeysSaved: true,
      paypalClientId: keys.paypalClientId,
      paypalSecret: "••••0004",
      paypalSecretSet: true,
      paypalSandboxClientId: keys.paypalSandboxClientId,
      paypalSandboxSecret: "••••0003",
      paypalSandboxSecretSet: true,
      paypalKeysSaved: true,
      stripeEnabled: false,
      paypalEnabled: false,
    })
    expectNoClearSecret(saved)
    const read = await config()
    expect(read).toEqual(saved)
    expectNoClearSecret(read)
  })

  it("keeps a saved secret when the form leaves it out, sends it empty, or sends the mask back", async () => {
    await saveOk({ paypalSandboxSecret: keys.paypalSandboxSecret, paypalSandboxClientId: keys.paypalSandboxClientId })
    const before = await config()
    for (const body of [
      { paypalSandboxClientId: "sandbox-client-id-0005" },
      { paypalSandboxSecret: "" },
      { paypalSandboxSecret: before.paypalSandboxSecret },
      { paypalSandboxClientSecret: before.paypalSandboxSecret, stripeSandboxSecretKey: "" },
    ]) {
      const after = await saveOk(body)
      expect(after.paypalSandboxSecret, JSON.stringify(body)).toBe("••••0003")
      expect(after.paypalSandboxSecretSet).toBe(true)
      expect(after.stripeSandboxSecretKey).toBe(before.stripeSandboxSecretKey)
    }
    // The kept secret is still the one saved: PayPal can be enabled with it.
    await saveOk({ paypalSandboxClientId: keys.paypalSandboxClientId, paypalEnabled: true })
    expect((await paymentMethods()).paypal).toBe(true)
    await saveOk({ paypalEnabled: false })
  })

  it("replaces a secret with a new one", async () => {
    const saved = await saveOk({ stripeSandboxSecretKey: "sk_test_replacedSecretValue9999" })
    expect(saved.stripeSandboxSecretKey).toBe("••••9999")
    expect(JSON.stringify(saved)).not.toContain("replacedSecretValue")
    await saveOk({ stripeSandboxSecretKey: keys.stripeSandboxSecretKey })
  })

  it("keeps the webhook signing secret masked and the PayPal webhook id as it is", async () => {
    const saved = await saveOk({ stripeSandboxWebhookSecret: keys.stripeSandboxWebhookSecret, paypalSandboxWebhookId: "WH-SANDBOX-0006" })
    expect(saved).toMatchObject({
      stripeSandboxWebhookSecret: "••••0005",
      stripeSandboxWebhookSecretSet: true,
      stripeWebhookSecretSet: false,
      paypalSandboxWebhookId: "WH-SANDBOX-0006",
    })
    expectNoClearSecret(saved)
    expectNoClearSecret((await admin.get("/api/admin/payment-config")).body)
    const cleared = await saveOk({ stripeSandboxWebhookSecret: null, paypalSandboxWebhookId: "" })
    expect(cleared).toMatchObject({ stripeSandboxWebhookSecretSet: false, stripeSandboxWebhookSecret: "", paypalSandboxWebhookId: "" })
  })

  it("toggles one provider with a single flag, and checkout offers exactly the enabled providers with keys", async () => {
    await saveOk({
      ...stripeSandbox,
      paypalSandboxMode: true,
      paypalSandboxClientId: keys.paypalSandboxClientId,
      paypalSandboxSecret: keys.paypalSandboxSecret,
    })
    expect(await paymentMethodsAnswer()).toEqual({
      stripe: false,
      paypal: false,
      stripePublicKey: null,
      stripeSandbox: true,
      paypalSandbox: true,
      simulatedCard: true,
      invoice: false,
    })
    expect((await saveOk({ stripeEnabled: true })).stripeEnabled).toBe(true)
    // Stripe Elements needs the publishable key of the mode the card provider is in.
    expect(await paymentMethodsAnswer()).toMatchObject({ stripe: true, paypal: false, stripePublicKey: keys.stripeSandboxPublicKey })
    expect((await saveOk({ paypalEnabled: true })).paypalEnabled).toBe(true)
    expect(await paymentMethods()).toEqual({ stripe: true, paypal: true })
    expect((await saveOk({ stripeEnabled: false })).stripeEnabled).toBe(false)
    expect(await paymentMethods()).toEqual({ stripe: false, paypal: true })
    await saveOk({ paypalEnabled: false })
    expect(await paymentMethods()).toEqual({ stripe: false, paypal: false })
  })

  it("refuses to enable a provider whose keys for its current mode are not saved", async () => {
    await saveOk({ stripeEnabled: false, stripeSandboxMode: true, stripeSandboxSecretKey: null, stripeSandboxPublicKey: "" })
    const stripe = await save({ stripeEnabled: true })
    expect(stripe.status).toBe(400)
    expect(apiErrorSchema.parse(stripe.body).message).toBe("Stripe cannot be enabled until its sandbox secret key and public key are saved")
    expect((await config()).stripeEnabled).toBe(false)

    // Live mode needs the live keys: the sandbox ones do not count.
    await saveOk({ paypalEnabled: false, paypalSandboxMode: false, paypalClientId: "", paypalSecret: null })
    await saveOk({ paypalSandboxClientId: keys.paypalSandboxClientId, paypalSandboxSecret: keys.paypalSandboxSecret })
    const paypal = await save({ paypalEnabled: true })
    expect(paypal.status).toBe(400)
    expect(paypal.body.message).toBe("PayPal cannot be enabled until its live client id and secret are saved")
    expect(await paymentMethods()).toEqual({ stripe: false, paypal: false })

    // Keys and the flag in one save are fine.
    const enabled = await saveOk({ paypalEnabled: true, paypalClientId: keys.paypalClientId, paypalSecret: keys.paypalSecret })
    expect(enabled).toMatchObject({ paypalEnabled: true, paypalSandboxMode: false, paypalSecret: "••••0004" })
    expect(await paymentMethods()).toEqual({ stripe: false, paypal: true })
  })

  it("refuses to leave an enabled provider without keys: removing them or switching to a mode without them", async () => {
    await saveOk({
      paypalSandboxMode: true,
      paypalSandboxClientId: keys.paypalSandboxClientId,
      paypalSandboxSecret: keys.paypalSandboxSecret,
    })
    await saveOk({ paypalEnabled: true, paypalClientId: "", paypalSecret: null })
    const toLive = await save({ paypalSandboxMode: false })
    expect(toLive.status).toBe(400)
    expect(toLive.body.message).toBe("PayPal cannot be enabled until its live client id and secret are saved")
    const cleared = await save({ paypalSandboxSecret: null })
    expect(cleared.status).toBe(400)
    expect(await config()).toMatchObject({ paypalEnabled: true, paypalSandboxMode: true, paypalSandboxSecretSet: true })
    await saveOk({ paypalEnabled: false })
  })

  it("saves the shipping settings that checkout reads", async () => {
    const saved = await saveOk({ shippingLabel: "  Insured worldwide shipping ", shippingPrice: "12.5" })
    expect(saved).toMatchObject({ shippingLabel: "Insured worldwide shipping", shippingPrice: "12.50" })
    const shipping = await asVisitor().get("/api/shipping-settings")
    expect(shipping.body).toEqual({ shippingLabel: "Insured worldwide shipping", shippingPrice: "12.50" })
    expect((await saveOk({ shippingPrice: "0" })).shippingPrice).toBe("0.00")
    await saveOk({ shippingLabel: original.shippingLabel, shippingPrice: original.shippingPrice })
  })

  it.each([
    [{ shippingPrice: "-1" }, "shippingPrice", "Shipping price must be a number of at least 0"],
    [{ shippingPrice: "ten" }, "shippingPrice", "Shipping price must be a number of at least 0"],
    [{ shippingPrice: "1.234" }, "shippingPrice", "Shipping price must be a number of at least 0"],
    [{ shippingPrice: "" }, "shippingPrice", "Shipping price must be a number of at least 0"],
    [{ shippingPrice: null }, "shippingPrice", "Shipping price must be a number of at least 0"],
    [{ shippingLabel: "   " }, "shippingLabel", "Shipping label is required"],
    [{ stripeEnabled: "yes" }, "stripeEnabled", "stripeEnabled must be true or false"],
    [{ paypalSandboxMode: 1 }, "paypalSandboxMode", "paypalSandboxMode must be true or false"],
    [{ paypalSecret: 12345 }, "paypalSecret", "paypalSecret must be a text"],
    [{ stripePublicKey: ["pk"] }, "stripePublicKey", "stripePublicKey must be a text"],
    [{ stripeWebhookToken: "whsec" }, "", "Unknown field: stripeWebhookToken"],
  ])("refuses %j with 400 naming %s", async (body, field, message) => {
    const before = await config()
    const answer = await save(body)
    expect(answer.status).toBe(400)
    expect(apiErrorSchema.parse(answer.body).message).toBe(message)
    expect(answer.body.details.fields[field]).toBe(message)
    expect(await config()).toEqual(before)
  })

  it("refuses a body that is not an object", async () => {
    for (const raw of ["[]", '"stripeEnabled"', "{oops"]) {
      const answer = await admin.post("/api/admin/payment-config", undefined, { raw, headers: { "content-type": "application/json" } })
      expect(answer.status, raw).toBe(400)
      expect(apiErrorSchema.parse(answer.body).message).toBeTruthy()
    }
  })
})

describe("public endpoints", () => {
  it("never carry a key or a secret", async () => {
    await saveOk({ stripeSandboxSecretKey: keys.stripeSandboxSecretKey, stripeSandboxPublicKey: keys.stripeSandboxPublicKey })
    for (const path of ["/api/payment-methods", "/api/shipping-settings"]) {
      const answer = await asVisitor().get(path)
      expect(answer.status).toBe(200)
      expectNoClearSecret(answer.body)
      expect(JSON.stringify(answer.body)).not.toContain(keys.stripeSandboxPublicKey)
    }
  })
})

describe("GET /api/payment-methods for visitors (the storefront's footer badges)", () => {
  it("carries an ETag, answers 304 while the settings are unchanged, and a new answer after a save", async () => {
    await saveOk({ ...stripeSandbox, stripeEnabled: false })
    const first = await asVisitor().get("/api/payment-methods")
    const etag = first.headers.get("etag")
    expect(etag).toBeTruthy()
    expect(first.headers.get("vary") ?? "").toMatch(/cookie/i)
    const again = await asVisitor().get("/api/payment-methods", { headers: { "if-none-match": etag! } })
    expect(again.status).toBe(304)

    // The storefront revalidates its copy with this tag: the save must change the answer at once.
    await saveOk({ stripeEnabled: true })
    const changed = await asVisitor().get("/api/payment-methods", { headers: { "if-none-match": etag! } })
    expect(changed.status).toBe(200)
    expect(changed.headers.get("etag")).not.toBe(etag)
    expect(paymentMethodsSchema.parse(changed.body)).toMatchObject({ stripe: true })
    await saveOk({ stripeEnabled: false })
    expect(await paymentMethods()).toEqual({ stripe: false, paypal: false })
  })

  it("shows on the catalogue pages' footer on the very next request, also right after the front door sent the page itself", async () => {
    const english = { cookie: "language=en" }
    const home = () => askPage(shopUrl(), "/", english)
    const hasStripeBadge = (html: string) => /data-testid="payment-badges"[^]*?<li class="payment-logo"[^>]*>Stripe<\/li>/.test(html)
    await saveOk({ ...stripeSandbox, stripeEnabled: false })
    const before = await untilFrontDoor(shopUrl(), "/", english)
    expect(hasStripeBadge(before.html)).toBe(false)
    await saveOk({ stripeEnabled: true })
    const after = await home()
    expect(after.frontDoor).toBe(false)
    expect(hasStripeBadge(after.html)).toBe(true)
    await saveOk({ stripeEnabled: false })
    expect(hasStripeBadge((await home()).html)).toBe(false)
  })

  it("is a signed-in customer's own answer, kept by no shared cache", async () => {
    const customer = await asNewCustomer()
    const answer = await customer.get("/api/payment-methods")
    expect(answer.status).toBe(200)
    expect(answer.headers.get("cache-control")).toBe("private, no-cache")
    expect(answer.headers.get("x-cache")).toBeNull()
  })
})

describe("who may see and change the payment settings", () => {
  it.each([
    ["GET", undefined],
    ["POST", { stripeEnabled: false }],
  ] as const)("%s /api/admin/payment-config: visitors get 401, customers 403", async (method, body) => {
    expect((await asVisitor().request(method, "/api/admin/payment-config", body)).status).toBe(401)
    const customer = await asNewCustomer()
    const answer = await customer.request(method, "/api/admin/payment-config", body)
    expect(answer.status).toBe(403)
    expectNoClearSecret(answer.body)
  })
})
