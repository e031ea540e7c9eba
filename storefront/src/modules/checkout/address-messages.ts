import { DIRECTION_CONTROL_MESSAGE, UNKNOWN_COUNTRY_MESSAGE } from "@enclave/contract/values"

/**
 * The contract's docs/product.md §5 checkout address messages (English, from shippingAddressSchema), by the
 * catalogue key that shows them in the active language.
 */
export const addressMessageKeys: Record<string, string> = {
  "Full name is required": "checkout.validation.fullName",
  "Address line 1 is required": "checkout.validation.addressLine1",
  "City is required": "checkout.validation.city",
  "State is required": "checkout.validation.state",
  "Postal code is required": "checkout.validation.postalCode",
  "Country is required": "checkout.validation.country",
  "Full name is too long": "checkout.validation.tooLong",
  "Address line 1 is too long": "checkout.validation.tooLong",
  "Address line 2 is too long": "checkout.validation.tooLong",
  "City is too long": "checkout.validation.tooLong",
  "State is too long": "checkout.validation.tooLong",
  "Postal code is too long": "checkout.validation.tooLong",
  "Country is too long": "checkout.validation.tooLong",
  [DIRECTION_CONTROL_MESSAGE]: "checkout.validation.directionControls",
  [UNKNOWN_COUNTRY_MESSAGE]: "checkout.validation.unknownCountry",
}

/** The catalogue key of a schema message (the 'too long' ones share one); null for any other, shown as it came. */
export function addressMessageKey(message: string): string | null {
  return addressMessageKeys[message] ?? null
}
