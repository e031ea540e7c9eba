import { expect, type Page } from "@playwright/test"
import { WAKE_EVENT, type WakeableIsland } from "../../storefront/src/lib/client/wake.ts"

/** The islands every page has that wait for a person or another island (`client:wake`): the header, the cart panel, the toaster. */
const WAITING: WakeableIsland[] = ["header", "cart", "toast", "purchase"]

/** The islands that hydrate by themselves (client:load, idle, visible, and the account page's forms), not waiting for a person. */
const ON_THEIR_OWN = `astro-island[ssr]:not([client='wake']), astro-island[ssr][client='wake'][opts*='"value":"forms"']`

/**
 * Opens `path` with the islands' scripts held back while `type` fills the server-rendered form, as a
 * quick typist on a slow phone does, then lets them run and waits until the page's islands have hydrated.
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
  await expect(page.locator(ON_THEIR_OWN)).toHaveCount(0)
}

/**
 * Waits until every island on the page has hydrated: a click on an island's button before then is lost, as it
 * is for a user on a slow phone, and a loaded machine (CI) can take seconds after the load event to get there.
 * The islands that wait for a person are woken first, as another island wakes them (lib/client/wake.ts).
 */
export async function islandsHydrated(page: Page) {
  await page.waitForLoadState()
  await expect(page.locator(ON_THEIR_OWN)).toHaveCount(0, { timeout: 15_000 })
  // Asked again until they have all started: a page that is still arriving has not listened yet.
  await expect(async () => {
    await page.evaluate(({ event, names }) => names.forEach((name) => window.dispatchEvent(new CustomEvent(event, { detail: name }))), {
      event: WAKE_EVENT,
      names: WAITING,
    })
    await expect(page.locator("astro-island[ssr]")).toHaveCount(0, { timeout: 1_000 })
  }).toPass({ timeout: 15_000 })
}

/** Waits until the islands that start by themselves have hydrated, and the page's transitions (not its spinners) have ended: a page as a person sees it. */
export async function pageSettled(page: Page) {
  await expect(page.locator(ON_THEIR_OWN)).toHaveCount(0, { timeout: 15_000 })
  await page.waitForFunction(() =>
    document.getAnimations().every((animation) => !(animation instanceof CSSTransition) || animation.playState !== "running"),
  )
}
