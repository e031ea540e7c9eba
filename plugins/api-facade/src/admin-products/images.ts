import type { MedusaNextFunction, MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import type { MedusaContainer } from "@medusajs/framework/types"
import { updateProductsWorkflow, uploadFilesWorkflow } from "@medusajs/medusa/core-flows"
import multer from "multer"
import { randomUUID } from "node:crypto"
import {
  IMAGE_MISSING_MESSAGE,
  IMAGE_TOO_LARGE_MESSAGE,
  IMAGE_TYPE_MESSAGE,
  IMAGE_UPLOAD_FIELD,
  IMAGE_UPLOAD_MAX_BYTES,
} from "@enclave/contract"
import { ApiError } from "../http/api-error"
import { detectImageKind } from "./image-kind"
import { findShopProductRecord } from "./products"
import { runThenBump } from "../catalogue/cache"

/**
 * multer, in memory, for one file of at most 5 MB: the upload goes on to Medusa's file module,
 * which takes the content whole. A body over the limit is cut off while it streams in.
 */
const readOneImage = multer({
  storage: multer.memoryStorage(),
  limits: { fileSize: IMAGE_UPLOAD_MAX_BYTES, files: 1, fields: 10, parts: 11 },
}).single(IMAGE_UPLOAD_FIELD)

function uploadProblem(error: unknown): ApiError {
  if (error instanceof multer.MulterError) {
    switch (error.code) {
      case "LIMIT_FILE_SIZE":
        return new ApiError(413, IMAGE_TOO_LARGE_MESSAGE)
      case "LIMIT_FILE_COUNT":
        return new ApiError(400, "Upload one image at a time")
      case "LIMIT_UNEXPECTED_FILE":
        return new ApiError(400, `Send the image in the form field '${IMAGE_UPLOAD_FIELD}'`, { field: error.field })
      default:
        return new ApiError(400, `The upload form could not be read: ${error.message}`)
    }
  }
  // busboy's own complaints: a cut-off body, a missing boundary, a malformed part.
  return new ApiError(400, "The upload is not a readable multipart form")
}

/** The route middleware of POST /api/admin/products/{id}/upload-image: every problem is a 4xx. */
export function imageUploadMiddleware(req: MedusaRequest, res: MedusaResponse, next: MedusaNextFunction) {
  readOneImage(req as never, res as never, (error?: unknown) => next(error ? uploadProblem(error) : undefined))
}

/** The file the middleware read, or a 400 when none was sent. */
export function uploadedImage(req: MedusaRequest): multer.File {
  const file = (req as MedusaRequest & { file?: multer.File }).file
  if (!file) throw new ApiError(400, IMAGE_MISSING_MESSAGE)
  if (file.size === 0) throw new ApiError(400, "The image file is empty")
  return file
}

/**
 * medusa-config.ts gives the file-local provider this origin, because the provider builds URLs
 * with `new URL()` and needs one. The shop serves uploads on its own origin, whatever that is
 * (a port in tests, a domain in production), so only the path is kept.
 */
const LOCAL_UPLOADS_ORIGIN = "http://uploads.invalid"

function shopUrlOf(fileUrl: string): string {
  const url = new URL(fileUrl)
  return url.origin === LOCAL_UPLOADS_ORIGIN ? url.pathname : url.href
}

/**
 * Stores the image with Medusa's file module under a random name of the right extension, and
 * makes it the product's picture. The previous picture's file is kept: orders placed earlier
 * show it.
 */
export async function setProductImage(container: MedusaContainer, catalogueNumber: number, file: multer.File): Promise<string> {
  const record = await findShopProductRecord(container, catalogueNumber)
  const kind = detectImageKind(file.buffer)
  if (!kind) throw new ApiError(415, IMAGE_TYPE_MESSAGE)
  const { result } = await uploadFilesWorkflow(container).run({
    input: {
      files: [
        {
          filename: `${randomUUID()}.${kind.extension}`,
          mimeType: kind.mimeType,
          content: file.buffer.toString("base64"),
          access: "public",
        },
      ],
    },
  })
  const imageUrl = shopUrlOf(result[0].url)
  await runThenBump("a product image was uploaded", () =>
    updateProductsWorkflow(container).run({
      input: { selector: { id: record.productId }, update: { thumbnail: imageUrl } },
    }),
  )
  return imageUrl
}
