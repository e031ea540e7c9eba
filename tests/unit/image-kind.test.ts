import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { claimedTypeMismatch, detectImageKind } from "../../plugins/catalogue/src/admin-products/image-kind.ts"
import {
  allowedAddressesFrom,
  fetchRemoteImage,
  ImageFetchError,
  isPublicAddress,
  mayFetchFrom,
  type ImageFetchOptions,
} from "../../plugins/catalogue/src/admin-products/remote-image.ts"
import { PNG_PIXEL, redirect, serve, startImageServer, TEST_IMAGE_SERVER_ADDRESS, type ImageServer } from "../support/image-server.ts"

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

/*
 * Fetching a product image from another site: only from public internet addresses,
 * decided by ipaddr.js's ranges, and only an image.
 */
describe("which addresses the shop fetches images from", () => {
  it.each([
    ["8.8.8.8"],
    ["93.184.216.34"],
    ["1.1.1.1"],
    ["2001:4860:4860::8888"],
    ["2a00:1450:4001:81b::200e"],
    // Public IPv4 written as IPv4-mapped IPv6 is the same public host.
    ["::ffff:8.8.8.8"],
  ])("a public address: %s", (address) => {
    expect(isPublicAddress(address)).toBe(true)
    expect(mayFetchFrom(address)).toBe(true)
  })

  it.each([
    ["loopback", "127.0.0.1"],
    ["loopback, elsewhere in 127/8", "127.1.2.3"],
    ["IPv6 loopback", "::1"],
    ["private 10/8", "10.0.0.1"],
    ["private 172.16/12", "172.16.5.4"],
    ["private 172.31", "172.31.255.255"],
    ["private 192.168/16", "192.168.1.1"],
    ["link-local (cloud metadata)", "169.254.169.254"],
    ["IPv6 link-local", "fe80::1"],
    ["carrier-grade NAT", "100.64.0.1"],
    ["carrier-grade NAT, its end", "100.127.255.254"],
    ["multicast", "224.0.0.1"],
    ["IPv6 multicast", "ff02::1"],
    ["unspecified", "0.0.0.0"],
    ["IPv6 unspecified", "::"],
    ["this network 0/8", "0.1.2.3"],
    ["broadcast", "255.255.255.255"],
    ["reserved 240/4", "240.0.0.1"],
    ["documentation 192.0.2/24", "192.0.2.1"],
    ["benchmarking 198.18/15", "198.18.0.1"],
    ["IPv6 unique-local", "fd00::1"],
    ["IPv4-mapped loopback", "::ffff:127.0.0.1"],
    ["IPv4-mapped private", "::ffff:10.0.0.1"],
    ["IPv4-mapped link-local", "::ffff:169.254.169.254"],
    ["IPv4-mapped, hex-written", "::ffff:7f00:1"],
    ["IPv4-compatible (deprecated) loopback", "::127.0.0.1"],
    ["NAT64 of loopback", "64:ff9b::7f00:1"],
    ["6to4 of loopback", "2002:7f00:1::"],
    ["Teredo", "2001:0:4136:e378:8000:63bf:3fff:fdd2"],
    ["not an address", "example.com"],
    ["empty", ""],
  ])("refuses %s: %s", (_name, address) => {
    expect(isPublicAddress(address)).toBe(false)
    expect(mayFetchFrom(address)).toBe(false)
  })

  it("lets an operator allow addresses and ranges of their own, and only those", () => {
    const allowed = allowedAddressesFrom("127.0.0.2, 10.20.0.0/16 fd00::5")
    expect(mayFetchFrom("127.0.0.2", allowed)).toBe(true)
    expect(mayFetchFrom("::ffff:127.0.0.2", allowed)).toBe(true)
    expect(mayFetchFrom("10.20.3.4", allowed)).toBe(true)
    expect(mayFetchFrom("fd00::5", allowed)).toBe(true)
    expect(mayFetchFrom("127.0.0.1", allowed)).toBe(false)
    expect(mayFetchFrom("10.21.0.1", allowed)).toBe(false)
    expect(mayFetchFrom("fd00::6", allowed)).toBe(false)
    expect(allowedAddressesFrom(undefined)).toEqual([])
    expect(() => allowedAddressesFrom("images.internal")).toThrow(/IMAGE_FETCH_ALLOWED_ADDRESSES/)
  })
})

describe("fetching another site's image", () => {
  let site: ImageServer
  // The same server's twin on 127.0.0.1: loopback the shop was not told to trust.
  let inward: ImageServer
  const allowed = allowedAddressesFrom(TEST_IMAGE_SERVER_ADDRESS)
  const problemOf = (address: string, options: ImageFetchOptions = {}) =>
    fetchRemoteImage(address, { allowed, ...options }).then(
      () => "fetched",
      (error: unknown) => (error instanceof ImageFetchError ? error.problem : `unexpected: ${String(error)}`),
    )

  beforeAll(async () => {
    site = await startImageServer()
    inward = await startImageServer("127.0.0.1")
    for (const server of [site, inward]) server.route("/pixel.png", serve(PNG_PIXEL, "image/png"))
  })
  afterAll(async () => {
    await site?.close()
    await inward?.close()
  })

  it("fetches an image, judged by its bytes", async () => {
    const { bytes, kind } = await fetchRemoteImage(`${site.origin}/pixel.png`, { allowed })
    expect(bytes.equals(PNG_PIXEL)).toBe(true)
    expect(kind.mimeType).toBe("image/png")
  })

  it("follows up to three redirects, each to an allowed address", async () => {
    site.route("/hop1", redirect("/hop2", 301))
    site.route("/hop2", redirect(`${site.origin}/hop3`, 307))
    site.route("/hop3", redirect("/pixel.png", 308))
    expect(await problemOf(`${site.origin}/hop1`)).toBe("fetched")
    site.route("/hop0", redirect("/hop1"))
    expect(await problemOf(`${site.origin}/hop0`)).toBe("unreachable")
  })

  it("refuses inward addresses before asking them anything, written as addresses or as names", async () => {
    const port = new URL(inward.origin).port
    for (const address of [
      `http://127.0.0.1:${port}/pixel.png`,
      `http://localhost:${port}/pixel.png`,
      `http://[::1]:${port}/pixel.png`,
      `http://[::ffff:127.0.0.1]:${port}/pixel.png`,
      `http://2130706433:${port}/pixel.png`,
      `http://0x7f.1:${port}/pixel.png`,
      "http://10.0.0.1/pixel.png",
      "http://169.254.169.254/latest/meta-data/",
      "http://[fe80::1]/pixel.png",
      "http://100.64.0.1/pixel.png",
      "http://0.0.0.0/pixel.png",
    ]) {
      expect(await problemOf(address), address).toBe("refused-address")
    }
    expect(inward.requests).toEqual([])
  })

  it("refuses a redirect to an inward address, without following it", async () => {
    site.route("/to-inward", redirect(`${inward.origin}/pixel.png`))
    site.route("/to-metadata", redirect("http://169.254.169.254/latest/meta-data/"))
    site.route("/to-localhost", redirect(`http://localhost:${new URL(inward.origin).port}/pixel.png`))
    for (const path of ["/to-inward", "/to-metadata", "/to-localhost"]) {
      expect(await problemOf(`${site.origin}${path}`), path).toBe("refused-address")
    }
    expect(inward.requests).toEqual([])
  })

  it("refuses what is not http(s)", async () => {
    expect(await problemOf("file:///etc/passwd")).toBe("refused-address")
    site.route("/to-file", redirect("file:///etc/passwd"))
    expect(await problemOf(`${site.origin}/to-file`)).toBe("refused-address")
  })

  it("refuses an answer that is not an image: by its type, or by its bytes", async () => {
    site.route("/page", serve("<html>hello</html>", "text/html"))
    site.route("/lying.png", serve("<script>alert(1)</script>", "image/png"))
    site.route("/drawing.svg", serve('<svg xmlns="http://www.w3.org/2000/svg"/>', "image/svg+xml"))
    site.route("/untyped", serve(PNG_PIXEL, ""))
    for (const path of ["/page", "/lying.png", "/drawing.svg", "/untyped"]) {
      expect(await problemOf(`${site.origin}${path}`), path).toBe("not-an-image")
    }
  })

  it("refuses what is not there or does not answer", async () => {
    site.route("/gone", serve("gone", "text/plain", 404))
    site.route("/broken", serve("oops", "image/png", 500))
    site.route("/silent", () => {
      // Never answers: the time limit ends the wait.
    })
    expect(await problemOf(`${site.origin}/gone`)).toBe("unreachable")
    expect(await problemOf(`${site.origin}/broken`)).toBe("unreachable")
    expect(await problemOf(`${site.origin}/silent`, { timeoutMs: 300 })).toBe("unreachable")
    expect(await problemOf("http://no-such-host.invalid/pixel.png")).toBe("unreachable")
  })

  it("refuses an image over the size limit, declared or streamed", async () => {
    const big = Buffer.concat([PNG_PIXEL, Buffer.alloc(2048)])
    site.route("/big.png", serve(big, "image/png"))
    site.route("/streamed.png", (_request, response) => {
      // No content-length: the limit is counted as the bytes come.
      response.writeHead(200, { "content-type": "image/png" })
      response.end(big)
    })
    expect(await problemOf(`${site.origin}/big.png`, { maxBytes: 1024 })).toBe("too-large")
    expect(await problemOf(`${site.origin}/streamed.png`, { maxBytes: 1024 })).toBe("too-large")
    expect(await problemOf(`${site.origin}/big.png`, { maxBytes: 4096 })).toBe("fetched")
  })
})
