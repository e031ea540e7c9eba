import type { MedusaNextFunction, MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import multer from "multer"
import { IMAGE_MISSING_MESSAGE, IMAGE_TOO_LARGE_MESSAGE, IMAGE_UPLOAD_FIELD, IMAGE_UPLOAD_MAX_BYTES } from "@enclave/contract"
import { ShopError } from "@enclave/contract/shop-error"

/**
 * multer, in memory, for one file of at most 5 MB: the upload goes on to Medusa's file module,
 * which takes the content whole. A body over the limit is cut off while it streams in.
 */
const readOneImage = multer({
  storage: multer.memoryStorage(),
  // Keep the name as sent (busboy would cut it to its last segment), so a name with folders in
  // it is seen and refused rather than quietly trimmed.
  preservePath: true,
  limits: { fileSize: IMAGE_UPLOAD_MAX_BYTES, files: 1, fields: 10, parts: 11 },
}).single(IMAGE_UPLOAD_FIELD)

function uploadProblem(error: unknown): ShopError {
  if (error instanceof multer.MulterError) {
    switch (error.code) {
      case "LIMIT_FILE_SIZE":
        return new ShopError("image_too_large", IMAGE_TOO_LARGE_MESSAGE)
      case "LIMIT_FILE_COUNT":
        return new ShopError("upload_invalid", "Upload one image at a time")
      case "LIMIT_UNEXPECTED_FILE":
        return new ShopError("upload_invalid", `Send the image in the form field '${IMAGE_UPLOAD_FIELD}'`, { field: error.field })
      default:
        return new ShopError("upload_invalid", `The upload form could not be read: ${error.message}`)
    }
  }
  // busboy's own complaints: a cut-off body, a missing boundary, a malformed part.
  return new ShopError("upload_invalid", "The upload is not a readable multipart form")
}

/** The route middleware of POST /api/admin/products/{id}/upload-image: every problem is a 4xx. */
export function imageUploadMiddleware(req: MedusaRequest, res: MedusaResponse, next: MedusaNextFunction) {
  readOneImage(req as never, res as never, (error?: unknown) => next(error ? uploadProblem(error) : undefined))
}

/**
 * The file the middleware read, or a 400 when none was sent. The stored file gets a random name
 * anyway; a name that tries to reach another folder (`../`, a slash or backslash, control characters) is
 * still refused, as the attempt it is.
 */
export function uploadedImage(req: MedusaRequest): multer.File {
  const file = (req as MedusaRequest & { file?: multer.File }).file
  if (!file) throw new ShopError("image_missing", IMAGE_MISSING_MESSAGE)
  if (!isPlainFileName(file.originalname)) {
    throw new ShopError("upload_invalid", "The file name must be a plain name, without folders or '..'")
  }
  if (file.size === 0) throw new ShopError("upload_invalid", "The image file is empty")
  return file
}

function isPlainFileName(name: string): boolean {
  // eslint-disable-next-line no-control-regex
  return name.length <= 255 && !/[/\\\x00-\x1f\x7f]/.test(name) && name !== "." && name !== ".."
}
