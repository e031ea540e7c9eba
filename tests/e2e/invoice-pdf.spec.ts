import fs from "node:fs"
import { extractText } from "unpdf"
import { expect, test } from "../support/csp.ts"
import { newUserDetails } from "../support/api.ts"

/**
 * The orders page links each order's invoice, and the link downloads the PDF in the page's
 * language (German here), with the invoice's file name. The document's content is proven in
 * tests/integration/invoice-pdf.test.ts; here only that a customer gets it from the page.
 */
test("the orders page's invoice link downloads the order's PDF in the page's language", async ({ page, baseURL }) => {
  await page.context().addCookies([{ name: "language", value: "de", url: baseURL ?? process.env.ENCLAVE_URL! }])
  const details = newUserDetails()
  expect((await page.request.post("/api/register", { data: details })).status()).toBe(201)
  expect((await page.request.post("/api/cart", { data: { productId: 1, quantity: 1 } })).status()).toBeLessThan(300)
  const { fullName, addressLine1, city, state, postalCode, country } = details
  const placed = await page.request.post("/api/orders", {
    data: {
      shippingAddress: { fullName, addressLine1, city, state, postalCode, country },
      shippingMethod: 1,
      paymentMethod: "stripe",
      paymentId: `str-invoice-${Math.random().toString(36).slice(2, 8)}`,
    },
  })
  expect(placed.status(), await placed.text()).toBe(201)
  const order = (await placed.json()) as { id: number }
  const reference = `ENC-${String(order.id).padStart(6, "0")}`

  await page.goto("/orders")
  const entry = page.locator(`details.order[data-order-id="${order.id}"]`)
  await entry.locator("summary").click()
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    entry.getByRole("link", { name: "Rechnung herunterladen (PDF)" }).click(),
  ])
  expect(download.suggestedFilename()).toBe(`invoice-${reference}.pdf`)
  const { text } = await extractText(new Uint8Array(fs.readFileSync(await download.path())), { mergePages: true })
  expect(text).toContain("Rechnung")
  expect(text).toContain(reference)
})
