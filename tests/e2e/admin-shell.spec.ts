import AxeBuilder from "@axe-core/playwright"
import { eurosToCents, formatEuro } from "@enclave/contract/money"
import { expect as baseExpect, type APIRequestContext, type Locator, type Page } from "@playwright/test"
import { test } from "../support/csp.ts"
import { SAME_ORIGIN_HEADERS } from "../support/urls.ts"
import { newUserDetails } from "../support/api.ts"
import { TEST_ADMIN_PASSWORD } from "../support/shop.ts"

/**
 * The back office's frame: sidebar and navigation, the signed-in username, logout, the
 * dashboard's figures against the facade, the users list, German, a narrow window, and who may enter.
 */

const SHOTS = "test-results/screenshots"
// Pages arrive as lazily loaded chunks from a shop other suites keep busy: allow them time.
const expect = baseExpect.configure({ timeout: 30_000 })
/** The shop's home page, and not /admin/ (which also ends in a slash). */
const SHOP_HOME = /^https?:\/\/[^/]+\/$/

async function signInAsAdmin(request: APIRequestContext) {
  expect((await request.post("/api/login", { data: { username: "admin", password: TEST_ADMIN_PASSWORD } })).status()).toBe(200)
}

/** The contrast ratio (WCAG 2) of an element's text colour against the nearest opaque background behind it. */
async function contrastOnCard(element: Locator): Promise<number> {
  return element.evaluate((node) => {
    const rgb = (colour: string) => (colour.match(/[\d.]+/g) ?? []).map(Number)
    const luminance = ([r, g, b]: number[]) =>
      [r, g, b]
        .map((v) => v / 255)
        .map((v) => (v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4))
        .reduce((sum, v, i) => sum + v * [0.2126, 0.7152, 0.0722][i], 0)
    let behind: Element | null = node
    let background = [255, 255, 255]
    while (behind) {
      const [r, g, b, a = 1] = rgb(getComputedStyle(behind).backgroundColor)
      if (a === 1) {
        background = [r, g, b]
        break
      }
      behind = behind.parentElement
    }
    const [text, back] = [luminance(rgb(getComputedStyle(node).color)), luminance(background)]
    return (Math.max(text, back) + 0.05) / (Math.min(text, back) + 0.05)
  })
}

async function registerCustomer(request: APIRequestContext, overrides: Record<string, unknown> = {}) {
  const details = newUserDetails(overrides)
  const answer = await request.post("/api/register", { data: details })
  expect(answer.status()).toBe(201)
  return { details, user: (await answer.json()) as { id: number; username: string } }
}

const sider = (page: Page) => page.locator(".ant-layout-sider").first()
/** The sidebar's navigation landmark (the areas as links, then Logout). */
const areasNav = (page: Page, name = "Admin areas") => sider(page).getByRole("navigation", { name })

test("a visitor is sent to /auth and a customer home by the front door (docs/product.md §2 route guard)", async ({ page }) => {
  await page.goto("/admin")
  // With the page asked for, to come back to once signed in.
  await expect(page).toHaveURL(/\/auth\?return=%2Fadmin%2F$/)
  const deep = await page.request.get("/admin/orders/5?tab=items", { maxRedirects: 0 })
  expect(deep.status()).toBe(302)
  expect(deep.headers()["location"]).toBe("/auth?return=%2Fadmin%2Forders%2F5%3Ftab%3Ditems")
  await registerCustomer(page.request)
  await page.goto("/admin/users")
  await expect(page).toHaveURL(SHOP_HOME)
  await page.screenshot({ path: `${SHOTS}/admin-shell-customer-sent-home.png`, fullPage: true })
})

test("a session that stops being an admin's while the page is open sees Access Denied", async ({ page, playwright }) => {
  await signInAsAdmin(page.request)
  await page.goto("/admin/users")
  await expect(page.locator("#users-title")).toBeVisible()
  // The list's own call must be answered before the session changes: made afterwards, its 401
  // would send the page to /auth (and on home) before the navigation below.
  await expect(page.locator("tbody tr.ant-table-row").first()).toBeVisible()
  // The same browser now holds a customer's session, swapped in one step: signing out first would
  // leave a moment without any session, and a call the open app makes in it goes to /auth.
  const elsewhere = await playwright.request.newContext({ baseURL: test.info().project.use.baseURL, extraHTTPHeaders: SAME_ORIGIN_HEADERS })
  await registerCustomer(elsewhere)
  const customerSession = (await elsewhere.storageState()).cookies.find((c) => c.name === "enclave.sid")!
  await elsewhere.dispose()
  await page.context().addCookies([customerSession])
  expect(((await (await page.request.get("/api/user")).json()) as { isAdmin: boolean }).isAdmin).toBe(false)
  // Navigating inside the app checks the session again.
  await sider(page).getByRole("link", { name: "Dashboard" }).click()
  await expect(page.getByRole("heading", { name: "Access Denied" })).toBeVisible()
  await expect(page.getByText("You do not have permission to access this area.")).toBeVisible()
  await expect(page.locator(".ant-layout-sider")).toHaveCount(0)
  await page.screenshot({ path: `${SHOTS}/admin-shell-access-denied.png`, fullPage: true })
  await page.getByRole("link", { name: "Back to the shop" }).click()
  await expect(page).toHaveURL(SHOP_HOME)
})

test("a session that ends while the page is open goes to /auth on the next navigation", async ({ page }) => {
  await signInAsAdmin(page.request)
  await page.goto("/admin")
  await expect(page.locator("#dashboard-title")).toBeVisible()
  expect((await page.request.post("/api/logout")).status()).toBe(200)
  await sider(page).getByRole("link", { name: "Users" }).click()
  // The admin's own guard names the page asked for, as the front door does.
  // (The list has added its pagination to the address by then.)
  await expect(page).toHaveURL(/\/auth\?return=%2Fadmin%2Fusers(?:%3F[^/]*)?$/)
})

test.describe("signed in as the admin", () => {
  test.beforeEach(async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 900 })
    await signInAsAdmin(page.request)
  })

  // The back office reads as well as the shop (axe's WCAG 2 AA rules, text contrast among them).
  for (const path of ["/admin", "/admin/orders", "/admin/returns", "/admin/users", "/admin/products"]) {
    test(`${path} has no accessibility violation`, async ({ page }) => {
      await page.goto(path)
      // Loaded, with rows or with its empty state (whose words must be readable too).
      await expect(page.getByRole("main").locator(".ant-table-tbody, [data-testid=recent-orders]").first()).toBeVisible()
      await expect(page.locator(".ant-spin-spinning, .ant-table-placeholder .ant-spin")).toHaveCount(0)
      const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze()
      const found = results.violations.map(
        (v) =>
          `${v.id}: ${v.help} — ${v.nodes
            .map((n) => n.target.join(" "))
            .slice(0, 3)
            .join(", ")}`,
      )
      expect(found).toEqual([])
    })
  }

  test("the sidebar lists the eight areas in the product docs' order, navigates, shows the username, collapses", async ({ page }) => {
    const errors: string[] = []
    page.on("pageerror", (e) => errors.push(e.message))
    await page.goto("/admin")
    // The page describes itself (Lighthouse's SEO audit), though it is never indexed.
    await expect(page.locator('meta[name="description"]')).toHaveAttribute("content", /Enclave back office/)
    const nav = areasNav(page)
    await expect(nav.getByRole("listitem")).toHaveText([
      "Dashboard",
      "Products",
      "Orders",
      "Returns",
      "Shipping",
      "Users",
      "Payments",
      "Shop details",
      "Logout",
    ])
    await expect(nav.getByRole("link", { name: "Dashboard" })).toHaveAttribute("aria-current", "page")
    const links = nav.getByRole("link")
    const hrefs = await links.evaluateAll((as) => as.map((a) => new URL((a as HTMLAnchorElement).href).pathname))
    expect(hrefs).toEqual([
      "/admin",
      "/admin/products",
      "/admin/orders",
      "/admin/returns",
      "/admin/shipping",
      "/admin/users",
      "/admin/payments",
      "/admin/shop-details",
    ])
    await expect(page.getByTestId("admin-username")).toHaveText("admin")
    await expect(page).toHaveTitle("Dashboard | Enclave Admin")

    await sider(page).getByRole("link", { name: "Products" }).click()
    await expect(page).toHaveURL(/\/admin\/products/)
    await expect(page.locator("#products-title")).toHaveText("Products")
    await expect(nav.getByRole("link", { name: "Products" })).toHaveAttribute("aria-current", "page")
    await expect(nav.getByRole("link", { name: "Dashboard" })).not.toHaveAttribute("aria-current", "page")
    // Keyboard: the Users entry is reachable and opens with Enter.
    await sider(page).getByRole("link", { name: "Users" }).focus()
    await page.keyboard.press("Enter")
    await expect(page).toHaveURL(/\/admin\/users/)
    await expect(page.locator("#users-title")).toHaveText("Users")
    await sider(page).getByRole("link", { name: "Dashboard" }).click()
    await expect(page).toHaveURL(/\/admin\/?$/)

    // The collapse toggle narrows the sider to its icons and widens it again.
    const trigger = page.locator(".ant-layout-sider-trigger")
    await trigger.click()
    await expect(sider(page)).toHaveClass(/ant-layout-sider-collapsed/)
    // Icons only; the names stay the links' accessible names and tooltips.
    await expect(nav.getByRole("link", { name: "Products" })).toHaveAttribute("title", "Products")
    // Not fullPage: Chromium takes a full-page shot by resizing the page for a moment, which the
    // sider follows across 1024 px (collapse, then open), as it should for a real resize.
    await page.screenshot({ path: `${SHOTS}/admin-shell-sider-collapsed.png` })
    await trigger.click()
    await expect(sider(page)).not.toHaveClass(/ant-layout-sider-collapsed/)
    expect(errors).toEqual([])
  })

  test("each admin page has exactly one main landmark", async ({ page }) => {
    // Nine page loads from a shop other suites keep busy.
    test.setTimeout(300_000)
    const pages: Array<[string, string]> = [
      ["/admin", "#dashboard-title"],
      ["/admin/products", "#products-title"],
      ["/admin/orders", "#orders-title"],
      ["/admin/orders/999999999", "#order-title"],
      ["/admin/shipping", "#shipping-title"],
      ["/admin/users", "#users-title"],
      ["/admin/payments", "#payments-title"],
      ["/admin/shop-details", "#shop-details-title"],
      ["/admin/no-such-area", ".ant-result-title"],
    ]
    for (const [path, title] of pages) {
      await page.goto(path)
      await expect(page.locator(title).first(), path).toBeVisible()
      await expect(page.getByRole("main"), path).toHaveCount(1)
      // The page's content is inside it, not beside it.
      await expect(page.getByRole("main").locator(title), path).toHaveCount(1)
    }
  })

  test("the dashboard's cards, recent orders and low stock agree with the facade", async ({ page, playwright, baseURL }) => {
    // A customer of this test places an order, so Recent Orders and today's revenue have something in them.
    const customer = await playwright.request.newContext({ baseURL, extraHTTPHeaders: SAME_ORIGIN_HEADERS })
    const { details } = await registerCustomer(customer)
    const products = (await (await customer.get("/api/products")).json()) as Array<{ id: number; stockQuantity: number }>
    const product = [1, 4, 5, 6, 7].map((id) => products.find((p) => p.id === id)).find((p) => p && p.stockQuantity >= 5)
    expect(product, "a product with stock").toBeTruthy()
    expect((await customer.post("/api/cart", { data: { productId: product!.id, quantity: 1 } })).status()).toBeLessThan(300)
    const placed = await customer.post("/api/orders", {
      data: {
        shippingAddress: {
          fullName: details.fullName,
          addressLine1: details.addressLine1,
          city: details.city,
          state: details.state,
          postalCode: details.postalCode,
          country: details.country,
        },
        shippingMethod: 1,
        paymentMethod: "stripe",
        paymentId: `str-shell-${Math.random().toString(36).slice(2, 8)}`,
      },
    })
    expect(placed.status(), await placed.text()).toBe(201)
    const myOrder = (await placed.json()) as { id: number }
    await customer.dispose()

    // Other suites add users and orders to the same shop at any time: compare with exactly what the
    // facade answered the page.
    const answers = ["/api/admin/users", "/api/products", "/api/admin/orders"].map((path) =>
      page.waitForResponse((r) => new URL(r.url()).pathname === path && r.request().method() === "GET"),
    )
    await page.goto("/admin")
    const [users, allProducts, orders] = await Promise.all(answers.map(async (a) => (await a).json()))
    await expect(page.locator("#dashboard-title")).toHaveText("Dashboard")
    // Revenue: every order not cancelled, an invoice order only once paid.
    const revenueCents = (orders as Array<{ total: string; status: string; invoice?: { paidAt: string | null } | null }>)
      .filter((o) => o.status !== "cancelled" && (!o.invoice || o.invoice.paidAt))
      .reduce((sum, o) => sum + eurosToCents(o.total), 0)
    await expect(page.getByTestId("card-users")).toContainText("Total Users")
    await expect(page.getByTestId("card-users-value")).toHaveText(new Intl.NumberFormat("en-GB").format(users.length))
    await expect(page.getByTestId("card-products-value")).toHaveText(String(allProducts.length))
    await expect(page.getByTestId("card-orders-value")).toHaveText(new Intl.NumberFormat("en-GB").format(orders.length))
    await expect(page.getByTestId("card-revenue-value")).toHaveText(formatEuro(revenueCents / 100))
    // Every card carries a trend (up, down, flat or new) computed from the data, its text readable:
    // at least 4.5:1 against the card (the theme's green was 2.3:1).
    for (const card of ["users", "products", "orders", "revenue"]) {
      const trend = page.getByTestId(`card-${card}`).locator("[data-trend]")
      await expect(trend).toHaveCount(1)
      expect(await contrastOnCard(trend), card).toBeGreaterThanOrEqual(4.5)
    }
    // Users were registered in the last 30 days (this suite registers some); if none existed before, the trend is "new".
    await expect(page.getByTestId("card-users").locator("[data-trend]")).toHaveAttribute("data-trend", /up|new|flat|down/)

    // Recent Orders: the latest five by creation date, newest first, with status colours.
    const latest = [...(orders as Array<{ id: number; createdAt: string; status: string; total: string; userId: number }>)]
      .sort((a, b) => Date.parse(b.createdAt) - Date.parse(a.createdAt) || b.id - a.id)
      .slice(0, 5)
    const rows = page.getByTestId("recent-orders").locator("tbody tr")
    await expect(rows).toHaveCount(latest.length)
    const shownIds = await rows.evaluateAll((trs) => trs.map((tr) => Number(tr.getAttribute("data-row-key"))))
    expect(shownIds).toEqual(latest.map((o) => o.id))
    expect(
      latest.map((o) => o.id),
      "this test's order is among the latest five",
    ).toContain(myOrder.id)
    const nameOf = new Map(
      (users as Array<{ id: number; username: string; fullName: string | null }>).map((u) => [u.id, u.fullName || u.username]),
    )
    for (const [i, order] of latest.entries()) {
      const row = rows.nth(i)
      await expect(row).toContainText(`#${order.id}`)
      // The customer by name, with the user id.
      if (order.userId) await expect(row).toContainText(`${nameOf.get(order.userId)} (#${order.userId})`)
      await expect(row).toContainText(formatEuro(Number(order.total)))
      const tag = row.locator("[data-order-status]")
      await expect(tag).toHaveAttribute("data-order-status", order.status)
      const band = order.status === "completed" ? "green" : order.status === "pending" ? "gold" : "red"
      await expect(tag).toHaveAttribute("data-band", band)
    }
    // One colour scheme: the dashboard's tag of a status looks as the orders list's does.
    const tagLook = (tag: import("@playwright/test").Locator) =>
      tag.evaluate((el) => {
        const style = getComputedStyle(el)
        return `${style.color} on ${style.backgroundColor}`
      })
    const firstTag = rows.first().locator("[data-order-status]")
    const firstStatus = await firstTag.getAttribute("data-order-status")
    const dashboardLook = await tagLook(firstTag)

    // Low Stock Alert: every product with 10 or fewer, 'Out of Stock' at 0, else 'N left'.
    const low = (allProducts as Array<{ id: number; stockQuantity: number }>).filter((p) => p.stockQuantity <= 10)
    const items = page.getByTestId("low-stock").locator("li")
    await expect(items).toHaveCount(low.length)
    for (const product of low) {
      await expect(items.locator(`xpath=self::li[@data-product-id="${product.id}"]`)).toContainText(
        product.stockQuantity === 0 ? "Out of Stock" : `${product.stockQuantity} left`,
      )
    }

    // The chart has a text alternative and a table of the same figures.
    await expect(page.getByRole("img", { name: /Revenue per day, last 30 days/ })).toBeVisible()
    await page.getByText("Show as table").click()
    const perDay = page.getByRole("table", { name: "Revenue per day, last 30 days" }).locator("tbody tr")
    await expect(perDay).toHaveCount(30)
    // Today's row (the last) holds at least this test's order.
    await expect(perDay.last().locator("td").last()).not.toHaveText(formatEuro(0))
    await expect(page.locator("#revenue-chart-summary")).not.toHaveText("No revenue in the last 30 days.")
    await page.screenshot({ path: `${SHOTS}/admin-shell-dashboard.png`, fullPage: true })

    await page.goto(`/admin/orders/${latest[0].id}`)
    const viewTag = page.getByRole("main").locator(`[data-order-status="${firstStatus}"]`).first()
    await expect(viewTag).toBeVisible()
    expect(await tagLook(viewTag)).toBe(dashboardLook)
  })

  test("users: search by username, email or full name; lock state is visible", async ({ page, playwright, baseURL }) => {
    const tag = Math.random().toString(36).slice(2, 8)
    const locked = newUserDetails({ username: `lockme-${tag}`, fullName: `Grace Locked ${tag}` })
    const tried = newUserDetails({ username: `tried-${tag}`, email: `tried-${tag}@shell.example.org` })
    // Register and mistype passwords from a client of their own, not the admin's browser session.
    const other = await playwright.request.newContext({ baseURL, extraHTTPHeaders: SAME_ORIGIN_HEADERS })
    for (const details of [locked, tried]) expect((await other.post("/api/register", { data: details })).status()).toBe(201)
    await other.post("/api/logout")
    for (let i = 0; i < 5; i++) await other.post("/api/login", { data: { username: locked.username, password: "wrong password!" } })
    for (let i = 0; i < 2; i++) await other.post("/api/login", { data: { username: tried.username, password: "wrong password!" } })
    await other.dispose()

    await page.goto("/admin/users")
    await expect(page.locator("#users-title")).toHaveText("Users")
    const search = page.locator('input[aria-label="Search users"]')
    await search.fill(`Grace Locked ${tag}`)
    const rows = page.locator("tbody tr.ant-table-row")
    await expect(rows).toHaveCount(1)
    await expect(rows.first()).toContainText(locked.username)
    await expect(rows.first().locator("[data-lock-state]")).toHaveAttribute("data-lock-state", "locked")
    await expect(rows.first()).toContainText("Locked")
    // Two-factor sign-in and the password's age, per account (a new account: off, changed at registration).
    await expect(rows.first().locator("[data-two-factor]")).toHaveAttribute("data-two-factor", "off")
    await expect(rows.first().locator("[data-two-factor]")).toHaveText("Off")
    const headers = await page.locator("thead th").allInnerTexts()
    const passwordColumn = headers.findIndex((header) => header.trim() === "Password changed")
    expect(passwordColumn).toBeGreaterThan(-1)
    const changed = await rows.first().locator("td").nth(passwordColumn).innerText()
    expect(changed).not.toBe("Never")
    expect(changed).toContain(String(new Date().getFullYear()))
    await page.screenshot({ path: `${SHOTS}/admin-shell-users-locked.png`, fullPage: true })

    await search.fill(`tried-${tag}@shell`)
    await expect(rows).toHaveCount(1)
    await expect(rows.first()).toContainText(tried.username)
    await expect(rows.first().locator("[data-lock-state]")).toHaveAttribute("data-lock-state", "active")
    await expect(rows.first()).toContainText("2 failed attempts")

    await search.fill(`lockme-${tag}`)
    await expect(rows).toHaveCount(1)
    await search.fill(`nobody-${tag}`)
    await expect(page.getByText(`No users match "nobody-${tag}"`)).toBeVisible()
    await search.fill("")
    await expect(rows.first()).toBeVisible()
    await page.screenshot({ path: `${SHOTS}/admin-shell-users.png`, fullPage: true })
  })

  test("the language menu switches the admin to German and back", async ({ page }) => {
    await page.goto("/admin")
    await expect(page.locator("#dashboard-title")).toHaveText("Dashboard")
    await page.getByRole("button", { name: "Language: English" }).click()
    await page.getByRole("menuitem", { name: "Deutsch" }).click()
    await expect(page.locator("#dashboard-title")).toHaveText("Übersicht")
    await expect(page.locator("html")).toHaveAttribute("lang", "de")
    await expect(areasNav(page, "Admin-Bereiche").getByRole("listitem")).toHaveText([
      "Übersicht",
      "Produkte",
      "Bestellungen",
      "Retouren",
      "Versand",
      "Benutzer",
      "Zahlungen",
      "Shopangaben",
      "Abmelden",
    ])
    await expect(page.getByTestId("card-users")).toContainText("Benutzer gesamt")
    await expect(page.getByText("Neueste Bestellungen")).toBeVisible()
    // The storefront reads the same setting.
    expect((await page.context().cookies()).find((c) => c.name === "language")?.value).toBe("de")
    await page.screenshot({ path: `${SHOTS}/admin-shell-dashboard-de.png`, fullPage: true })
    await sider(page).getByRole("link", { name: "Benutzer" }).click()
    await expect(page.locator("#users-title")).toHaveText("Benutzer")
    await expect(page.locator('input[aria-label="Benutzer suchen"]')).toBeVisible()
    await expect(page.locator("thead th").filter({ hasText: "Zwei-Faktor" })).toBeVisible()
    await expect(page.locator("thead th").filter({ hasText: "Passwort geändert" })).toBeVisible()
    await page.screenshot({ path: `${SHOTS}/admin-shell-users-de.png`, fullPage: true })
    // Back by keyboard: the arrow key opens the menu on the current language, Escape closes it
    // and gives the focus back, Enter chooses.
    const button = page.getByRole("button", { name: "Sprache: Deutsch" })
    await button.focus()
    await page.keyboard.press("ArrowDown")
    await expect(page.getByRole("menuitem", { name: "English" })).toBeFocused()
    await page.keyboard.press("Escape")
    await expect(page.getByRole("menu")).toHaveCount(0)
    await expect(button).toBeFocused()
    await expect(button).toHaveAttribute("aria-expanded", "false")
    await page.keyboard.press("ArrowDown")
    // Enter must reach the item, not the button: wait until the menu has taken the focus.
    await expect(page.getByRole("menuitem", { name: "English" })).toBeFocused()
    await page.keyboard.press("Enter")
    await expect(page.locator("#users-title")).toHaveText("Users")
  })

  test("a narrow window collapses the sidebar into a drawer; 1000 px shows the icons only", async ({ page }) => {
    await page.setViewportSize({ width: 1000, height: 800 })
    await page.goto("/admin")
    await expect(page.locator("#dashboard-title")).toBeVisible()
    await expect(sider(page)).toHaveClass(/ant-layout-sider-collapsed/)
    await expect(page.getByTestId("card-users-value")).toBeVisible()
    await page.screenshot({ path: `${SHOTS}/admin-shell-1000px.png`, fullPage: true })
    // Wider again: the sider opens.
    await page.setViewportSize({ width: 1280, height: 800 })
    await expect(sider(page)).not.toHaveClass(/ant-layout-sider-collapsed/)

    await page.setViewportSize({ width: 800, height: 900 })
    await page.reload()
    await expect(page.locator("#dashboard-title")).toBeVisible()
    // No sidebar beside the page: the menu waits in a drawer behind a button.
    await expect(page.getByRole("link", { name: "Products" })).toBeHidden()
    await expect(page.getByTestId("card-users-value")).toBeVisible()
    await page.screenshot({ path: `${SHOTS}/admin-shell-800px.png`, fullPage: true })
    await page.getByRole("button", { name: "Open menu" }).click()
    await expect(page.getByRole("link", { name: "Products" })).toBeVisible()
    await page.screenshot({ path: `${SHOTS}/admin-shell-800px-drawer.png`, fullPage: true })
    await page.getByRole("link", { name: "Products" }).click()
    await expect(page).toHaveURL(/\/admin\/products/)
    // The drawer closes on the way.
    await expect(page.getByRole("link", { name: "Products" })).toBeHidden()
    await expect(page.locator("#products-title")).toBeVisible()
  })

  test("logout signs out and goes to the shop's home", async ({ page }) => {
    await page.goto("/admin")
    await expect(page.getByTestId("admin-username")).toHaveText("admin")
    await areasNav(page).getByRole("button", { name: "Logout" }).click()
    await expect(page).toHaveURL(SHOP_HOME)
    expect((await page.request.get("/api/user")).status()).toBe(401)
    await page.goto("/admin")
    await expect(page).toHaveURL(/\/auth\?return=%2Fadmin%2F$/)
  })

  test("an area without its page yet says so instead of a blank screen", async ({ page }) => {
    await page.goto("/admin/no-such-page")
    await expect(page.getByText("404 Page Not Found")).toBeVisible()
  })
})
