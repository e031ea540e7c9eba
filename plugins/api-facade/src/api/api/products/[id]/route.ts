import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { productIdSchema } from "@enclave/contract"
import { sendCatalogueAnswer, catalogueLanguage, varyByLanguage, findProduct } from "@enclave/catalogue"
import { ShopError } from "@enclave/contract/shop-error"
import { validate } from "../../../../http/api-error"

export async function GET(req: MedusaRequest, res: MedusaResponse) {
  // Keyed on the validated number, so "7" and "007" share an entry; unknown ids are never cached.
  const id = validate(productIdSchema, req.params.id, { param: "id" })
  const language = catalogueLanguage(req)
  varyByLanguage(res, language)
  const found = await sendCatalogueAnswer(req, res, `product:${id}:${language}`, () => findProduct(req.scope, id, language))
  if (!found) throw new ShopError("not_found", `Product ${id} not found`)
}
