/**
 * The suites' shops of their own start from a template (tests/support/shop.ts, SHOP_TEMPLATE_ENV):
 * a copy of a shop's data folder taken right after its first start. Such a shop must be a whole
 * shop, set up and seeded, that starts as a restart does and leaves the template as it was.
 */
import fs from "node:fs"
import path from "node:path"
import { afterAll, expect, it } from "vitest"
import { ApiClient, newUserDetails } from "../support/api.ts"
import { makeShopTemplate, SHOP_TEMPLATE_ENV, startShopProcess, TEST_ADMIN_PASSWORD, type ShopProcess } from "../support/shop.ts"

const cleanUps: Array<() => Promise<void> | void> = []
afterAll(async () => {
  for (const cleanUp of cleanUps.reverse()) await cleanUp()
})

/** Every file under the folder with its size and modification time. */
function fingerprint(dir: string): string[] {
  return fs
    .readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => {
      const file = path.join(entry.parentPath, entry.name)
      const { size, mtimeMs } = fs.statSync(file)
      return `${path.relative(dir, file)} ${size} ${mtimeMs}`
    })
    .sort()
}

it("a shop of its own starts from the template without setting up, serves the seeded shop, and leaves the template as it was", async () => {
  // npm test and vitest's global set-up make the template; a run against a given ENCLAVE_URL makes its own.
  let template = process.env[SHOP_TEMPLATE_ENV]
  if (!template) {
    const made = await makeShopTemplate()
    made.first.removeData()
    template = made.template
    process.env[SHOP_TEMPLATE_ENV] = template
    cleanUps.push(() => fs.rmSync(made.template, { recursive: true, force: true }))
  }
  const before = fingerprint(template)
  expect(before.some((file) => file.startsWith("postgres/PG_VERSION "))).toBe(true)

  const shop: ShopProcess = await startShopProcess({ mailbox: false })
  cleanUps.push(async () => {
    await shop.stop()
    shop.removeData()
  })
  expect(shop.dataDir).not.toBe(template)
  expect(shop.output()).toContain(`Enclave is ready at http://localhost:${shop.port}`)
  expect(shop.output()).not.toContain("Running database migrations")
  expect(shop.output()).not.toContain("Seeding the catalogue")
  expect(shop.output()).not.toContain("Creating the admin account")

  const visitor = new ApiClient(shop.url)
  const products = await visitor.get("/api/products")
  expect(products.status).toBe(200)
  expect(products.body.length).toBeGreaterThan(0)
  const details = newUserDetails()
  expect((await visitor.post("/api/register", details)).status).toBe(201)
  const admin = new ApiClient(shop.url)
  expect((await admin.post("/api/login", { username: "admin", password: TEST_ADMIN_PASSWORD })).status).toBe(200)

  // The shop wrote to its own copy: after its stop the template is byte for byte what it was.
  await shop.stop()
  expect(fingerprint(template)).toEqual(before)
})
