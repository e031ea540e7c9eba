import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { passkeyMessages, shopDetailsUpdateSchema } from "@enclave/contract"
import { ShopError } from "@enclave/contract/shop-error"
import { validate } from "../../../../http/api-error"
import { signedInWithTwoFactors } from "../../../../http/current-user"
import { adminShopDetails, saveShopDetails } from "@enclave/catalogue"

export async function GET(req: MedusaRequest, res: MedusaResponse) {
  res.json(await adminShopDetails(req.scope))
}

export async function POST(req: MedusaRequest, res: MedusaResponse) {
  const update = validate(shopDetailsUpdateSchema, req.body)
  // Whoever requires two factors of all staff has to be signed in with two: otherwise the setting would
  // shut its own author out of the back office the moment it is saved.
  if (update.staffSecondFactorRequired === true && !signedInWithTwoFactors(req)) {
    const code = "own_second_factor_required"
    throw new ShopError(code, passkeyMessages[code], { code })
  }
  res.json(await saveShopDetails(req.scope, update))
}
