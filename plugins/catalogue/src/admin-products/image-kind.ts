export interface ImageKind {
  extension: "jpg" | "png" | "gif" | "webp"
  mimeType: string
  /** How people call it, for messages. */
  label: string
  /** Every file name ending and declared type that may stand for it. */
  extensions: string[]
  mimeTypes: string[]
}

const KINDS = {
  jpg: {
    extension: "jpg",
    mimeType: "image/jpeg",
    label: "JPEG",
    extensions: ["jpg", "jpeg", "jpe", "jfif"],
    mimeTypes: ["image/jpeg", "image/jpg", "image/pjpeg"],
  },
  png: { extension: "png", mimeType: "image/png", label: "PNG", extensions: ["png"], mimeTypes: ["image/png", "image/x-png"] },
  gif: { extension: "gif", mimeType: "image/gif", label: "GIF", extensions: ["gif"], mimeTypes: ["image/gif"] },
  webp: { extension: "webp", mimeType: "image/webp", label: "WebP", extensions: ["webp"], mimeTypes: ["image/webp"] },
} satisfies Record<string, ImageKind>

const startsWith = (bytes: Buffer, signature: number[] | string, at = 0) => {
  const expected = typeof signature === "string" ? Buffer.from(signature, "latin1") : Buffer.from(signature)
  return bytes.length >= at + expected.length && bytes.subarray(at, at + expected.length).equals(expected)
}

/**
 * What the file is, judged by its first bytes. The name and the declared type are the sender's
 * word; a script named x.png with type image/png would otherwise be stored and served.
 */
export function detectImageKind(bytes: Buffer): ImageKind | null {
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return KINDS.jpg
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return KINDS.png
  if (startsWith(bytes, "GIF87a") || startsWith(bytes, "GIF89a")) return KINDS.gif
  if (startsWith(bytes, "RIFF") && startsWith(bytes, "WEBP", 8)) return KINDS.webp
  return null
}

/**
 * What the sender claimed that the content contradicts: the declared type, or the file name's
 * ending when it names another image kind. A file that says it is one thing and is another is
 * refused rather than guessed at. No claim (application/octet-stream, a name without an image
 * ending) is no contradiction.
 */
export function claimedTypeMismatch(kind: ImageKind, file: { mimetype?: string; originalname?: string }): string | null {
  const declared = (file.mimetype ?? "").split(";")[0].trim().toLowerCase()
  if (declared && declared !== "application/octet-stream" && !kind.mimeTypes.includes(declared)) return declared
  const ending = /\.([a-z0-9]+)$/i.exec(file.originalname ?? "")?.[1]?.toLowerCase()
  const namesAnImage = ending !== undefined && Object.values(KINDS).some((other) => other.extensions.includes(ending))
  if (namesAnImage && !kind.extensions.includes(ending)) return `a .${ending} file`
  return null
}
