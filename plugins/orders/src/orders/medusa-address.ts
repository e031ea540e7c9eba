import type { ShippingAddress } from "@enclave/contract"

/**
 * The shop's address (one full name, a free-text country) as Medusa stores it on carts and orders:
 * first and last name apart, the country as its two-letter code.
 */
export function medusaAddress(address: ShippingAddress, countryCode: string) {
  const parts = address.fullName.trim().split(/\s+/)
  return {
    first_name: parts.length > 1 ? parts.slice(0, -1).join(" ") : parts[0],
    last_name: parts.length > 1 ? parts.at(-1)! : "",
    address_1: address.addressLine1,
    address_2: address.addressLine2 ?? "",
    city: address.city,
    province: address.state,
    postal_code: address.postalCode,
    country_code: countryCode,
  }
}
