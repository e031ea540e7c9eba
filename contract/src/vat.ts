/**
 * VAT identification numbers, checked for form: a two-letter country prefix and that country's
 * pattern (the EU member states as the VIES service lists them, plus Northern Ireland, the UK,
 * Switzerland and Norway). Other prefixes pass with a plausible length. Whether a number is
 * registered is the tax office's to say; the form catches typing mistakes.
 */
const VAT_PATTERNS: Record<string, RegExp> = {
  AT: /^ATU\d{8}$/,
  BE: /^BE[01]\d{9}$/,
  BG: /^BG\d{9,10}$/,
  CY: /^CY\d{8}[A-Z]$/,
  CZ: /^CZ\d{8,10}$/,
  DE: /^DE\d{9}$/,
  DK: /^DK\d{8}$/,
  EE: /^EE\d{9}$/,
  EL: /^EL\d{9}$/,
  ES: /^ES[A-Z0-9]\d{7}[A-Z0-9]$/,
  FI: /^FI\d{8}$/,
  FR: /^FR[A-HJ-NP-Z0-9]{2}\d{9}$/,
  HR: /^HR\d{11}$/,
  HU: /^HU\d{8}$/,
  IE: /^IE(\d{7}[A-W][A-I]?|\d[A-Z+*]\d{5}[A-W])$/,
  IT: /^IT\d{11}$/,
  LT: /^LT(\d{9}|\d{12})$/,
  LU: /^LU\d{8}$/,
  LV: /^LV\d{11}$/,
  MT: /^MT\d{8}$/,
  NL: /^NL\d{9}B\d{2}$/,
  PL: /^PL\d{10}$/,
  PT: /^PT\d{9}$/,
  RO: /^RO\d{2,10}$/,
  SE: /^SE\d{10}01$/,
  SI: /^SI\d{8}$/,
  SK: /^SK\d{10}$/,
  XI: /^XI(\d{9}|\d{12}|GD\d{3}|HA\d{3})$/,
  GB: /^GB(\d{9}|\d{12}|GD\d{3}|HA\d{3})$/,
  CH: /^CHE\d{9}(MWST|TVA|IVA)?$/,
  NO: /^NO\d{9}(MVA)?$/,
}

export const VAT_ID_MESSAGE = "Enter the VAT ID with its country prefix, e.g. DE123456789"
export const VAT_ID_PATTERN_MESSAGE = "This is not a valid VAT ID for its country"

/** The form a VAT ID is kept and compared in: upper case, without spaces, dots or dashes. */
export function normaliseVatId(text: string): string {
  return text.replace(/[\s.-]/g, "").toUpperCase()
}

/** Null when the (normalised) VAT ID has a valid form; else the message that says what is wrong. */
export function vatIdProblem(vatId: string): string | null {
  if (!/^[A-Z]{2}[A-Z0-9+*]{2,14}$/.test(vatId)) return VAT_ID_MESSAGE
  const pattern = VAT_PATTERNS[vatId.slice(0, 2)]
  return pattern && !pattern.test(vatId) ? VAT_ID_PATTERN_MESSAGE : null
}
