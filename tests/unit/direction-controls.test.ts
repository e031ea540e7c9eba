/**
 * Unicode direction controls make text display as something else ("Ada\u202Enimda"
 * reads "Adaadmin"). The contract refuses them in every free text people read, so the facade,
 * the storefront's forms and the admin's forms all say so, on the field.
 */
import { describe, expect, it } from "vitest"
import {
  adminProductCreateSchema,
  adminProductUpdateSchema,
  createOrderSchema,
  paymentConfigUpdateSchema,
  registerFormSchema,
  registerSchema,
  shippingAddressSchema,
  shippingMethodInputSchema,
  shippingMethodUpdateSchema,
  updateShippingAddressSchema,
} from "@enclave/contract"
import { DIRECTION_CONTROL_MESSAGE, DIRECTION_CONTROLS, withoutDirectionControls } from "@enclave/contract/values"
import { z } from "zod"
// Core schemas: the contract's form schemas are zod/mini, the others classic zod.
import type { $ZodType as ZodType } from "zod/v4/core"
import { testAddress as address } from "../support/address.ts"

/** Every code point the issue names: U+202A–U+202E (embeddings, overrides) and U+2066–U+2069 (isolates). */
const controls = [0x202a, 0x202b, 0x202c, 0x202d, 0x202e, 0x2066, 0x2067, 0x2068, 0x2069].map((c) => String.fromCodePoint(c))

const { addressLine2: _, ...registrationAddress } = address
const registration = { username: "ada", email: "ada@example.org", password: "correct horse battery", ...registrationAddress }

/** The failing fields and their messages, as the facade puts them in details.fields. */
function fieldsOf(schema: ZodType, value: unknown): Record<string, string> {
  const result = z.safeParse(schema, value)
  if (result.success) return {}
  return Object.fromEntries(result.error.issues.map((issue) => [issue.path.map(String).join("."), issue.message]))
}

describe("direction controls", () => {
  it("are exactly U+202A–U+202E and U+2066–U+2069; right-to-left text and marks are fine", () => {
    for (const control of controls) expect(withoutDirectionControls(`a${control}b`), control.codePointAt(0)!.toString(16)).toBe(false)
    for (const text of ["Ada Lovelace", "שלום", "مرحبا", "Straße", "a\u200Fb", "a\u200Eb", "💥"])
      expect(withoutDirectionControls(text), text).toBe(true)
    expect(DIRECTION_CONTROLS.test("\u2065\u2029\u206A")).toBe(false)
  })

  it.each([
    ["registration", registerSchema, (v: string) => ({ ...registration, fullName: v }), "fullName"],
    [
      "registration form",
      registerFormSchema,
      (v: string) => ({ ...registration, confirmPassword: registration.password, city: `Berlin${v}` }),
      "city",
    ],
    ["registration, address line 2", registerSchema, (v: string) => ({ ...registration, addressLine2: v }), "addressLine2"],
    ["shipping address", shippingAddressSchema, (v: string) => ({ ...address, addressLine1: `Unter den Linden 1${v}` }), "addressLine1"],
    [
      "order address",
      createOrderSchema,
      (v: string) => ({ shippingAddress: { ...address, country: `Germany${v}` }, shippingMethod: 1, paymentMethod: "stripe" }),
      "shippingAddress.country",
    ],
    [
      "order notes",
      createOrderSchema,
      (v: string) => ({ shippingAddress: address, shippingMethod: 1, paymentMethod: "stripe", notes: `leave at door${v}` }),
      "notes",
    ],
    [
      "admin address change",
      updateShippingAddressSchema,
      (v: string) => ({ shippingAddress: { ...address, fullName: `Ada${v}nimda` } }),
      "shippingAddress.fullName",
    ],
    ["product name", adminProductCreateSchema, (v: string) => ({ name: `Enclave${v} Base`, price: "1.00" }), "name"],
    ["product description", adminProductUpdateSchema, (v: string) => ({ description: `safe${v}` }), "description"],
    [
      "product feature",
      adminProductCreateSchema,
      (v: string) => ({ name: "Phone", price: "1.00", features: ["ok", `bad${v}`] }),
      "features.1",
    ],
    [
      "product specification value",
      adminProductUpdateSchema,
      (v: string) => ({ specifications: { Chip: `A${v}` } }),
      "specifications.Chip",
    ],
    ["shipping method name", shippingMethodInputSchema, (v: string) => ({ name: `Express${v}`, description: "Fast", price: 1 }), "name"],
    ["shipping method description", shippingMethodUpdateSchema, (v: string) => ({ description: `Fast${v}` }), "description"],
    ["shipping estimate", shippingMethodUpdateSchema, (v: string) => ({ estimated_delivery: `1-2 days${v}` }), "estimated_delivery"],
    [
      "German shipping estimate",
      shippingMethodUpdateSchema,
      (v: string) => ({ estimated_delivery_de: `1-2 Tage${v}` }),
      "estimated_delivery_de",
    ],
    ["shipping label", paymentConfigUpdateSchema, (v: string) => ({ shippingLabel: `World${v}` }), "shippingLabel"],
  ])("%s: refused on its field with the contract's message", (_, schema, body, field) => {
    for (const control of controls)
      expect(fieldsOf(schema, body(control)), `${field} U+${control.codePointAt(0)!.toString(16)}`).toEqual({
        [field]: DIRECTION_CONTROL_MESSAGE,
      })
    expect(fieldsOf(schema, body(""))).toEqual({})
  })

  it("a product specification's name is refused under its own path too", () => {
    const fields = fieldsOf(adminProductUpdateSchema, { specifications: { "Chip\u202E": "A17" } })
    expect(Object.values(fields)).toEqual([DIRECTION_CONTROL_MESSAGE])
  })

  it("a username cannot hold one either (its letters-and-digits rule says so)", () => {
    expect(Object.keys(fieldsOf(registerSchema, { ...registration, username: "ad\u202Emin" }))).toEqual(["username"])
  })
})
