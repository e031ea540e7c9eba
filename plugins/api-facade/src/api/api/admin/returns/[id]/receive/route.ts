import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { receiveReturnSchema, returnIdSchema } from "@enclave/contract"
import { receiveReturn } from "@enclave/orders"
import { validate } from "../../../../../../http/api-error"
import { requireUser } from "../../../../../../http/current-user"

export async function POST(req: MedusaRequest, res: MedusaResponse) {
  const returnId = validate(returnIdSchema, req.params.id, { param: "id" })
  const request = validate(receiveReturnSchema, req.body)
  res.json(await receiveReturn(req.scope, returnId, request, requireUser(req).id))
}
