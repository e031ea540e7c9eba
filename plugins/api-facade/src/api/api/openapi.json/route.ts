import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { buildOpenApiDocument } from "@enclave/contract"

/** The contract does not change while the shop runs: generate once, serve the same text. */
let document: string | undefined

export async function GET(_req: MedusaRequest, res: MedusaResponse) {
  document ??= JSON.stringify(buildOpenApiDocument())
  res.setHeader("content-type", "application/json; charset=utf-8")
  res.send(document)
}
