/**
 * Forms whose code the browser fetches when they first render instead of before the page can be used
 * (the budget: at most 90 KB gzip of JavaScript before interaction, tests/integration/storefront-weight.test.ts).
 * An island imports its form both ways, `import.meta.env.SSR ? FormNow : lazy(() => import("./Form"))`:
 * the server renders the whole form into the page, the browser's build keeps only the `import()`, and
 * React hydrates the server's form as soon as its code is there. Until then its submit button stays
 * disabled as the server sent it (useHydrated), so no click is lost.
 */

/** What a form shows while its code loads after a tab switch or a step change (never in the server's HTML). */
export function FormLoading({ text }: { text: string | undefined }) {
  return (
    <p className="form-loading" role="status">
      {text ?? "…"}
    </p>
  )
}

/**
 * The form's starting values, with whatever the person changed in the server's inputs (typed, cleared,
 * or the browser filled in) before the form's code arrived: react-hook-form would otherwise put its
 * defaults back when it takes those inputs over. An input's `defaultValue` is what the server sent.
 */
export function withTypedValues<T extends Record<string, unknown>>(idPrefix: string, defaults: T): T {
  if (typeof document === "undefined") return defaults
  const values: Record<string, unknown> = { ...defaults }
  for (const name of Object.keys(defaults)) {
    const input = document.getElementById(`${idPrefix}-${name}`)
    if (input instanceof HTMLInputElement && input.value !== input.defaultValue) values[name] = input.value
  }
  return values as T
}

/**
 * The value of the radio button of group `name` that the person checked in the server's HTML before the
 * island's code ran, or null. React's hydration leaves a checked state it finds alone but renders the
 * island's own choice over it on the next update: the island takes this one over first. Read it after
 * hydration (in an effect), when `defaultChecked` holds what the server rendered.
 */
export function checkedBeforeHydration(name: string): string | null {
  if (typeof document === "undefined") return null
  for (const input of document.getElementsByName(name)) {
    if (input instanceof HTMLInputElement && input.type === "radio" && input.checked && !input.defaultChecked) return input.value
  }
  return null
}
