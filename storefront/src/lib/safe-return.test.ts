import { describe, expect, it } from "vitest"
import { DEFAULT_RETURN_PATH, safeReturnPath, signInPath } from "./safe-return"

const SHOP = "https://shop.example"

describe("safeReturnPath (the return path of /auth and of the language menu)", () => {
  it("keeps a path of the shop with its query and fragment", () => {
    expect(safeReturnPath("/admin/orders/5", SHOP)).toBe("/admin/orders/5")
    expect(safeReturnPath("/admin/products?q=fold&sort=price", SHOP)).toBe("/admin/products?q=fold&sort=price")
    expect(safeReturnPath("/checkout#summary", SHOP)).toBe("/checkout#summary")
    expect(safeReturnPath("/", SHOP)).toBe("/")
  })

  it("resolves dot segments inside the shop", () => {
    expect(safeReturnPath("/admin/../orders", SHOP)).toBe("/orders")
    expect(safeReturnPath("/../../etc", SHOP)).toBe("/etc")
  })

  it("accepts the shop's origin given with a path or port", () => {
    expect(safeReturnPath("/admin/", "http://localhost:8000/auth?return=x")).toBe("/admin/")
  })

  it.each([
    ["missing", undefined],
    ["null", null],
    ["not a string", 42],
    ["empty", ""],
    ["another site", "https://evil.example/admin"],
    ["the shop's own origin written out", "https://shop.example/admin"],
    ["protocol-relative", "//evil.example/admin"],
    ["a backslash after the slash", "/\\evil.example"],
    ["a backslash later", "/admin\\..\\x"],
    ["a scheme", "javascript:alert(1)"],
    ["a data URL", "data:text/html,hi"],
    ["a relative path", "admin/orders"],
    ["a tab", "/\t/evil.example"],
    ["a newline", "/admin\n/x"],
    ["a NUL", "/admin\u0000"],
    ["a DEL", "/admin\u007f"],
    ["a leading space", " /admin"],
    ["far too long", `/${"a".repeat(3000)}`],
    ["two backslashes", "\\\\evil.example"],
    ["a tab before two slashes", "\t//evil.example"],
    ["a dot segment that leaves two slashes", "/.//evil.example"],
    ["two dots that leave two slashes", "/..//evil.example"],
    ["another port of the same host", "http://localhost:8001/"],
    ["a carriage return", "/\r"],
    ["a header smuggled after a line break", "/\r\nSet-Cookie: x=1"],
  ])("refuses %s: home page instead", (_what, value) => {
    expect(safeReturnPath(value, SHOP)).toBe(DEFAULT_RETURN_PATH)
  })

  it("keeps percent-encoded characters encoded: they are part of a harmless path", () => {
    expect(safeReturnPath("/%09/evil", SHOP)).toBe("/%09/evil")
  })

  it("refuses everything when the shop's origin is not a URL", () => {
    expect(safeReturnPath("/admin", "not a url")).toBe(DEFAULT_RETURN_PATH)
  })
})

describe("signInPath", () => {
  it("names the guarded page, path and query, as the way back", () => {
    expect(signInPath(new URL("http://localhost:8000/checkout"))).toBe("/auth?return=%2Fcheckout")
    expect(signInPath(new URL("http://localhost:8000/checkout/success?orderId=7&x=a b"))).toBe(
      "/auth?return=%2Fcheckout%2Fsuccess%3ForderId%3D7%26x%3Da%2520b",
    )
    // What it names is a return path /auth accepts as it is.
    const path = "/account/orders?page=2"
    const back = new URL(signInPath(new URL(path, SHOP)), SHOP).searchParams.get("return")
    expect(safeReturnPath(back, SHOP)).toBe(path)
  })
})
