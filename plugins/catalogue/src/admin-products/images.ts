import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { uploadFilesWorkflow } from "@medusajs/medusa/core-flows"
import { IMAGE_TYPE_MESSAGE, IMAGE_URL_MESSAGE, imageFetchMessages, isShopImagePath } from "@enclave/contract"
import { ShopError } from "@enclave/contract/shop-error"
import { requiredPublicOrigin } from "@enclave/contract/public-address"
import { claimedTypeMismatch, detectImageKind } from "./image-kind"
import { imageFileOf, shopUrlOf, type ImageFile } from "./image-files"
import { allowedAddressesFrom, fetchRemoteImage, ImageFetchError } from "./remote-image"
import { findShopProductRecord } from "./products"
import { setProductImageWorkflow } from "./workflows"

/** An image file as the upload brought it (the facade reads it with multer). */
export interface UploadedImage {
  originalname: string
  mimetype: string
  size: number
  buffer: Buffer
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
  if (url.origin === new URL(requiredPublicOrigin({ PUBLIC_URL: process.env.PUBLIC_URL })).origin) {
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
export async function setProductImage(container: MedusaContainer, catalogueNumber: number, file: UploadedImage): Promise<string> {
  const record = await findShopProductRecord(container, catalogueNumber)
  const kind = detectImageKind(file.buffer)
  if (!kind) throw new ShopError("image_type", IMAGE_TYPE_MESSAGE)
  const claimed = claimedTypeMismatch(kind, file)
  if (claimed)
    throw new ShopError("image_type", `The file is a ${kind.label} image, not ${claimed} as it claims`, { detected: kind.mimeType })
  const { result } = await uploadFilesWorkflow(container).run({ input: { files: [imageFileOf(kind, file.buffer)] } })
  const imageUrl = shopUrlOf(result[0].url)
  await setProductImageWorkflow(container).run({ input: { productId: record.productId, imageUrl } })
  return imageUrl
}
