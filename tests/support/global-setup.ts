/**
 * For vitest and Playwright: use the shop at ENCLAVE_URL (tests/run.ts starts one for both), or
 * start one for this run and stop it at the end. Its mails arrive in the folder ENCLAVE_MAILBOX.
 * For vitest, whose suites start shops of their own, it also makes their template (SHOP_TEMPLATE_ENV).
 */
import { SHOP_TEMPLATE_ENV, startSharedShop, startShopProcess } from "./shop.ts"

export async function useOrStartShop({ withTemplate }: { withTemplate: boolean }) {
  if (process.env.ENCLAVE_URL) return
  if (withTemplate) {
    const { shop, template, remove } = await startSharedShop()
    process.env.ENCLAVE_URL = shop.url
    process.env[SHOP_TEMPLATE_ENV] = template
    if (shop.mailbox) process.env.ENCLAVE_MAILBOX = shop.mailbox
    return remove
  }
  const shop = await startShopProcess()
  process.env.ENCLAVE_URL = shop.url
  if (shop.mailbox) process.env.ENCLAVE_MAILBOX = shop.mailbox
  return async () => {
    await shop.stop()
    shop.removeData()
  }
}

export default async function globalSetup() {
  return useOrStartShop({ withTemplate: true })
}
