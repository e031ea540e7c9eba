/**
 * For vitest and Playwright: use the shop at ENCLAVE_URL (tests/run.ts starts one for both), or
 * start one for this run and stop it at the end. Its mails arrive in the folder ENCLAVE_MAILBOX.
 * For vitest, whose suites start shops of their own, it also makes their template (SHOP_TEMPLATE_ENV).
 */
import { SHOP_TEMPLATE_ENV, startSharedShop, startShopProcess } from "./shop.ts"

/** A shop for this run alone, without a template: Playwright's specs start no shops of their own. */
async function startShopAlone() {
  const shop = await startShopProcess()
  return {
    shop,
    template: undefined,
    async remove() {
      await shop.stop()
      shop.removeData()
    },
  }
}

export async function useOrStartShop({ withTemplate }: { withTemplate: boolean }) {
  if (process.env.ENCLAVE_URL) return
  const { shop, template, remove } = withTemplate ? await startSharedShop() : await startShopAlone()
  process.env.ENCLAVE_URL = shop.url
  if (template) process.env[SHOP_TEMPLATE_ENV] = template
  if (shop.mailbox) process.env.ENCLAVE_MAILBOX = shop.mailbox
  return remove
}

export default async function globalSetup() {
  return useOrStartShop({ withTemplate: true })
}
