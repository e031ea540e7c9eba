import net from "node:net"

/** A port nobody listens on right now, so internal servers never collide between two shops. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer()
    server.unref()
    server.on("error", reject)
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as net.AddressInfo
      server.close(() => resolve(port))
    })
  })
}

export async function waitFor(check: () => Promise<boolean>, what: string, timeoutMs: number, intervalMs = 250) {
  const deadline = Date.now() + timeoutMs
  while (Date.now() < deadline) {
    if (await check().catch(() => false)) return
    await new Promise((r) => setTimeout(r, intervalMs))
  }
  throw new Error(`${what} did not become ready within ${Math.round(timeoutMs / 1000)} s`)
}
