/**
 * HTML for mails, escaped by construction: `html` is a tagged template whose interpolated values
 * are escaped unless they are HTML made by `html` itself. A customer's name, an address line or a
 * product title can hold `<script>` or `"`; none of them can reach a mail as markup.
 */
export class SafeHtml {
  readonly value: string
  constructor(value: string) {
    this.value = value
  }
  toString(): string {
    return this.value
  }
}

const replacements: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" }

/** Text as HTML text or attribute value: & < > " ' are written as entities. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => replacements[c])
}

type Interpolation = SafeHtml | string | number | null | undefined | false | readonly Interpolation[]

function render(value: Interpolation): string {
  if (value === null || value === undefined || value === false) return ""
  if (value instanceof SafeHtml) return value.value
  if (Array.isArray(value)) return value.map(render).join("")
  return escapeHtml(String(value))
}

export function html(strings: TemplateStringsArray, ...values: Interpolation[]): SafeHtml {
  let out = strings[0]
  values.forEach((value, i) => (out += render(value) + strings[i + 1]))
  return new SafeHtml(out)
}
