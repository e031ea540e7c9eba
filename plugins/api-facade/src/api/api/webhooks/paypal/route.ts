import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { receiveWebhook } from "@enclave/orders"

/** Called by the provider, not by a browser: no session; the signature is the credential. */
export async function POST(req: MedusaRequest, res: MedusaResponse) {
  const rawBody = (req as unknown as { rawBody?: Buffer }).rawBody ?? Buffer.from(JSON.stringify(req.body ?? {}))
  res.json(await receiveWebhook(req.scope, "paypal", { body: (req.body ?? {}) as Record<string, unknown>, rawBody, headers: req.headers }))
}
