import { z } from "zod"
import { text } from "./text.js"
import { DIRECTION_CONTROL_MESSAGE, withoutDirectionControls } from "./values.js"

/** The shipping address of docs/product.md §3, with the checkout messages of docs/product.md §5. */
export const shippingAddressSchema = z.strictObject({
  fullName: text("Full name")
    .trim()
    .min(2, "Full name is required")
    .max(200, "Full name is too long")
    .refine(withoutDirectionControls, DIRECTION_CONTROL_MESSAGE),
  addressLine1: text("Address line 1")
    .trim()
    .min(5, "Address line 1 is required")
    .max(200, "Address line 1 is too long")
    .refine(withoutDirectionControls, DIRECTION_CONTROL_MESSAGE),
  addressLine2: text("Address line 2")
    .trim()
    .max(200, "Address line 2 is too long")
    .refine(withoutDirectionControls, DIRECTION_CONTROL_MESSAGE)
    .optional()
    .nullable(),
  city: text("City")
    .trim()
    .min(2, "City is required")
    .max(100, "City is too long")
    .refine(withoutDirectionControls, DIRECTION_CONTROL_MESSAGE),
  state: text("State")
    .trim()
    .min(2, "State is required")
    .max(100, "State is too long")
    .refine(withoutDirectionControls, DIRECTION_CONTROL_MESSAGE),
  postalCode: text("Postal code")
    .trim()
    .min(3, "Postal code is required")
    .max(20, "Postal code is too long")
    .refine(withoutDirectionControls, DIRECTION_CONTROL_MESSAGE),
  country: text("Country")
    .trim()
    .min(2, "Country is required")
    .max(100, "Country is too long")
    .refine(withoutDirectionControls, DIRECTION_CONTROL_MESSAGE),
})
export type ShippingAddress = z.infer<typeof shippingAddressSchema>
