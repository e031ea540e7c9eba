import { randomUUID } from "node:crypto"
import type { ImageKind } from "./image-kind"

/**
 * medusa-config.ts gives the file-local provider this origin, because the provider builds URLs
 * with `new URL()` and needs one. The shop serves uploads on its own origin, whatever that is
 * (a port in tests, a domain in production), so only the path is kept.
 */
const LOCAL_UPLOADS_ORIGIN = "http://uploads.invalid"

export function shopUrlOf(fileUrl: string): string {
  const url = new URL(fileUrl)
  return url.origin === LOCAL_UPLOADS_ORIGIN ? url.pathname : url.href
}

/** An image as Medusa's file module takes it: under a random name of the right extension, for everyone to see. */
export function imageFileOf(kind: ImageKind, bytes: Buffer) {
  return {
    filename: `${randomUUID()}.${kind.extension}`,
    mimeType: kind.mimeType,
    content: bytes.toString("base64"),
    access: "public" as const,
  }
}
export type ImageFile = ReturnType<typeof imageFileOf>
