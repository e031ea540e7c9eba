/**
 * Another site's image server, for the shop's image import: a real HTTP server on
 * a loopback address of its own (TEST_IMAGE_SERVER_ADDRESS), which the tests' shops are allowed to
 * fetch from (IMAGE_FETCH_ALLOWED_ADDRESSES), while 127.0.0.1 stays refused like every other inward
 * address. Each path answers as a test set it up; every request is recorded.
 */
import http from "node:http"
import type { AddressInfo } from "node:net"

/**
 * Where the image server listens: the one inward address the tests' shops may fetch images from
 * (support/shop.ts sets IMAGE_FETCH_ALLOWED_ADDRESSES to it).
 */
export const TEST_IMAGE_SERVER_ADDRESS = "127.0.0.2"

/** The smallest PNG: one transparent pixel. */
export const PNG_PIXEL = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==",
  "base64",
)

export type ImageRoute = (request: http.IncomingMessage, response: http.ServerResponse) => void

export interface ImageServer {
  /** The server's origin, `http://127.0.0.2:PORT`. */
  origin: string
  /** Answers `path` (its pathname) so from now on. */
  route(path: string, answer: ImageRoute): void
  /** The paths asked for, in order. */
  requests: string[]
  close(): Promise<void>
}

/** A route that answers with the bytes and content type. */
export const serve =
  (body: Buffer | string, contentType: string, status = 200): ImageRoute =>
  (_request, response) => {
    response.writeHead(status, { "content-type": contentType, "content-length": Buffer.byteLength(body) })
    response.end(body)
  }

/** A route that redirects to the address. */
export const redirect =
  (to: string, status = 302): ImageRoute =>
  (_request, response) => {
    response.writeHead(status, { location: to })
    response.end()
  }

export async function startImageServer(host = TEST_IMAGE_SERVER_ADDRESS): Promise<ImageServer> {
  const routes = new Map<string, ImageRoute>()
  const requests: string[] = []
  const server = http.createServer((request, response) => {
    const path = new URL(request.url ?? "/", "http://x").pathname
    requests.push(path)
    const answer = routes.get(path)
    if (answer) return answer(request, response)
    response.writeHead(404, { "content-type": "text/plain" })
    response.end("not found")
  })
  await new Promise<void>((resolve) => server.listen(0, host, resolve))
  const { port } = server.address() as AddressInfo
  return {
    origin: `http://${host}:${port}`,
    route: (path, answer) => void routes.set(path, answer),
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}
