/** A full name as Medusa's customer keeps it: all but the last word, and the last word. */
export function splitName(fullName: string | null | undefined) {
  const parts = (fullName ?? "").trim().split(/\s+/).filter(Boolean)
  return { first_name: parts.slice(0, -1).join(" ") || parts[0] || null, last_name: parts.length > 1 ? parts.at(-1)! : null }
}
