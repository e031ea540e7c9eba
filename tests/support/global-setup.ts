/**
 * For vitest and Playwright: use the shop at ENCLAVE_URL (tests/run.ts starts one for both), or
 * start one for this run and stop it at the end. Its mails arrive in the folder ENCLAVE_MAILBOX.
 */
import { startShopProcess } from "./shop.ts"

export default async function globalSetup() {
  if (process.env.ENCLAVE_URL) return
  const shop = await startShopProcess()
  process.env.ENCLAVE_URL = shop.url
  if (shop.mailbox) process.env.ENCLAVE_MAILBOX = shop.mailbox
  return async () => {
    await shop.stop()
    shop.removeData()
  }
}
