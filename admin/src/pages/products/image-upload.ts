import { IMAGE_TOO_LARGE_MESSAGE, IMAGE_TYPE_MESSAGE, IMAGE_UPLOAD_MAX_BYTES } from "@enclave/contract"
import { t, tm } from "../../i18n/products"
import { ImageUploadError } from "../../providers/resources/products"

/** docs/product.md §5: the upload accepts JPEG, PNG, GIF and WebP. */
export const IMAGE_TYPES = ["image/jpeg", "image/png", "image/gif", "image/webp"] as const

export function imageProblem(file: { type?: string; size?: number }): string | undefined {
  if (!(IMAGE_TYPES as readonly string[]).includes(file.type ?? "")) return tm(IMAGE_TYPE_MESSAGE)
  if ((file.size ?? 0) > IMAGE_UPLOAD_MAX_BYTES) return tm(IMAGE_TOO_LARGE_MESSAGE)
  return undefined
}

export function uploadMessage(error: unknown): string {
  if (error instanceof ImageUploadError) {
    if (error.reason === "non-json") return t("upload.nonJson")
    if (error.reason === "failed") return t("upload.failed")
    return tm(error.message)
  }
  return t("upload.failed")
}
