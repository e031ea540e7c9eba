import { orderStatuses } from "@enclave/contract/values"
import { describe, expect, it } from "vitest"
import { bandStyles } from "../../components/bands"
import { statusBand } from "./status-band"

/** WCAG's relative luminance of a #rrggbb colour. */
function luminance(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((i) => {
    const c = parseInt(hex.slice(i, i + 2), 16) / 255
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4
  })
  return 0.2126 * r + 0.7152 * g + 0.0722 * b
}

describe("order status bands", () => {
  it("completed green, pending gold, every other status red (docs/product.md §2)", () => {
    expect(statusBand("completed")).toBe("green")
    expect(statusBand("pending")).toBe("gold")
    const others = orderStatuses.filter((s) => s !== "completed" && s !== "pending")
    expect(others.length).toBeGreaterThan(0)
    for (const status of others) expect(statusBand(status)).toBe("red")
  })

  it("every band's text reads at 7:1 or more on its background", () => {
    for (const style of Object.values(bandStyles)) {
      const [light, dark] = [luminance(String(style.background)), luminance(String(style.color))].sort((a, b) => b - a)
      expect((light + 0.05) / (dark + 0.05)).toBeGreaterThanOrEqual(7)
    }
  })
})
