import { describe, expect, it } from "vitest"
import { claimedTypeMismatch, detectImageKind } from "../../plugins/api-facade/src/admin-products/image-kind.ts"

const bytes = (...parts: Array<string | number[]>) =>
  Buffer.concat(parts.map((p) => (typeof p === "string" ? Buffer.from(p, "latin1") : Buffer.from(p))))

describe("an uploaded image's type, judged by its first bytes", () => {
  it.each([
    ["JPEG", bytes([0xff, 0xd8, 0xff, 0xe0], "JFIF"), "jpg", "image/jpeg"],
    ["PNG", bytes([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13], "IHDR"), "png", "image/png"],
    ["GIF87a", bytes("GIF87a", [1, 0, 1, 0]), "gif", "image/gif"],
    ["GIF89a", bytes("GIF89a", [1, 0, 1, 0]), "gif", "image/gif"],
    ["WebP", bytes("RIFF", [0x24, 0, 0, 0], "WEBPVP8 "), "webp", "image/webp"],
  ])("recognises %s", (_name, content, extension, mimeType) => {
    expect(detectImageKind(content)).toMatchObject({ extension, mimeType })
  })

  it.each([
    ["a script", bytes("<script>alert(1)</script>")],
    ["an SVG", bytes('<svg xmlns="http://www.w3.org/2000/svg"/>')],
    ["a WAV file (RIFF but not WebP)", bytes("RIFF", [0x24, 0, 0, 0], "WAVEfmt ")],
    ["a PDF", bytes("%PDF-1.7")],
    ["a PNG signature cut short", bytes([0x89, 0x50, 0x4e, 0x47])],
    ["GIF without its version", bytes("GIF")],
    ["nothing", Buffer.alloc(0)],
  ])("refuses %s", (_name, content) => {
    expect(detectImageKind(content)).toBeNull()
  })
})

describe("what the sender claimed against what the content is", () => {
  const png = detectImageKind(bytes([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))!
  const jpeg = detectImageKind(bytes([0xff, 0xd8, 0xff, 0xe0]))!

  it.each([
    ["the right type and name", png, "image/png", "photo.PNG"],
    ["an old JPEG type and a .jpeg name", jpeg, "image/pjpeg", "photo.jpeg"],
    ["no type and a name without ending", png, "application/octet-stream", "photo"],
    ["a name whose ending is no image kind", jpeg, "image/jpeg", "scan.final"],
    ["a type with parameters", png, "image/png; charset=binary", "a.png"],
  ])("accepts %s", (_name, kind, mimetype, originalname) => {
    expect(claimedTypeMismatch(kind, { mimetype, originalname })).toBeNull()
  })

  it.each([
    ["another image type", png, "image/gif", "a.png", "image/gif"],
    ["a type that is no image", png, "text/html", "a.png", "text/html"],
    ["another image's file ending", jpeg, "application/octet-stream", "a.webp", "a .webp file"],
  ])("names %s", (_name, kind, mimetype, originalname, claim) => {
    expect(claimedTypeMismatch(kind, { mimetype, originalname })).toBe(claim)
  })
})
