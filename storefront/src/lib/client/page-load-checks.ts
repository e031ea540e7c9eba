/**
 * The checks of the two answers every page asks for as it loads: who is signed in (the header) and the cart
 * (its count). They ask exactly what sessionAnswerSchema and cartAnswerSchema of @enclave/contract/answers ask
 * (page-load-checks.test.ts holds them to it), written out so that a browsing page need not fetch and start
 * zod/mini: that chunk (27 KB, 8 KB gzip) starting up beside hydration was what Lighthouse counted as
 * blocking time on every browsing page (docs/architecture.md, Frontend, has the numbers).
 * The other checked answers come later, with checkout and sign-in, and use the schemas themselves.
 */
import type { AnswerCheck } from "./api"

interface Issue {
  path: PropertyKey[]
  message: string
}

type Find = (value: unknown, path: PropertyKey[]) => Issue | null

function checkOf(find: Find): AnswerCheck {
  return {
    safeParse(value) {
      const issue = find(value, [])
      return issue ? { success: false, error: { issues: [issue] } } : { success: true }
    },
  }
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null && !Array.isArray(value)
const wholeNumber = (value: unknown): value is number => typeof value === "number" && Number.isSafeInteger(value)

/** The first field of `value` that breaks its rule. */
function firstIssue(value: unknown, path: PropertyKey[], rules: Record<string, (field: unknown) => boolean>): Issue | null {
  if (!isRecord(value)) return { path, message: "expected an object" }
  for (const [key, holds] of Object.entries(rules)) if (!holds(value[key])) return { path: [...path, key], message: "invalid value" }
  return null
}

const id = (value: unknown) => wholeNumber(value) && value > 0
const text = (value: unknown) => typeof value === "string"
const nullableText = (value: unknown) => value === null || typeof value === "string"
const euros = (value: unknown) => typeof value === "string" && /^\d{1,8}\.\d{2}$/.test(value)

const userRules = {
  id,
  username: text,
  email: text,
  fullName: nullableText,
  companyName: nullableText,
  vatId: nullableText,
  isAdmin: (value: unknown) => typeof value === "boolean",
}

/** GET /api/session: `{ user: null }` for a visitor, else the user. */
export const sessionCheck = checkOf((value, path) => {
  if (!isRecord(value)) return { path, message: "expected an object" }
  return value.user === null ? null : firstIssue(value.user, [...path, "user"], userRules)
})

const productRules = {
  id,
  name: text,
  price: euros,
  imageUrl: text,
  stockQuantity: (value: unknown) => wholeNumber(value) && value >= 0,
}

/** GET /api/cart: the lines with their products. */
export const cartCheck = checkOf((value, path) => {
  if (!Array.isArray(value)) return { path, message: "expected a list" }
  for (const [index, line] of value.entries()) {
    const issue =
      firstIssue(line, [...path, index], { id, productId: id, quantity: (quantity) => wholeNumber(quantity) && quantity >= 1 }) ??
      firstIssue((line as Record<string, unknown>).product, [...path, index, "product"], productRules)
    if (issue) return issue
  }
  return null
})
