import type { User } from "@enclave/contract"

/** The facade's users by id, for naming the customer of an order. */
export function usersById(users: readonly User[] | undefined): ReadonlyMap<number, User> {
  return new Map((users ?? []).map((user) => [user.id, user]))
}

/**
 * An order's customer as staff read it: the full name, else the username, with the user id
 * so two people of the same name stay apart ("Ada Lovelace (#2)"); the bare id while the users are
 * loading or when the account is gone; `guest` for an order without an account.
 */
export function customerLabel(userId: number | null, users: ReadonlyMap<number, User>, guest: string): string {
  if (userId === null) return guest
  const user = users.get(userId)
  const name = user?.fullName?.trim() || user?.username
  return name ? `${name} (#${userId})` : `#${userId}`
}
