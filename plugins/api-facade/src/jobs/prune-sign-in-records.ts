import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { SIGN_IN_RECORD_DAYS } from "@enclave/contract"
import { accountsService } from "@enclave/accounts"
import { liveSessionDigests } from "../http/session"

/** SIGN_IN_RECORD_DAYS from the environment (a whole number of days, at least 1), else the contract's default. */
export function signInRecordDays(): number {
  const fromEnv = Number(process.env.SIGN_IN_RECORD_DAYS)
  return Number.isInteger(fromEnv) && fromEnv >= 1 ? fromEnv : SIGN_IN_RECORD_DAYS
}

/**
 * Keeps the sign-in records short-lived (docs/product.md "Your data"), in the worker, hourly: a
 * record whose session ran out or was ended by a password change is marked ended, records ended
 * more than SIGN_IN_RECORD_DAYS ago are deleted, and older sign-ins lose their client address.
 * Expired sessions, sign-in counters and used challenges are swept with them.
 */
export default async function pruneSignInRecords(container: MedusaContainer) {
  const accounts = accountsService(container)
  for (const { shopUserId, digests } of await accounts.openSignInRecords()) {
    const [user] = await accounts.listShopUsers({ id: shopUserId }, { select: ["id", "password_last_changed"], take: 1 })
    const changed = user?.password_last_changed ? new Date(user.password_last_changed) : null
    const live = await liveSessionDigests(container, shopUserId, changed)
    await accounts.endSignInRecords(digests.filter((digest) => !live.has(digest)))
  }
  const pruned = await accounts.pruneSignInRecords(signInRecordDays())
  await accounts.pruneSessions()
  await accounts.pruneSignInGuard()
  container
    .resolve(ContainerRegistrationKeys.LOGGER)
    .info(`Sign-in records: ${pruned.deleted} deleted, ${pruned.addressesCleared} addresses cleared (after ${signInRecordDays()} days)`)
  return pruned
}

export const config = {
  name: "enclave-prune-sign-in-records",
  schedule: "23 * * * *",
}
