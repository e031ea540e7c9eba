import { describe, expect, it } from "vitest"
import type { User } from "@enclave/contract"
import { customerLabel, usersById } from "./customer-name"

const user = (id: number, username: string, fullName: string | null) => ({ id, username, fullName }) as User

describe("customerLabel", () => {
  const users = usersById([user(2, "ada", "Ada Lovelace"), user(3, "grace", null), user(4, "blank", "  ")])

  it("names the customer with the user id", () => {
    expect(customerLabel(2, users, "Guest")).toBe("Ada Lovelace (#2)")
  })

  it("falls back to the username without a full name", () => {
    expect(customerLabel(3, users, "Guest")).toBe("grace (#3)")
    expect(customerLabel(4, users, "Guest")).toBe("blank (#4)")
  })

  it("shows the bare id for an account it does not know, and the guest text without one", () => {
    expect(customerLabel(9, users, "Guest")).toBe("#9")
    expect(customerLabel(9, usersById(undefined), "Guest")).toBe("#9")
    expect(customerLabel(null, users, "Gast")).toBe("Gast")
  })
})
