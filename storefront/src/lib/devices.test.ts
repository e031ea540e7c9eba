import { describe, expect, it } from "vitest"
import { deviceOf } from "./devices"

describe("deviceOf", () => {
  it("names the common browsers and systems", () => {
    const cases: Array<[string, string | null, string | null]> = [
      ["Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0", "Firefox", "Linux"],
      [
        "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36",
        "Chrome",
        "Windows",
      ],
      [
        "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0",
        "Edge",
        "Windows",
      ],
      [
        "Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1",
        "Safari",
        "iOS",
      ],
      [
        "Mozilla/5.0 (Macintosh; Intel Mac OS X 14_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Safari/605.1.15",
        "Safari",
        "macOS",
      ],
      [
        "Mozilla/5.0 (Linux; Android 15; Pixel 9) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36",
        "Chrome",
        "Android",
      ],
      ["Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/131.0.0.0 Safari/537.36", "Chrome", "Linux"],
      ["curl/8.11.0", "curl", null],
    ]
    for (const [ua, browser, system] of cases) expect(deviceOf(ua), ua).toEqual({ browser, system })
  })

  it("knows nothing of an empty or missing User-Agent", () => {
    expect(deviceOf(null)).toEqual({ browser: null, system: null })
    expect(deviceOf("")).toEqual({ browser: null, system: null })
  })
})
