import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { sendCatalogueAnswer } from "@enclave/catalogue"
import { currentUser } from "../../../http/current-user"
import { publicPaymentMethods } from "@enclave/payments"

export async function GET(req: MedusaRequest, res: MedusaResponse) {
  // The invoice flag depends on who asks (business customers only): the answer varies with the session cookie.
  res.vary("Cookie")
  const user = currentUser(req)
  if (!user) {
    // A visitor's answer is everyone's: a catalogue answer with an ETag, which the storefront's page cache
    // revalidates (its footer shows the enabled providers). Saving the payment settings bumps it.
    await sendCatalogueAnswer(req, res, "payment-methods", () => publicPaymentMethods(req.scope, null))
    return
  }
  // A customer's own answer: no shared cache may keep it.
  res.setHeader("Cache-Control", "private, no-cache")
  res.json(await publicPaymentMethods(req.scope, user))
}
