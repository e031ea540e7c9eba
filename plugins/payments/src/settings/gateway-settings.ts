import type { MedusaContainer } from "@medusajs/framework/types"
import { cardGateway, walletGateway, type GatewayUse } from "../gateways"
import { readPaymentSettings } from "./payment-settings"

/** The gateways as the admin's settings of this moment allow them (see GatewayUse). */
export async function cardGatewayFor(container: MedusaContainer, use: GatewayUse) {
  return cardGateway(await readPaymentSettings(container), use)
}

export async function walletGatewayFor(container: MedusaContainer, use: GatewayUse) {
  return walletGateway(await readPaymentSettings(container), use)
}
