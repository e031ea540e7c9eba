import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { IMAGE_UPLOADED_MESSAGE, productIdSchema } from "@enclave/contract"
import { setProductImage } from "@enclave/catalogue"
import { uploadedImage } from "../../../../../../http/image-upload"
import { validate } from "../../../../../../http/api-error"

/** The file was read by the upload middleware (api/middlewares.ts) into memory. */
export async function POST(req: MedusaRequest, res: MedusaResponse) {
  const id = validate(productIdSchema, req.params.id, { param: "id" })
  const image = uploadedImage(req)
  const imageUrl = await setProductImage(req.scope, id, image)
  res.json({ imageUrl, message: IMAGE_UPLOADED_MESSAGE })
}
