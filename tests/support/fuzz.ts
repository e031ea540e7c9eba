/**
 * Seeded generator of malformed /api requests. Every request carries at least one violation the
 * facade must refuse (so nothing may change): a body the contract's schema rejects, a path id
 * that is no id, an unknown path or method, a caller without the right, a cross-origin state
 * change or a forged session. Noise (odd query strings, unicode, extra headers) rides on top.
 */
import { apiOperations, type ApiOperation } from "@enclave/contract"
import { z } from "zod"
// Core schemas: the contract's form schemas are zod/mini, the others classic zod.
import type { $ZodType as ZodType } from "zod/v4/core"
import { testAddress as address } from "./address.ts"

export type Role = "visitor" | "customer" | "admin"

export interface FuzzRequest {
  index: number
  /** The call it aims at, `METHOD /api/...{param}` (a route file's key). */
  target: string
  violation: string
  role: Role
  method: string
  /** Raw, as sent on the wire (may hold dot segments and percent-escapes). */
  path: string
  headers: Record<string, string>
  body?: string
}

/** Ids that exist in the shop under test, so requests reach as deep as their violation allows. */
export interface FuzzIds {
  productId: number
  itemId: number
  orderId: number
  userId: number
  shippingMethodId: number
}

/** mulberry32: small, fast and the same on every machine. */
export function seededRandom(seed: number) {
  let a = seed >>> 0
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0
    let t = a
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
  return {
    next,
    int: (max: number) => Math.floor(next() * max),
    pick: <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)],
    chance: (p: number) => next() < p,
  }
}
type Rng = ReturnType<typeof seededRandom>

const fuzzClientData = Buffer.from(
  JSON.stringify({ type: "webauthn.get", challenge: "bm90LWlzc3VlZA", origin: "https://evil.example" }),
).toString("base64url")
const fuzzRegistrationResponse = {
  id: "ZnV6ei1jcmVkZW50aWFs",
  rawId: "ZnV6ei1jcmVkZW50aWFs",
  type: "public-key",
  response: { clientDataJSON: fuzzClientData, attestationObject: "o2NmbXRkbm9uZQ", transports: ["usb"] },
  clientExtensionResults: {},
}
const fuzzAuthenticationResponse = {
  id: "ZnV6ei1jcmVkZW50aWFs",
  rawId: "ZnV6ei1jcmVkZW50aWFs",
  type: "public-key",
  response: { clientDataJSON: fuzzClientData, authenticatorData: "AAAA", signature: "AAAA", userHandle: "AAAA" },
  clientExtensionResults: {},
}

/** A plausible body per call: mutated until the contract's schema refuses it. */
function baseBody(op: ApiOperation, ids: FuzzIds): Record<string, unknown> {
  switch (`${op.method} ${op.path}`) {
    case "post /api/login":
      // Not the shared admin: a body that slipped through would count toward that account's hour of failures
      // (README "Signing in"), and the other suites sign in as it. A username nobody has is answered alike.
      return { username: "nobody-fuzzed", password: "not-the-password" }
    case "post /api/register":
      return {
        username: "fuzzer",
        email: "fuzzer@example.org",
        password: "correct horse battery",
        isAdmin: false,
        ...address,
        fullName: "Fuzz",
      }
    case "put /api/account":
      return { email: "fuzzer@example.org", ...address, fullName: "Fuzz" }
    case "post /api/account/password":
      // Not the customer's password: even a body that slipped through could change nothing.
      return { currentPassword: "not the password at all", newPassword: "another horse battery" }
    case "post /api/account/two-factor/enable":
    case "post /api/account/two-factor/disable":
    case "post /api/login/two-factor":
      // Never a code of anyone's secret: a body that slipped through could turn nothing on or off.
      return { code: "000000" }
    case "post /api/account/deletion":
      // Not the customer's password: even a body that slipped through could delete nothing.
      return { password: "not the password at all" }
    case "put /api/account/pgp-key":
      return { publicKey: "-----BEGIN PGP PUBLIC KEY BLOCK-----\n\nmDMEZfuzz\n-----END PGP PUBLIC KEY BLOCK-----\n" }
    case "post /api/account/passkeys":
      // A registration answer of the right shape whose challenge the shop never issued: a body that slipped through adds nothing.
      return { name: "Fuzz key", response: fuzzRegistrationResponse }
    case "put /api/account/passkeys/{id}":
      return { name: "Fuzz key" }
    case "post /api/login/passkey":
    case "post /api/login/passkey/second-factor":
      // An assertion of a credential nobody has, over a challenge nobody issued: refused even if it slipped through.
      return { response: fuzzAuthenticationResponse }
    case "post /api/password-reset":
      return { email: "fuzzer@example.org" }
    case "post /api/password-reset/confirm":
      return { token: "not-a-token-of-any-mail", password: "another horse battery" }
    case "post /api/cart":
      return { productId: ids.productId, quantity: 1 }
    case "put /api/cart/{itemId}":
      return { quantity: 2 }
    case "post /api/orders":
      return { shippingAddress: address, shippingMethod: ids.shippingMethodId, paymentMethod: "stripe", paymentId: "str-fuzz" }
    case "post /api/card-payments":
      return { shippingAddress: address, shippingMethodId: ids.shippingMethodId }
    case "post /api/paypal-server/create-order":
      return { shippingAddress: address, shippingMethodId: ids.shippingMethodId, amount: "1.00" }
    case "post /api/paypal-server/capture-order":
      return { orderId: "5O190127TN364715T" }
    case "put /api/admin/orders/{id}/status":
      return { status: "shipped" }
    case "put /api/admin/orders/{id}/shipping-address":
      return { shippingAddress: address }
    case "post /api/admin/products":
      return { name: "Fuzz phone", price: "10.00", description: "x", stockQuantity: 1 }
    case "put /api/admin/products/{id}":
      return { name: "Fuzz phone", price: "10.00" }
    case "post /api/admin/payment-config":
      // Invoice fields too, so their checks (IBAN mod-97, BIC form, term in days) meet strange values.
      return {
        stripeEnabled: false,
        invoiceEnabled: false,
        invoiceIban: "DE89370400440532013000",
        invoiceBic: "COBADEFFXXX",
        invoicePaymentTermDays: 14,
      }
    case "post /api/admin/shop-details":
      // Every kind of field: texts with limits, the e-mail, phone and VAT ID checks, the time zone.
      return { companyName: "Fuzz GmbH", email: "fuzz@example.org", phone: "+49 30 1", vatId: "DE123456789", timeZone: "Europe/Berlin" }
    case "post /api/admin/shipping-methods":
      return { name: "Fuzz post", description: "x", price: "1.00" }
    case "put /api/admin/shipping-methods/{id}":
      return { name: "Fuzz post" }
    case "post /api/withdrawals":
      // An order of nobody's: a body that slipped through would withdraw from nothing.
      return { orderId: 999999, name: "Fuzz", email: "fuzzer@example.org", items: [{ itemId: ids.itemId, quantity: 1 }], language: "de" }
    case "post /api/admin/orders/{id}/returns":
      return { reason: "goodwill", items: [{ itemId: ids.itemId, quantity: 1 }], note: "x" }
    case "post /api/admin/returns/{id}/receive":
      return { restock: true, items: [{ itemId: ids.itemId, quantity: 1 }], note: "x" }
    case "post /api/admin/orders/{id}/refunds":
      return { amount: "1.00", note: "x", bankAccount: { accountHolder: "Fuzz", iban: "DE89370400440532013000" } }
    default:
      return { event_type: "PAYMENT.CAPTURE.COMPLETED", type: "payment_intent.succeeded", id: "evt_fuzz" }
  }
}

const HUGE_STRING = "A".repeat(70_000)
const strangeValues: unknown[] = [
  null,
  true,
  false,
  0,
  -1,
  -0.5,
  1.5,
  1e308,
  -1e308,
  2 ** 53 + 1,
  1e20,
  1e-320,
  "",
  " ",
  "\u0000",
  "a\u0000b",
  "\ud800",
  "\udfff x",
  "\u202e\u200b",
  "💥".repeat(200),
  "ß".repeat(5000),
  "<script>alert(1)</script>",
  "' OR 1=1 --",
  "${7*7}",
  "../../etc/passwd",
  "NaN",
  "Infinity",
  "-1",
  "1e400",
  "99999999999999999999999",
  HUGE_STRING,
  [],
  [1, 2, 3],
  [null],
  {},
  { $gt: "" },
  { __proto__: { admin: true } },
  JSON.parse('{"__proto__":{"isAdmin":true}}'),
  { constructor: { prototype: { x: 1 } } },
]

function deep(levels: number): unknown {
  let value: unknown = "bottom"
  for (let i = 0; i < levels; i++) value = { a: value }
  return value
}

function strangeValue(rng: Rng): unknown {
  if (rng.chance(0.05)) return deep(50 + rng.int(500))
  return structuredClone(rng.pick(strangeValues))
}

function containsNul(value: unknown): boolean {
  if (typeof value === "string") return value.includes("\u0000")
  if (value && typeof value === "object") return Object.entries(value).some(([k, v]) => k.includes("\u0000") || containsNul(v))
  return false
}

/** The facade must refuse it: the schema says no, or it carries a NUL PostgreSQL cannot store. */
function refused(schema: ZodType | undefined, value: unknown): boolean {
  if (!schema) return true
  // Judged as the server will see it: after the trip through JSON.
  const onTheWire = value === undefined ? undefined : JSON.parse(JSON.stringify(value))
  return containsNul(onTheWire) || !z.safeParse(schema, onTheWire).success
}

/** An own field even when it is called `__proto__`, as JSON.parse makes it. */
function setField(target: Record<string, unknown>, key: string, value: unknown) {
  Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true })
}

function mutate(rng: Rng, body: Record<string, unknown>) {
  const keys = Object.keys(body)
  const roll = rng.int(5)
  if (roll === 0 && keys.length) delete body[rng.pick(keys)]
  else if (roll <= 2 && keys.length) setField(body, rng.pick(keys), strangeValue(rng))
  else if (roll === 3 && keys.length) {
    // One level down (the address's fields), where a nested object has them.
    const inner = body[rng.pick(keys)]
    if (inner && typeof inner === "object" && !Array.isArray(inner))
      setField(inner as Record<string, unknown>, rng.pick(Object.keys(inner).concat("zip")), strangeValue(rng))
    else setField(body, rng.pick(keys), strangeValue(rng))
  } else
    setField(
      body,
      rng.pick(["isAdmin", "id", "userId", "role", "x".repeat(300), "\u0000", "price", "__proto__", "ünïcødé"]),
      strangeValue(rng),
    )
}

/** A JSON value the schema refuses (whole-body types, missing, wrong or extra fields). */
function invalidValue(rng: Rng, schema: ZodType | undefined, base: Record<string, unknown>): unknown {
  if (rng.chance(0.1)) {
    const whole = rng.pick<unknown>([null, [], [base], "text", 42, true, deep(200)])
    if (refused(schema, whole)) return whole
  }
  const body = structuredClone(base)
  for (let i = 0, n = 1 + rng.int(3); i < n; i++) mutate(rng, body)
  for (let tries = 0; !refused(schema, body) && tries < 10; tries++) mutate(rng, body)
  // Every body schema is strict: an unknown field is always refused.
  if (!refused(schema, body)) setField(body, "fuzzUnknownField", rng.chance(0.5) ? "x" : 1)
  return body
}

const malformedJson = [
  "{",
  "}",
  "{'a':1}",
  "[1,]",
  '{"a":}',
  '{"a":1}}',
  "NaN",
  "undefined",
  '{"a":"\\x00"}',
  "\u0000",
  '{"a":1,}',
  '\ufeff{"a":',
  "[".repeat(5000),
  '"unterminated',
]

interface EncodedBody {
  body: string
  headers: Record<string, string>
  how: string
}

function encodeInvalidBody(rng: Rng, schema: ZodType | undefined, base: Record<string, unknown>): EncodedBody {
  const json = { "content-type": "application/json" }
  const roll = rng.int(20)
  if (roll < 12) return { body: JSON.stringify(invalidValue(rng, schema, base)), headers: json, how: "invalid JSON body" }
  if (roll < 15) return { body: rng.pick(malformedJson), headers: json, how: "malformed JSON" }
  if (roll === 15) {
    // form fields arrive as strings, so the unknown field keeps the body refused (strict schemas).
    const form = new URLSearchParams({ ...Object.fromEntries(Object.entries(base).map(([k, v]) => [k, String(v)])), fuzzUnknownField: "1" })
    return {
      body: form.toString() + "&a[b][c][d][e][f][g]=1",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      how: "form body",
    }
  }
  if (roll === 16) return { body: "A".repeat(150_000), headers: json, how: "huge body" }
  if (roll === 17 && refused(schema, {}) && refused(schema, undefined)) return { body: "", headers: json, how: "empty body" }
  const contentType = rng.pick([
    "text/plain",
    "application/xml",
    "multipart/form-data",
    "multipart/form-data; boundary=x",
    "application/json; charset=utf-7",
    "image/png",
    "application/octet-stream",
  ])
  return {
    body: JSON.stringify(invalidValue(rng, schema, base)),
    headers: { "content-type": contentType },
    how: `wrong content type ${contentType}`,
  }
}

function multipartBody(rng: Rng): EncodedBody {
  const boundary = "fuzzboundary"
  const parts = [
    `--${boundary}\r\ncontent-disposition: form-data; name="image"; filename="../../etc/passwd.png"\r\ncontent-type: image/png\r\n\r\nnot a png at all\r\n--${boundary}--\r\n`,
    `--${boundary}\r\ncontent-disposition: form-data; name="other"\r\n\r\nno file\r\n--${boundary}--\r\n`,
    `--${boundary}\r\ncontent-disposition: form-data; name="image"; filename="a.gif"\r\ncontent-type: image/gif\r\n\r\n<svg onload=alert(1)>\r\n--${boundary}--\r\n`,
    `--${boundary}\r\ncontent-disposition: form-data; name="image"; filename="x.jpg"\r\n\r\nunterminated`,
    `garbage without any boundary`,
  ]
  const roll = rng.int(parts.length + 2)
  if (roll < parts.length)
    return { body: parts[roll], headers: { "content-type": `multipart/form-data; boundary=${boundary}` }, how: "bad multipart" }
  if (roll === parts.length)
    return { body: parts[0], headers: { "content-type": "multipart/form-data" }, how: "multipart without boundary" }
  return {
    body: JSON.stringify({ image: "data:image/png;base64,AAAA" }),
    headers: { "content-type": "application/json" },
    how: "JSON instead of multipart",
  }
}

const badIds = [
  "-1",
  "0",
  "-0",
  "1.5",
  "0.1",
  "1e3",
  "1e400",
  "99999999999999999999",
  "1234567890",
  "NaN",
  "Infinity",
  "-Infinity",
  "abc",
  "1a",
  "%00",
  "1%00",
  "%20",
  "%201",
  "%E2%80%8B1",
  "%D9%A1",
  "0x1a",
  "null",
  "undefined",
  "true",
  "%5B%5D",
  "%7B%7D",
  "%F0%9F%92%A9",
  "%ED%A0%80",
  "%",
  "%zz",
  "%C0%AF",
  "9".repeat(3000),
  "%2F",
  "+1",
  "1,2",
  "'1'",
  "1;DROP TABLE",
]
const badPaypalIds = ["a%20b", "x".repeat(65), "%00", "ab_c", "%3Cscript%3E", "%ED%A0%80", "%", "a.b", "%E2%80%AE"]
/** Well-formed ids that name nothing: a 404, never a change. */
const absentIds = ["999999999", "987654321"]

const junkQueries = [
  "?a[b][c][d][e][f]=1",
  "?%",
  "?x=%ED%A0%80",
  "?__proto__[isAdmin]=1",
  "?constructor[prototype][x]=1",
  "?a=1&a=2&a=3",
  "?%00=%00",
  "?limit=-1&offset=1e400",
  "?q=" + "z".repeat(4000),
  "?id[]=1&id[]=2",
  "?=&=&&",
  "?sort=💥",
]
const junkSegments = ["x", "💥", "%F0%9F%92%A9", "%00", "admin", "..%2F", "-1", "null", "a".repeat(300), "%ED%A0%80", "users", "products"]
const escapingPaths = [
  "/api/../x",
  "/api/%2e%2e/admin",
  "/api/..",
  "//api/products",
  "//api",
  "/api\\products",
  "/\\api/user",
  "/api/%2E%2E/%2E%2E/etc/passwd",
]

const STATE_CHANGING = new Set(["POST", "PUT", "PATCH", "DELETE"])
const ALL_METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE"]

export interface FuzzTarget {
  key: string
  method: string
  template: string
  access: "public" | "customer" | "admin"
  op?: ApiOperation
}

/** Every call of the contract, plus unknown paths of each depth up to four (a JSON 404 each). */
export function fuzzTargets(): FuzzTarget[] {
  const targets: FuzzTarget[] = apiOperations.map((op) => ({
    key: `${op.method.toUpperCase()} ${op.path}`,
    method: op.method.toUpperCase(),
    template: op.path,
    access: op.access,
    op,
  }))
  for (let depth = 1; depth <= 4; depth++) {
    const template = "/api" + Array.from({ length: depth }, (_, i) => `/{segment${i + 1}}`).join("")
    for (const method of ALL_METHODS) targets.push({ key: `${method} ${template}`, method, template, access: "public" })
  }
  return targets
}

function fillPath(template: string, ids: FuzzIds, replaceWith?: string): string {
  return template.replace(/\{(\w+)\}/g, (_, name: string) => {
    if (replaceWith !== undefined) return replaceWith
    switch (name) {
      case "itemId":
        return String(ids.itemId)
      case "userId":
        return String(ids.userId)
      case "id":
        if (template.includes("/orders/")) return String(ids.orderId)
        if (template.includes("shipping-methods")) return String(ids.shippingMethodId)
        if (template.includes("paypal")) return "5O190127TN364715T"
        if (template.includes("/returns/")) return "return_01FUZZNOSUCHRETURN"
        if (template.includes("/passkeys/")) return "passkey_01FUZZNOSUCHPASSKEY0000"
        return String(ids.productId)
      default:
        return "x"
    }
  })
}

export function generateRequests(seed: number, count: number, ids: FuzzIds): FuzzRequest[] {
  const rng = seededRandom(seed)
  const targets = fuzzTargets()
  // The contract's calls get three turns to each unknown-path target's one: that is where the bodies are.
  const turns = targets.flatMap((t) => (t.op ? [t, t, t] : [t]))
  const servedMethods = new Map<string, Set<string>>()
  for (const t of targets) if (t.op) servedMethods.set(t.template, (servedMethods.get(t.template) ?? new Set()).add(t.method))
  const requests: FuzzRequest[] = []
  for (let index = 0; index < count; index++) {
    const target = turns[index % turns.length]
    const roles: Role[] = ["visitor", "customer", "admin"]
    let role: Role = rng.pick(roles)
    const headers: Record<string, string> = {}
    let method = target.method
    let path: string
    let body: string | undefined
    let violation: string

    if (!target.op) {
      // An unknown path of that depth: no operation has it.
      const depth = target.template.split("/").length - 2
      const segments = Array.from({ length: depth }, () => rng.pick(junkSegments))
      segments[0] = rng.pick(["nope", "%F0%9F%92%A9", "admin-x", "carts", "product", "webhooks", "x%00"])
      path = "/api/" + segments.join("/")
      violation = "unknown path"
      if (rng.chance(0.15)) {
        path = rng.pick(escapingPaths.concat(["/api", "/api/", "/api//products", "/api/a/b/c/d/e/f", "/api/products/1/x/y/z"]))
        violation = "path outside every route"
      }
    } else {
      const op = target.op
      const options: string[] = ["unknown path", "wrong method"]
      const schemaBody = op.body !== undefined || op.path.startsWith("/api/webhooks/")
      if (schemaBody) options.push("body", "body", "body", "body", "body", "body")
      if (op.params) options.push("path id", "path id", "path id")
      if (target.access !== "public") options.push("role", "forged session")
      if (STATE_CHANGING.has(method)) options.push("cross-origin")
      violation = rng.pick(options)
      path = fillPath(op.path, ids)
      const needsBody = op.body !== undefined || schemaBody
      if (needsBody && violation !== "body") {
        // Whatever the violation, the body is also one the schema refuses: nothing can slip through.
        const encoded = op.bodyType === "multipart" ? multipartBody(rng) : encodeInvalidBody(rng, op.body, baseBody(op, ids))
        body = encoded.body
        Object.assign(headers, encoded.headers)
      }
      switch (violation) {
        case "body": {
          const encoded = op.bodyType === "multipart" ? multipartBody(rng) : encodeInvalidBody(rng, op.body, baseBody(op, ids))
          body = encoded.body
          Object.assign(headers, encoded.headers)
          violation = `body: ${encoded.how}`
          break
        }
        case "path id": {
          const isPaypal = op.path.includes("paypal")
          const id = rng.chance(0.15) ? rng.pick(absentIds) : rng.pick(isPaypal ? badPaypalIds : badIds)
          path = fillPath(op.path, ids, isPaypal && absentIds.includes(id) ? "NOT-A-FUZZ-ORDER-1" : id)
          violation = `path id ${id.slice(0, 40)}`
          break
        }
        case "unknown path":
          path = path + "/" + rng.pick(junkSegments) + (rng.chance(0.3) ? "/" + rng.pick(junkSegments) : "")
          break
        case "wrong method": {
          const served = servedMethods.get(op.path)!
          method = rng.pick([...ALL_METHODS.filter((m) => !served.has(m)), "TRACE", "PROPFIND"])
          if (method === "TRACE") body = undefined
          violation = `wrong method ${method}`
          break
        }
        case "role":
          role = target.access === "admin" ? rng.pick<Role>(["visitor", "customer"]) : "visitor"
          break
        case "forged session":
          role = "visitor"
          headers.cookie = rng.pick([
            "enclave.sid=s:forged.c2lnbmF0dXJl",
            "enclave.sid=%ZZ%00",
            "enclave.sid=" + "s".repeat(4000),
            "enclave.sid=s:" + "A".repeat(32) + ".AAAA; enclave.sid=other",
            'enclave.sid=j:{"userId":1}',
          ])
          break
        case "cross-origin":
          if (rng.chance(0.5)) headers.origin = rng.pick(["https://evil.example", "null", "http://localhost.evil.example", "not a url"])
          else headers["sec-fetch-site"] = rng.pick(["cross-site", "same-site"])
          break
      }
    }
    if (rng.chance(0.35)) path += rng.pick(junkQueries)
    if (rng.chance(0.2)) headers.accept = rng.pick(["text/html", "*/*", "application/xml", "💥"]).replace("💥", "image/*")
    if (rng.chance(0.1)) headers["x-fuzz-unicode"] = encodeURIComponent("\u202e💥")
    if (method === "GET" || method === "TRACE") {
      // A body on a GET proves nothing and some proxies drop it.
      body = undefined
      delete headers["content-type"]
    }
    // The wire carries bytes: characters beyond ASCII go percent-encoded, as a browser sends them.
    path = path.replace(/[^\x21-\x7e]/gu, (c) => encodeURIComponent(c))
    requests.push({ index, target: target.key, violation, role, method, path, headers, body })
  }
  return requests
}

/** How a failing request is shown: enough to replay it by hand. */
export function describeRequest(request: FuzzRequest, seed: number): string {
  const body =
    request.body === undefined
      ? ""
      : ` body=${JSON.stringify(request.body.length > 300 ? request.body.slice(0, 300) + `…(${request.body.length} chars)` : request.body)}`
  return `#${request.index} (seed ${seed}) ${request.role} ${request.method} ${request.path.slice(0, 200)} [${request.target}; ${request.violation}] headers=${JSON.stringify(request.headers).slice(0, 300)}${body}`
}
