/** Reading a product's free-form `specifications` map (keys as the admin typed them). */

/** The value for a key, matching the key case- and space-insensitively ("Water Resistance" = "water resistance"). */
export function specValue(specifications: Record<string, string>, key: string): string | undefined {
  const wanted = normalise(key)
  for (const [k, v] of Object.entries(specifications)) {
    if (normalise(k) === wanted) return v
  }
  return undefined
}

/** "water resistance" → "Water resistance", "waterResistance" → "Water resistance". */
export function specLabel(key: string): string {
  const words = key
    .replace(/([a-z])([A-Z])/g, "$1 $2")
    .replace(/[_-]+/g, " ")
    .trim()
    .toLowerCase()
  return words.charAt(0).toUpperCase() + words.slice(1)
}

function normalise(key: string): string {
  return key.replace(/[\s_-]+/g, "").toLowerCase()
}

/**
 * The shop's reading order: the keys with icons of their own (docs/product.md §2) first, then the other
 * tier facts, then anything else alphabetically. The database does not keep the typed order.
 */
const readingOrder = ["processor", "memory", "display", "battery", "camera", "security", "storage", "waterresistance", "charging"]

export function orderedSpecs(specifications: Record<string, string>): Array<[string, string]> {
  const rank = (key: string) => {
    const i = readingOrder.indexOf(normalise(key))
    return i === -1 ? readingOrder.length : i
  }
  return Object.entries(specifications)
    .filter(([key, value]) => key.trim() !== "" && value.trim() !== "")
    .sort(([a], [b]) => rank(a) - rank(b) || a.localeCompare(b))
}
