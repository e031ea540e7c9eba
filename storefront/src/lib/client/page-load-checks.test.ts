/**
 * The written-out checks of the page-load answers (page-load-checks.ts) agree with the contract's schemas for
 * them: every answer below is taken or refused by both alike.
 */
import { describe, expect, it } from "vitest"
import { cartAnswerSchema, sessionAnswerSchema } from "@enclave/contract/answers"
import { cartCheck, sessionCheck } from "./page-load-checks"

const user = { id: 3, username: "ada", email: "ada@example.com", fullName: null, companyName: "Ada Ltd", vatId: null, isAdmin: false }
const line = {
  id: 9,
  productId: 2,
  quantity: 1,
  product: { id: 2, name: "Phone", price: "599.00", imageUrl: "/images/p.webp", stockQuantity: 0, extra: true },
}

const sessions: unknown[] = [
  { user: null },
  { user },
  { user: { ...user, lastLogin: null } },
  {},
  null,
  [],
  "user",
  { user: { ...user, id: 0 } },
  { user: { ...user, id: 1.5 } },
  { user: { ...user, id: "3" } },
  { user: { ...user, email: null } },
  { user: { ...user, fullName: 4 } },
  { user: { ...user, isAdmin: "false" } },
  { user: { ...user, vatId: undefined } },
  { user: [] },
]

const carts: unknown[] = [
  [],
  [line],
  [line, { ...line, id: 10, quantity: 3 }],
  {},
  null,
  [null],
  [{ ...line, quantity: 0 }],
  [{ ...line, quantity: 2.5 }],
  [{ ...line, productId: -1 }],
  [{ ...line, product: null }],
  [{ ...line, product: { ...line.product, price: "599" } }],
  [{ ...line, product: { ...line.product, price: 599 } }],
  [{ ...line, product: { ...line.product, stockQuantity: -1 } }],
  [{ ...line, product: { ...line.product, name: undefined } }],
  [{ ...line, product: { ...line.product, id: Number.NaN } }],
]

describe("the page-load checks ask what the contract's answer schemas ask", () => {
  it.each(sessions.map((answer) => [JSON.stringify(answer) ?? String(answer), answer]))("session %s", (_, answer) => {
    expect(sessionCheck.safeParse(answer).success).toBe(sessionAnswerSchema.safeParse(answer).success)
  })

  it.each(carts.map((answer) => [JSON.stringify(answer) ?? String(answer), answer]))("cart %s", (_, answer) => {
    expect(cartCheck.safeParse(answer).success).toBe(cartAnswerSchema.safeParse(answer).success)
  })

  it("names the field that broke its rule", () => {
    expect(sessionCheck.safeParse({ user: { ...user, isAdmin: 1 } }).error?.issues[0].path).toEqual(["user", "isAdmin"])
    expect(cartCheck.safeParse([line, { ...line, product: { ...line.product, price: "1" } }]).error?.issues[0].path).toEqual([
      1,
      "product",
      "price",
    ])
  })
})
