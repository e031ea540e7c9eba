import { describe, expect, it } from "vitest"
import { searchFilter, searchOf } from "./use-search-box"

describe("search box text <-> table filters", () => {
  it("a blank text sets no filter; other text a trimmed `contains` on the list's field", () => {
    expect(searchFilter("q", "")).toEqual([])
    expect(searchFilter("q", "   ")).toEqual([])
    expect(searchFilter("q", "  pixel 9 ")).toEqual([{ field: "q", operator: "contains", value: "pixel 9" }])
    expect(searchFilter("name", "x")).toEqual([{ field: "name", operator: "contains", value: "x" }])
  })

  it("reads the applied text back from the filters of its own field only", () => {
    expect(searchOf([], "q")).toBe("")
    expect(searchOf([{ field: "q", operator: "contains", value: "bob" }], "q")).toBe("bob")
    expect(searchOf([{ field: "other", operator: "contains", value: "bob" }], "q")).toBe("")
    expect(searchOf([{ field: "q", operator: "contains", value: null }], "q")).toBe("")
    expect(searchOf([{ field: "q", operator: "contains", value: undefined }], "q")).toBe("")
    // From the URL a number may come back as a number.
    expect(searchOf([{ field: "q", operator: "contains", value: 42 }], "q")).toBe("42")
  })

  it("the two agree: what a text sets reads back as the trimmed text", () => {
    for (const text of ["", "alice", "  #12 ", "Ä ö"]) expect(searchOf(searchFilter("q", text), "q")).toBe(text.trim())
  })
})
