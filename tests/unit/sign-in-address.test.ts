import { describe, expect, it } from "vitest"
import { clientAddress } from "../../plugins/api-facade/src/http/sign-in-limit.ts"

/** A request as Medusa sees it behind `hops` proxies that each appended the address they were reached from. */
function request(forwardedFor: string | undefined, peer: string, ip?: string) {
  return { ip, headers: forwardedFor === undefined ? {} : { "x-forwarded-for": forwardedFor }, socket: { remoteAddress: peer } }
}

describe("the client address sign-in limits and locks count by", () => {
  it("is the address the one trusted proxy appended, whatever the client wrote into X-Forwarded-For", () => {
    // The front door appended ::ffff:127.4.5.6 after the client's own forged entries; Express's req.ip says the same.
    const forged = request("203.0.113.7, 10.0.0.1, ::ffff:127.4.5.6", "127.0.0.1", "::ffff:127.4.5.6")
    expect(clientAddress(forged, 1)).toBe("127.4.5.6")
    expect(clientAddress({ ...forged, ip: undefined }, 1)).toBe("127.4.5.6")
  })

  it("behind a TLS terminator and nginx (TRUSTED_PROXY_HOPS=2) is the address the terminator appended", () => {
    const twoHops = request("198.51.100.9, 192.0.2.44, 172.18.0.5", "172.18.0.6", "172.18.0.5")
    expect(clientAddress(twoHops, 2)).toBe("192.0.2.44")
    // Fewer entries than hops: the farthest one there is, never undefined.
    expect(clientAddress(request(undefined, "192.0.2.1"), 2)).toBe("192.0.2.1")
  })

  it("counts an IPv6 client by its /56 network", () => {
    const a = clientAddress(request("2001:db8:1:2a00::1", "127.0.0.1"), 1)
    expect(clientAddress(request("2001:db8:1:2aff:ffff::9", "127.0.0.1"), 1)).toBe(a)
    expect(clientAddress(request("2001:db8:1:2b00::1", "127.0.0.1"), 1)).not.toBe(a)
  })
})
