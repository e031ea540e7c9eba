import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { withdrawalRequestSchema } from "@enclave/contract"
import { withdraw } from "@enclave/orders"
import { validate } from "../../../http/api-error"
import { currentUser } from "../../../http/current-user"
import { chosenLanguage } from "../../../http/shop-origin"
import { shopTimeZone } from "@enclave/catalogue"

/** "Confirm withdrawal" (§ 356a BGB): 201 with the new statement, 200 with the first one for a repeat. */
export async function POST(req: MedusaRequest, res: MedusaResponse) {
  const request = validate(withdrawalRequestSchema, req.body)
  const { withdrawal, repeated } = await withdraw(
    req.scope,
    currentUser(req),
    request,
    chosenLanguage(req) ?? "en",
    await shopTimeZone(req.scope),
  )
  res.status(repeated ? 200 : 201).json(withdrawal)
}
