/**
 * docs/product.md §2 Product detail, features tab: each feature (free text from the API, in the page's language:
 * German pages get the German wording where the product has one) gets a longer canned explanation,
 * found by what the feature talks about in either language; unknown features get a generic one.
 * Returns a message key and its params for the active language's catalogue (i18n/messages/product.ts).
 */
const rules: Array<[RegExp, string]> = [
  [/messag|nachricht/i, "feature.messaging"],
  [/call|anruf|telefonat/i, "feature.calls"],
  [/backup|datensicherung/i, "feature.backup"],
  [/secure boot|systemstart/i, "feature.secureBoot"],
  [/tamper|manipulation/i, "feature.tamper"],
  [/secure element|security chip|key storage|sicherheitschip|schlüsselspeicher/i, "feature.secureElement"],
  [/track|ortung/i, "feature.tracking"],
  [/kill[\s-]switch|notschalter/i, "feature.killSwitch"],
  [/juice jacking|no data|power only|keine daten|nur strom/i, "feature.dataBlocker"],
  [/charg|laden|ladegerät/i, "feature.charging"],
  [/radio|shield|funk|abschirm/i, "feature.shielding"],
  [/privacy filter|blickschutz|sichtschutz/i, "feature.privacyFilter"],
  [/setup|configuration|onboarding|konfiguration|einrichtung/i, "feature.setup"],
  [/support/i, "feature.support"],
]

export function featureExplanation(feature: string): { key: string; params?: Record<string, string | number> } {
  const updates =
    /(\d+)\s+(more\s+)?months? of security updates/i.exec(feature) ?? /(\d+)\s+(weitere\s+)?monate?\s+sicherheitsupdates/i.exec(feature)
  if (updates) return { key: updates[2] ? "feature.updatesMore" : "feature.updates", params: { months: Number(updates[1]) } }
  for (const [pattern, key] of rules) if (pattern.test(feature)) return { key }
  return { key: "feature.generic" }
}
