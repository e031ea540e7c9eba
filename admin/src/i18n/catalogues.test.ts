import { describe, expect, it } from "vitest"
import { detectLanguage, translator, type Catalogue } from "./index"

/** Every admin area's catalogue (i18n/<area>.ts), found on disk so a new one cannot be forgotten. */
const modules = import.meta.glob<Record<string, unknown>>(["./*.ts", "!./index.ts", "!./*.test.ts"], { eager: true })

function isCatalogue(value: unknown): value is Catalogue<string> {
  return typeof value === "object" && value !== null && "en" in value && "de" in value
}

const catalogues = Object.entries(modules).flatMap(([file, exports]) =>
  Object.entries(exports)
    .filter(([, value]) => isCatalogue(value))
    .map(([name, value]) => ({ where: `${file} ${name}`, catalogue: value as Catalogue<string> })),
)

describe("admin message catalogues", () => {
  it("are found: shell, dashboard and users at least", () => {
    const files = Object.keys(modules)
    for (const area of ["./shell.ts", "./dashboard.ts", "./users.ts"]) expect(files).toContain(area)
    expect(catalogues.length).toBeGreaterThanOrEqual(3)
  })

  it.each(catalogues.map((c) => [c.where, c.catalogue] as const))(
    "%s: German has exactly the English keys, none blank",
    (_where, catalogue) => {
      expect(Object.keys(catalogue.de).sort()).toEqual(Object.keys(catalogue.en).sort())
      for (const [key, text] of [...Object.entries(catalogue.en), ...Object.entries(catalogue.de)]) {
        expect(text.trim(), key).not.toBe("")
      }
      // Placeholders must survive translation: the same {names} in both languages.
      for (const key of Object.keys(catalogue.en)) {
        const names = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort()
        expect(names(catalogue.de[key]), key).toEqual(names(catalogue.en[key]))
      }
    },
  )
})

describe("language and translation", () => {
  it("follows the storefront's cookie, then storage, then the browser", () => {
    expect(detectLanguage("a=1; language=de", "en", "en-US")).toBe("de")
    expect(detectLanguage("", "de", "en-US")).toBe("de")
    expect(detectLanguage("", null, "de-AT")).toBe("de")
    expect(detectLanguage("language=fr", "xx", "fr-FR")).toBe("en")
  })

  it("falls back to English, then to the key, and fills placeholders", () => {
    const catalogue = { en: { a: "Hello {name}", b: "Only English" }, de: { a: "Hallo {name}" } } as unknown as Catalogue<"a" | "b" | "c">
    const t = translator(catalogue, "de")
    expect(t("a", { name: "Eva" })).toBe("Hallo Eva")
    expect(t("b")).toBe("Only English")
    expect(t("c")).toBe("c")
  })
})
