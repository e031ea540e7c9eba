/**
 * The shop answers only for the host names it knows, and the links it writes come from its public
 * address (PUBLIC_URL; `npm start` uses its own origin), never from a request's Host. A reset link
 * that followed the Host header was an account takeover: a request with `Host: evil.example` mailed
 * the victim a link to the attacker's site, carrying a working token.
 */
import { describe, expect, it } from "vitest"
import { UNKNOWN_HOST_MESSAGE } from "@enclave/contract/public-address"
import { asNewCustomer } from "../support/api.ts"
import { waitForMail } from "../support/mailbox.ts"
import { medusaOfShop } from "../support/races.ts"
import { sendRaw } from "../support/raw-request.ts"
import { shopUrl } from "../support/urls.ts"

const shopHost = () => new URL(shopUrl()).host
const loopbackHost = () => `127.0.0.1:${new URL(shopUrl()).port}`

describe("a Host the shop does not know", () => {
  it("gets 400 for a password reset, as the attack sent it, and no mail", async () => {
    const victim = await asNewCustomer()
    const since = new Date()
    const answer = await sendRaw(
      shopUrl(),
      "POST",
      "/api/password-reset",
      { host: "evil.example", origin: "http://evil.example" },
      {
        email: victim.details.email,
      },
    )
    expect(answer.status).toBe(400)
    expect(JSON.parse(answer.text)).toMatchObject({
      message: UNKNOWN_HOST_MESSAGE,
      details: { fields: { host: "Unknown host: evil.example" } },
    })
    // The same request to the known host mails a link; the forged one must not have mailed anything before it.
    expect((await sendRaw(shopUrl(), "POST", "/api/password-reset", { host: shopHost() }, { email: victim.details.email })).status).toBe(
      202,
    )
    const mail = await waitForMail({ to: victim.details.email, since, subject: /password|passwort/i })
    expect(mail.text).not.toContain("evil.example")
  })

  it("gets 400 for pages, files and /api alike, and for a forged X-Forwarded-Host", async () => {
    for (const path of ["/", "/products", "/robots.txt", "/sitemap.xml", "/admin/", "/api/products", "/api/health"]) {
      const answer = await sendRaw(shopUrl(), "GET", path, { host: "evil.example" })
      expect(answer.status, path).toBe(400)
      expect(answer.text, path).toContain(UNKNOWN_HOST_MESSAGE)
    }
    const forwarded = await sendRaw(shopUrl(), "GET", "/api/products", { host: shopHost(), "x-forwarded-host": "evil.example" })
    expect(forwarded.status).toBe(400)
    expect(JSON.parse(forwarded.text).message).toBe(UNKNOWN_HOST_MESSAGE)
    const page = await sendRaw(shopUrl(), "GET", "/", { host: shopHost(), "x-forwarded-host": "shop.example, evil.example" })
    expect(page.status).toBe(400)
  })

  it("gets 400 from the facade itself, where a deployment's proxy sends /api straight to Medusa", async () => {
    const medusa = medusaOfShop(shopUrl())
    const refused = await sendRaw(medusa.url, "GET", "/api/products", { host: "evil.example" })
    expect(refused.status).toBe(400)
    expect(JSON.parse(refused.text).message).toBe(UNKNOWN_HOST_MESSAGE)
    expect((await sendRaw(medusa.url, "GET", "/api/products", { host: shopHost() })).status).toBe(200)
  })
})

describe("the shop's own host names", () => {
  it("answer as usual: the public one and loopback", async () => {
    for (const host of [shopHost(), loopbackHost(), `LOCALHOST:${new URL(shopUrl()).port}`]) {
      expect((await sendRaw(shopUrl(), "GET", "/", { host })).status, host).toBe(200)
      expect((await sendRaw(shopUrl(), "GET", "/api/products", { host })).status, host).toBe(200)
    }
  })

  it("write their links with the public address, whatever Host the request came with", async () => {
    const customer = await asNewCustomer()
    const since = new Date()
    const answer = await sendRaw(shopUrl(), "POST", "/api/password-reset", { host: loopbackHost() }, { email: customer.details.email })
    expect(answer.status).toBe(202)
    const mail = await waitForMail({ to: customer.details.email, since, subject: /password|passwort/i })
    const link = mail.text.match(/https?:\/\/\S+\/auth\/reset\?token=[A-Za-z0-9_%-]+/)?.[0]
    expect(link).toBeDefined()
    expect(new URL(link!).origin).toBe(new URL(shopUrl()).origin)

    const page = await sendRaw(shopUrl(), "GET", "/products", { host: loopbackHost(), accept: "text/html" })
    expect(page.text).toContain(`<link rel="canonical" href="${new URL(shopUrl()).origin}/products"`)
    expect(page.text).not.toContain(`http://${loopbackHost()}`)
    const robots = await sendRaw(shopUrl(), "GET", "/robots.txt", { host: loopbackHost() })
    expect(robots.text).toContain(`Sitemap: ${new URL(shopUrl()).origin}/sitemap.xml`)
    const sitemap = await sendRaw(shopUrl(), "GET", "/sitemap.xml", { host: loopbackHost() })
    expect(sitemap.text).toContain(`<loc>${new URL(shopUrl()).origin}/products?lang=en</loc>`)
    expect(sitemap.text).not.toContain(loopbackHost())
  })
})
