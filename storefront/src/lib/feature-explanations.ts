/**
 * docs/product.md §2 Product detail, features tab: each feature (free text from the API, in English) gets a longer
 * canned explanation, found by what the feature talks about; unknown features get a generic one.
 * Returns a message key and its params for the active language's catalogue (i18n/messages/product.ts).
 */
const rules: Array<[RegExp, string]> = [
  [/messag/i, "feature.messaging"],
  [/call/i, "feature.calls"],
  [/backup/i, "feature.backup"],
  [/secure boot/i, "feature.secureBoot"],
  [/tamper/i, "feature.tamper"],
  [/secure element|security chip|key storage/i, "feature.secureElement"],
  [/track/i, "feature.tracking"],
  [/kill switch/i, "feature.killSwitch"],
  [/juice jacking|no data|power only/i, "feature.dataBlocker"],
  [/charg/i, "feature.charging"],
  [/radio|shield/i, "feature.shielding"],
  [/privacy filter/i, "feature.privacyFilter"],
  [/setup|configuration|onboarding/i, "feature.setup"],
  [/support/i, "feature.support"],
]

export function featureExplanation(feature: string): { key: string; params?: Record<string, string | number> } {
  const updates = /(\d+)\s+(more\s+)?months? of security updates/i.exec(feature)
  if (updates) return { key: updates[2] ? "feature.updatesMore" : "feature.updates", params: { months: Number(updates[1]) } }
  for (const [pattern, key] of rules) if (pattern.test(feature)) return { key }
  return { key: "feature.generic" }
}
