import { describe, expect, it } from "vitest"
import { safeReturnPath } from "./return-path"

const origin = "http://localhost:8000"

describe("safeReturnPath", () => {
  it("keeps a path of the shop with its query and fragment", () => {
    expect(safeReturnPath("/products?q=fold#list", origin)).toBe("/products?q=fold#list")
    expect(safeReturnPath("/", origin)).toBe("/")
    expect(safeReturnPath(`${origin}/orders`, origin)).toBe("/orders")
  })

  it("sends anything that a browser would read as another site home", () => {
    for (const value of [
      "//evil.example",
      "/\\evil.example",
      "\\\\evil.example",
      "/\t/evil.example",
      "/\n/evil.example",
      "\t//evil.example",
      "/.//evil.example",
      "/..//evil.example",
      "https://evil.example/",
      "http://localhost:8001/",
      "javascript:alert(1)",
      "data:text/html,hi",
      "",
      null,
      undefined,
    ]) {
      expect(safeReturnPath(value, origin), JSON.stringify(value)).toBe("/")
    }
  })

  it("encodes what must not reach a header: control characters become part of a harmless path", () => {
    expect(safeReturnPath("/%09/evil", origin)).toBe("/%09/evil")
    expect(safeReturnPath("/\r", origin)).toBe("/")
    expect(safeReturnPath("/a b\u0000c", origin)).toBe("/a%20b%00c")
  })
})
