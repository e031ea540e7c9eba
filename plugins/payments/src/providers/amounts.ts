import { BigNumber } from "@medusajs/framework/utils"
import type { BigNumberInput } from "@medusajs/framework/types"
import { centsToEuros, eurosToCents } from "@enclave/contract/money"

/** Medusa keeps amounts in euros (a BigNumber); Stripe wants cents, PayPal a decimal string. */
export function centsOf(amount: BigNumberInput): number {
  return eurosToCents(new BigNumber(amount).numeric)
}

export function eurosOf(amount: BigNumberInput): string {
  return centsToEuros(centsOf(amount))
}
