import { useOrStartShop } from "./global-setup.ts"

/** Playwright reads baseURL before global setup runs, so the setup hands the URL over through the environment. */
export default async function playwrightSetup() {
  return useOrStartShop({ withTemplate: false })
}
