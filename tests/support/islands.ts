import { expect, type Page } from "@playwright/test"

/**
 * Opens `path` with the islands' scripts held back while `type` fills the server-rendered form, as a
 * quick typist on a slow phone does, then lets them run and waits until every island has hydrated.
 */
export async function typeBeforeIslandsRun(page: Page, path: string, type: () => Promise<void>) {
  let release = () => {}
  const held = new Promise<void>((resolve) => (release = resolve))
  const scripts = "**/_astro/*.js"
  await page.route(scripts, async (route) => {
    await held
    await route.fallback()
  })
  await page.goto(path, { waitUntil: "commit" })
  await type()
  await expect(page.locator("astro-island[ssr]")).not.toHaveCount(0)
  release()
  await expect(page.locator("astro-island[ssr]")).toHaveCount(0)
}

/**
 * Waits until every island on the page has hydrated: a click on an island's button before then is lost, as it
 * is for a user on a slow phone, and a loaded machine (CI) can take seconds after the load event to get there.
 */
export async function islandsHydrated(page: Page) {
  await expect(page.locator("astro-island[ssr]")).toHaveCount(0, { timeout: 15_000 })
}
