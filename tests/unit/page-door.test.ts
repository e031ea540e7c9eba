import { describe, expect, it } from "vitest"
import { matchesEtag } from "@enclave/contract/page-door"

describe("a cached page's ETag against If-None-Match (the front door's and the page cache's 304)", () => {
  const etag = 'W/"5d41402abc4b2a76b9719d911017c592"'

  it("matches its own tag, alone or in a list, weak or strong, with spaces around", () => {
    expect(matchesEtag(etag, etag)).toBe(true)
    expect(matchesEtag(`"other", ${etag}`, etag)).toBe(true)
    expect(matchesEtag(`  ${etag}  ,W/"x"`, etag)).toBe(true)
    expect(matchesEtag('"5d41402abc4b2a76b9719d911017c592"', etag)).toBe(true)
    expect(matchesEtag("*", etag)).toBe(true)
  })

  it("does not match another tag, a tag's part, no header or an empty one", () => {
    expect(matchesEtag('W/"5d41402abc4b2a76b9719d911017c593"', etag)).toBe(false)
    expect(matchesEtag('W/"5d41402abc4b2a76b9719d911017c59"', etag)).toBe(false)
    expect(matchesEtag('"other"', etag)).toBe(false)
    expect(matchesEtag(undefined, etag)).toBe(false)
    expect(matchesEtag(null, etag)).toBe(false)
    expect(matchesEtag("", etag)).toBe(false)
    expect(matchesEtag("*, W/x", etag)).toBe(false)
  })
})
