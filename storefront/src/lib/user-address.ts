import type { User } from "@enclave/contract"
import { countrySelectValue } from "./countries"

/** The address a customer registered with, as a form's starting values (empty where they gave none). */
export function userAddress(user: User) {
  return {
    fullName: user.fullName ?? "",
    addressLine1: user.addressLine1 ?? "",
    addressLine2: user.addressLine2 ?? "",
    city: user.city ?? "",
    state: user.state ?? "",
    postalCode: user.postalCode ?? "",
    country: countrySelectValue(user.country),
  }
}
