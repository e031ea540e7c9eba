import type { User } from "@enclave/contract"
import { afterEach, describe, expect, it, vi } from "vitest"
import { accessDecision, authProvider, sessionUser, signInUrl } from "./auth-provider"
import { queryUsers, USER_SEARCH_FIELD } from "./resources/users"

describe("who may see the admin", () => {
  it("an admin sees it, a customer is denied, a visitor signs in", () => {
    expect(accessDecision({ kind: "admin", user: { isAdmin: true } as User })).toBe("show")
    expect(accessDecision({ kind: "customer", user: { isAdmin: false } as User })).toBe("deny")
    expect(accessDecision({ kind: "visitor" })).toBe("sign-in")
  })
})

describe("sending a visitor to sign in", () => {
  it("names the admin page being left as /auth's return path, query and fragment included", () => {
    expect(signInUrl({ pathname: "/admin/orders/5", search: "", hash: "" })).toBe("/auth?return=%2Fadmin%2Forders%2F5")
    const url = new URL(signInUrl({ pathname: "/admin/products", search: "?q=fold&sort=price", hash: "#top" }), "http://shop.test")
    expect(url.pathname).toBe("/auth")
    expect(url.searchParams.get("return")).toBe("/admin/products?q=fold&sort=price#top")
  })
})

describe("logging out", () => {
  afterEach(() => vi.unstubAllGlobals())

  it("goes to the shop even when the page's other calls are refused meanwhile (the session has ended)", async () => {
    const assign = vi.fn()
    vi.stubGlobal("window", { location: { assign, pathname: "/admin/", search: "", hash: "" } })
    let answerLogout: (response: Response) => void = () => undefined
    vi.stubGlobal(
      "fetch",
      vi.fn(() => new Promise<Response>((resolve) => (answerLogout = resolve))),
    )
    void authProvider.logout({})
    // A dashboard list refused while the logout is under way: no sign-in page.
    await authProvider.onError({ statusCode: 401, message: "Not signed in" })
    expect(assign).not.toHaveBeenCalled()
    answerLogout(new Response(null, { status: 204 }))
    await vi.waitFor(() => expect(assign).toHaveBeenCalledWith("/"))
    await authProvider.onError({ statusCode: 401, message: "Not signed in" })
    expect(assign.mock.calls).toEqual([["/"]])
  })
})

describe("the session's user", () => {
  it("takes id, username and the admin flag from GET /api/user's answer", () => {
    expect(sessionUser({ id: 7, username: "admin", email: "a@b.c", isAdmin: true, accountLocked: false })).toEqual({
      id: 7,
      username: "admin",
      isAdmin: true,
    })
  })

  it("refuses an answer that is not a user, so nobody is let in by accident", () => {
    for (const body of [
      null,
      [],
      "admin",
      { id: "7", username: "admin", isAdmin: true },
      { id: 7, username: "admin", isAdmin: "true" },
      { id: 7, isAdmin: true },
    ]) {
      expect(() => sessionUser(body), JSON.stringify(body)).toThrow("GET /api/user did not answer a user")
    }
  })
})

describe("user search", () => {
  const users = [
    { id: 2, username: "bob", email: "b@example.org", fullName: null },
    { id: 1, username: "alice", email: "alice@shop.example", fullName: "Alice Liddell" },
    { id: 3, username: "carol", email: "c@example.org", fullName: "Carol Danvers" },
  ] as User[]
  const search = (text: string) =>
    queryUsers(users, { filters: [{ field: USER_SEARCH_FIELD, operator: "contains", value: text }] }).data.map((u) => u.id)

  it("matches username, email or full name, case-insensitively, ordered by id", () => {
    expect(search("")).toEqual([1, 2, 3])
    expect(search("BOB")).toEqual([2])
    expect(search("shop.example")).toEqual([1])
    expect(search("danvers")).toEqual([3])
    expect(search("example.org")).toEqual([2, 3])
    expect(search("nobody")).toEqual([])
  })
})
