import { describe, expect, it } from "vitest"
import { catalogues, islandMessages, translator } from "./index"
import { featureExplanation } from "../lib/feature-explanations"

const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort()

describe("message catalogues", () => {
  for (const [area, catalogue] of Object.entries(catalogues)) {
    it(`${area}: German has exactly the English keys, none empty, with the same placeholders`, () => {
      expect(Object.keys(catalogue.de).sort()).toEqual(Object.keys(catalogue.en).sort())
      for (const [key, en] of Object.entries(catalogue.en)) {
        const de = catalogue.de[key]!
        expect(de.trim(), `${area} ${key}`).not.toBe("")
        expect(placeholders(de), `${area} ${key}`).toEqual(placeholders(en))
      }
    })
  }

  it("no key is defined by two areas", () => {
    const seen = new Map<string, string>()
    for (const [area, catalogue] of Object.entries(catalogues)) {
      for (const key of Object.keys(catalogue.en)) {
        expect(seen.get(key), `${key} in ${area}`).toBeUndefined()
        seen.set(key, area)
      }
    }
  })

  it("fills placeholders and hands islands only the texts they ask for", () => {
    expect(translator("de")("cart.addedText", { name: "Enclave Base" })).toBe("Enclave Base wurde Ihrem Warenkorb hinzugefügt.")
    const picked = islandMessages("en", "toast.")
    expect(Object.keys(picked).every((key) => key.startsWith("toast."))).toBe(true)
    expect(picked["toast.region"]).toBe("Notifications (F8)")
  })
})

describe("featureExplanation", () => {
  it("finds the canned explanation by topic, with the months of updates, and falls back to the generic one", () => {
    expect(featureExplanation("End-to-end encrypted messaging").key).toBe("feature.messaging")
    expect(featureExplanation("Secure boot").key).toBe("feature.secureBoot")
    expect(featureExplanation("36 months of security updates")).toEqual({ key: "feature.updates", params: { months: 36 } })
    expect(featureExplanation("12 more months of security updates")).toEqual({ key: "feature.updatesMore", params: { months: 12 } })
    expect(featureExplanation("Gold-plated antenna").key).toBe("feature.generic")
  })

  it("finds them for the German wordings too (German pages show German features)", () => {
    expect(featureExplanation("Ende-zu-Ende-verschlüsselte Nachrichten").key).toBe("feature.messaging")
    expect(featureExplanation("Verschlüsselte Sprachanrufe").key).toBe("feature.calls")
    expect(featureExplanation("Hardware-Kill-Switches").key).toBe("feature.killSwitch")
    expect(featureExplanation("Nur Strom, keine Daten").key).toBe("feature.dataBlocker")
    expect(featureExplanation("36 Monate Sicherheitsupdates")).toEqual({ key: "feature.updates", params: { months: 36 } })
    expect(featureExplanation("12 weitere Monate Sicherheitsupdates")).toEqual({ key: "feature.updatesMore", params: { months: 12 } })
  })
})
