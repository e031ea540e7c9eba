/**
 * The front door with several Medusa servers (MEDUSA_SERVERS): /api calls take turns between them,
 * and a server that does not answer gets a JSON error rather than a hanging request. Two loopback
 * servers stand in for Medusa here, so the test sees which one answered.
 */
import http from "node:http"
import os from "node:os"
import type { AddressInfo } from "node:net"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { createFrontDoor } from "../../launcher/front-door.ts"
import { freePort } from "../../launcher/ports.ts"

const servers: http.Server[] = []
let door: http.Server
let doorUrl = ""
let deadUrl = ""

function listen(server: http.Server): Promise<string> {
  return new Promise((resolve) => server.listen(0, "127.0.0.1", () => resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`)))
}

beforeAll(async () => {
  const urls: string[] = []
  for (const name of ["one", "two"]) {
    const server = http.createServer((req, res) => {
      res.writeHead(200, { "content-type": "application/json" })
      res.end(JSON.stringify({ server: name, path: req.url }))
    })
    servers.push(server)
    urls.push(await listen(server))
  }
  deadUrl = `http://127.0.0.1:${await freePort()}`
  door = await createFrontDoor({ apiUrl: urls, uploadsDir: os.tmpdir() })
  doorUrl = await listen(door)
})

afterAll(async () => {
  for (const server of [door, ...servers]) {
    server?.closeAllConnections()
    await new Promise((resolve) => server?.close(resolve))
  }
})

describe("the front door with two Medusa servers", () => {
  it("sends /api calls to each in turn, with the path intact", async () => {
    const answered: string[] = []
    for (let i = 0; i < 4; i++) {
      const body = (await (await fetch(`${doorUrl}/api/products/${i}`)).json()) as { server: string; path: string }
      expect(body.path).toBe(`/api/products/${i}`)
      answered.push(body.server)
    }
    expect(answered.sort()).toEqual(["one", "one", "two", "two"])
  })

  it("answers a JSON 502 with a message when a server is down", async () => {
    const lonely = await createFrontDoor({ apiUrl: [deadUrl], uploadsDir: os.tmpdir() })
    const url = await listen(lonely)
    try {
      const answer = await fetch(`${url}/api/products`)
      expect(answer.status).toBe(502)
      expect(await answer.json()).toEqual({ message: "The shop's server is not answering. Please try again in a moment." })
    } finally {
      lonely.closeAllConnections()
      await new Promise((resolve) => lonely.close(resolve))
    }
  })
})
