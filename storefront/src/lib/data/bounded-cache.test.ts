import { describe, expect, it } from "vitest"
import { BoundedCache } from "./bounded-cache"

describe("BoundedCache", () => {
  it("drops the entries used longest ago once the bytes pass the budget", () => {
    const cache = new BoundedCache<string>(100)
    cache.set("a", "A", 40)
    cache.set("b", "B", 40)
    // Read, so now the most recent: "b" is the one used longest ago.
    expect(cache.get("a")).toBe("A")
    cache.set("c", "C", 40)
    expect([cache.get("a"), cache.get("b"), cache.get("c")]).toEqual(["A", undefined, "C"])
    expect([cache.size, cache.bytes]).toEqual([2, 80])
  })

  it("holds no more entries than its count allows, however small", () => {
    const cache = new BoundedCache<number>(1_000_000, 3)
    for (let i = 0; i < 10; i++) cache.set(`page ${i}`, i, 10)
    expect([cache.size, cache.bytes]).toEqual([3, 30])
    expect([cache.get("page 6"), cache.get("page 7"), cache.get("page 9")]).toEqual([undefined, 7, 9])
  })

  it("keeps nothing larger than the whole budget, and leaves the rest alone", () => {
    const cache = new BoundedCache<string>(100)
    cache.set("small", "s", 30)
    expect(cache.set("huge", "h", 101)).toBe(false)
    expect([cache.get("huge"), cache.get("small"), cache.bytes]).toEqual([undefined, "s", 30])
  })

  it("replacing an entry counts only its new size", () => {
    const cache = new BoundedCache<string>(100)
    cache.set("a", "old", 60)
    cache.set("a", "new", 30)
    expect([cache.get("a"), cache.size, cache.bytes]).toEqual(["new", 1, 30])
    expect(cache.delete("a")).toBe(true)
    expect([cache.size, cache.bytes]).toEqual([0, 0])
  })

  it("counts what a kept entry grows by, and evicts for it; a replaced value's growth is not counted", () => {
    const cache = new BoundedCache<{ name: string }>(100)
    const first = { name: "first" }
    const second = { name: "second" }
    cache.set("first", first, 40)
    cache.set("second", second, 40)
    // The compressed copies of "second" arrive: 30 more bytes, and "first" no longer fits.
    cache.grow("second", second, 30)
    expect([cache.get("first"), cache.get("second"), cache.bytes]).toEqual([undefined, second, 70])
    // Growth reported for a value no longer kept under that key changes nothing.
    cache.set("second", { name: "rendered again" }, 20)
    cache.grow("second", second, 30)
    expect(cache.bytes).toBe(20)
    // An entry that grows past the whole budget goes.
    const third = { name: "third" }
    cache.set("third", third, 50)
    cache.grow("third", third, 60)
    expect([cache.get("third"), cache.bytes]).toEqual([undefined, 20])
  })
})
