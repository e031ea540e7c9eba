import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { idempotencyKeySchema, refundRequestSchema, wholeNumberIdSchema } from "@enclave/contract"
import { refundOrder, refundProposal } from "@enclave/orders"
import { validate } from "../../../../../../http/api-error"
import { requireUser } from "../../../../../../http/current-user"

export async function GET(req: MedusaRequest, res: MedusaResponse) {
  const orderNumber = validate(wholeNumberIdSchema("Order"), req.params.id, { param: "id" })
  res.json(await refundProposal(req.scope, orderNumber))
}

/** 201 with the refund; the same Idempotency-Key again answers 200 with the first one and refunds nothing more. */
export async function POST(req: MedusaRequest, res: MedusaResponse) {
  const orderNumber = validate(wholeNumberIdSchema("Order"), req.params.id, { param: "id" })
  const request = validate(refundRequestSchema, req.body)
  const header = req.headers["idempotency-key"]
  const key = header === undefined ? null : validate(idempotencyKeySchema, header, { param: "Idempotency-Key" })
  const { refund, repeated } = await refundOrder(req.scope, orderNumber, request, key, requireUser(req).id)
  res.status(repeated ? 200 : 201).json(refund)
}
