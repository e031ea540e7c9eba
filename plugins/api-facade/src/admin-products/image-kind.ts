export interface ImageKind {
  extension: "jpg" | "png" | "gif" | "webp"
  mimeType: string
}

const startsWith = (bytes: Buffer, signature: number[] | string, at = 0) => {
  const expected = typeof signature === "string" ? Buffer.from(signature, "latin1") : Buffer.from(signature)
  return bytes.length >= at + expected.length && bytes.subarray(at, at + expected.length).equals(expected)
}

/**
 * What the file is, judged by its first bytes. The name and the declared type are the sender's
 * word; a script named x.png with type image/png would otherwise be stored and served.
 */
export function detectImageKind(bytes: Buffer): ImageKind | null {
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return { extension: "jpg", mimeType: "image/jpeg" }
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return { extension: "png", mimeType: "image/png" }
  if (startsWith(bytes, "GIF87a") || startsWith(bytes, "GIF89a")) return { extension: "gif", mimeType: "image/gif" }
  if (startsWith(bytes, "RIFF") && startsWith(bytes, "WEBP", 8)) return { extension: "webp", mimeType: "image/webp" }
  return null
}
