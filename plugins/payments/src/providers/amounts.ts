import { BigNumber } from "@medusajs/framework/utils"
import type { BigNumberInput } from "@medusajs/framework/types"

/** Medusa keeps amounts in euros (a BigNumber); Stripe wants cents, PayPal a decimal string. */
export function centsOf(amount: BigNumberInput): number {
  return Math.round(Number(new BigNumber(amount).numeric) * 100)
}

export function eurosOf(amount: BigNumberInput): string {
  return (centsOf(amount) / 100).toFixed(2)
}
