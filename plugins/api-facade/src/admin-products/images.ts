import type { MedusaNextFunction, MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { updateProductsWorkflow, uploadFilesWorkflow } from "@medusajs/medusa/core-flows"
import multer from "multer"
import {
  IMAGE_MISSING_MESSAGE,
  IMAGE_TOO_LARGE_MESSAGE,
  IMAGE_TYPE_MESSAGE,
  IMAGE_UPLOAD_FIELD,
  IMAGE_UPLOAD_MAX_BYTES,
  IMAGE_URL_MESSAGE,
  imageFetchMessages,
  isShopImagePath,
} from "@enclave/contract"
import { ShopError } from "@enclave/contract/shop-error"
import { shopOrigin } from "../http/shop-origin"
import { claimedTypeMismatch, detectImageKind } from "./image-kind"
import { imageFileOf, shopUrlOf, type ImageFile } from "./image-files"
import { allowedAddressesFrom, fetchRemoteImage, ImageFetchError } from "./remote-image"
import { findShopProductRecord } from "./products"
import { runThenBump } from "../catalogue/cache"

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

/**
 * The operator's exceptions to the public-address rule (README: IMAGE_FETCH_ALLOWED_ADDRESSES), read
 * when Medusa loads the routes: a malformed entry stops the start instead of failing every save.
 */
const allowedAddresses = allowedAddressesFrom(process.env.IMAGE_FETCH_ALLOWED_ADDRESSES)

/**
 * What a product save does with the image URL it was sent: a path on the shop, or an address on the
 * shop's own origin (PUBLIC_URL), is kept as the path; another site's image is fetched now and handed
 * on as a file to store with the product (its workflow stores it, and removes it again if the save
 * fails), so the shop's pages never send their visitors to that site. A fetch that fails is a 400 on
 * `imageUrl` saying why.
 */
export async function imageForSave(
  container: MedusaContainer,
  imageUrl: string | null,
): Promise<{ thumbnail: string | null } | { file: ImageFile }> {
  if (imageUrl === null || isShopImagePath(imageUrl)) return { thumbnail: imageUrl }
  const url = new URL(imageUrl)
  if (url.origin === new URL(shopOrigin()).origin) {
    const path = `${url.pathname}${url.search}`
    if (!isShopImagePath(path)) throw new ShopError("image_url", IMAGE_URL_MESSAGE, { fields: { imageUrl: IMAGE_URL_MESSAGE } })
    return { thumbnail: path }
  }
  try {
    const { bytes, kind } = await fetchRemoteImage(url.href, { allowed: allowedAddresses })
    return { file: imageFileOf(kind, bytes) }
  } catch (error) {
    if (!(error instanceof ImageFetchError)) throw error
    const message = imageFetchMessages[error.problem]
    container.resolve(ContainerRegistrationKeys.LOGGER).info(`Product image not fetched from ${url.href}: ${error.message}`)
    throw new ShopError("invalid_input", message, { fields: { imageUrl: message } })
  }
}

/**
 * Stores the image with Medusa's file module under a random name of the right extension, and
 * makes it the product's picture. The previous picture's file is kept: orders placed earlier
 * show it.
 */
export async function setProductImage(container: MedusaContainer, catalogueNumber: number, file: multer.File): Promise<string> {
  const record = await findShopProductRecord(container, catalogueNumber)
  const kind = detectImageKind(file.buffer)
  if (!kind) throw new ShopError("image_type", IMAGE_TYPE_MESSAGE)
  const claimed = claimedTypeMismatch(kind, file)
  if (claimed)
    throw new ShopError("image_type", `The file is a ${kind.label} image, not ${claimed} as it claims`, { detected: kind.mimeType })
  const { result } = await uploadFilesWorkflow(container).run({ input: { files: [imageFileOf(kind, file.buffer)] } })
  const imageUrl = shopUrlOf(result[0].url)
  await runThenBump("a product image was uploaded", () =>
    updateProductsWorkflow(container).run({
      input: { selector: { id: record.productId }, update: { thumbnail: imageUrl } },
    }),
  )
  return imageUrl
}
