import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { sendCatalogueAnswer, catalogueLanguage, varyByLanguage, listProducts } from "@enclave/catalogue"

/**
 * Takes no query parameters (any are ignored): every caller of one language shares one cached answer,
 * keyed (and so tagged) per language.
 */
export async function GET(req: MedusaRequest, res: MedusaResponse) {
  const language = catalogueLanguage(req)
  varyByLanguage(res, language)
  await sendCatalogueAnswer(req, res, `products:${language}`, () => listProducts(req.scope, language))
}
