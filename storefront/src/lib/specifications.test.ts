import { describe, expect, it } from "vitest"
import { orderedSpecs } from "./specifications"

describe("orderedSpecs", () => {
  it("reads processor, memory, display, battery, camera, security first, then the rest alphabetically, skipping blanks", () => {
    const order = orderedSpecs({
      camera: "50 MP",
      weight: "190 g",
      "Water Resistance": "IP68",
      processor: "Octa-core",
      colour: "Black",
      memory: "12GB RAM",
      empty: " ",
      display: "6.4-inch",
    }).map(([key]) => key)
    expect(order).toEqual(["processor", "memory", "display", "camera", "Water Resistance", "colour", "weight"])
  })
})
