/**
 * @enclave/contract/i18n: the languages, the rule that picks one and the message core the
 * storefront and the admin share ("Shared code once").
 */
import { describe, expect, it } from "vitest"
import {
  defineMessages,
  detectLanguage,
  fill,
  isLanguage,
  LANGUAGE_KEY,
  languages,
  messageText,
  resolveLanguage,
  translator,
  type Catalogue,
} from "@enclave/contract/i18n"

describe("languages", () => {
  it("are English and German, stored under 'language'", () => {
    expect([...languages]).toEqual(["en", "de"])
    expect(LANGUAGE_KEY).toBe("language")
    expect(languages.every(isLanguage)).toBe(true)
    for (const other of ["fr", "EN", "", null, undefined, 1]) expect(isLanguage(other)).toBe(false)
  })
})

describe("resolveLanguage (the server: cookie, then Accept-Language)", () => {
  it("keeps a stored choice of en or de", () => {
    expect(resolveLanguage("de", "en-US,en;q=0.9")).toBe("de")
    expect(resolveLanguage("en", "de-DE")).toBe("en")
  })

  it("otherwise reads the browser's first language: de when it starts with de, else en", () => {
    expect(resolveLanguage(undefined, "de-AT,en;q=0.8")).toBe("de")
    expect(resolveLanguage("fr", " DE ")).toBe("de")
    expect(resolveLanguage(null, "en-GB,de;q=0.9")).toBe("en")
    expect(resolveLanguage(undefined, "fr-FR")).toBe("en")
    expect(resolveLanguage(undefined, "")).toBe("en")
    expect(resolveLanguage(undefined, null)).toBe("en")
    expect(resolveLanguage(undefined, undefined)).toBe("en")
  })
})

describe("detectLanguage (a browser: cookie, then storage, then navigator.language)", () => {
  it("follows the storefront's cookie, then storage, then the browser", () => {
    expect(detectLanguage("a=1; language=de", "en", "en-US")).toBe("de")
    expect(detectLanguage("language=en", "de", "de-DE")).toBe("en")
    expect(detectLanguage("", "de", "en-US")).toBe("de")
    expect(detectLanguage("", null, "de-AT")).toBe("de")
    expect(detectLanguage("", null, "DE")).toBe("de")
    expect(detectLanguage("language=fr", "xx", "fr-FR")).toBe("en")
    expect(detectLanguage("", null, undefined)).toBe("en")
  })

  it("reads only the cookie named language", () => {
    expect(detectLanguage("mylanguage=de", null, "en-US")).toBe("en")
    expect(detectLanguage("theme=dark;language=de", null, "en-US")).toBe("de")
  })
})

describe("messages", () => {
  const catalogue = defineMessages(
    { greeting: "Hello {name}", items: "{count} items in {where}", onlyEnglish: "Only English" },
    { greeting: "Hallo {name}", items: "{count} Artikel in {where}", onlyEnglish: "" },
  )

  it("defineMessages keeps both languages as given", () => {
    expect(catalogue.en.greeting).toBe("Hello {name}")
    expect(catalogue.de.greeting).toBe("Hallo {name}")
  })

  it("fill replaces known placeholders and leaves unknown ones", () => {
    expect(fill("{count} items in {where}", { count: 3, where: "cart" })).toBe("3 items in cart")
    expect(fill("{count} items in {where}", { count: 0 })).toBe("0 items in {where}")
    expect(fill("no placeholders")).toBe("no placeholders")
  })

  it("fill lets a value ending in a full stop end the sentence, without a second one", () => {
    expect(fill("Noch einzutragen: {fields}.", { fields: "Registergericht, USt-IdNr." })).toBe(
      "Noch einzutragen: Registergericht, USt-IdNr.",
    )
    expect(fill("bester Tag {best} am {date}.", { best: "1.234,00 €", date: "28. Nov." })).toBe("bester Tag 1.234,00 € am 28. Nov.")
    expect(fill("Still to be filled in: {fields}.", { fields: "VAT ID" })).toBe("Still to be filled in: VAT ID.")
    expect(fill("{a}.{b}", { a: "x.", b: "y" })).toBe("x.y")
    expect(fill("{name}")).toBe("{name}")
  })

  it("falls back to English, then to the key (a blank text is still a text)", () => {
    const partial = { en: { a: "Hello {name}", b: "Only English" }, de: { a: "Hallo {name}" } } as unknown as Catalogue<"a" | "b" | "c">
    expect(messageText(partial, "de", "a")).toBe("Hallo {name}")
    expect(messageText(partial, "de", "b")).toBe("Only English")
    expect(messageText(partial, "de", "c")).toBe("c")
    expect(messageText(catalogue, "de", "onlyEnglish")).toBe("")
  })

  it("translator fills the text of its language", () => {
    const de = translator(catalogue, "de")
    const en = translator(catalogue, "en")
    expect(de("greeting", { name: "Eva" })).toBe("Hallo Eva")
    expect(en("greeting", { name: "Eva" })).toBe("Hello Eva")
    expect(de("items", { count: 2, where: "Korb" })).toBe("2 Artikel in Korb")
    const partial = { en: { a: "A {x}" }, de: {} } as unknown as Catalogue<"a" | "b">
    expect(translator(partial, "de")("a", { x: 1 })).toBe("A 1")
    expect(translator(partial, "de")("b")).toBe("b")
  })
})
