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
  [DIRECTION_CONTROL_MESSAGE]: "checkout.validation.directionControls",
  [UNKNOWN_COUNTRY_MESSAGE]: "checkout.validation.unknownCountry",
}

/** The key for a schema message; the 'too long' messages share one; anything else is shown as it came. */
export function addressMessageKey(message: string): string | null {
  if (addressMessageKeys[message]) return addressMessageKeys[message]
  return message.endsWith("is too long") ? "checkout.validation.tooLong" : null
}
