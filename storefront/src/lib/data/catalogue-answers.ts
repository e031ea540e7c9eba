/**
 * The facade's public catalogue answers (GET /api/products, /api/products/{id}) as this server last
 * received them, with their ETags, and the record of which of them a page render used.
 *
 * The facade answers these from its own cache with an ETag that changes only when the bytes change
 * (plugins/api-facade/src/catalogue/cache.ts). Asking again with If-None-Match costs the facade no
 * query and this server no JSON parsing: a 304 means the copy kept here is still the answer. The
 * page cache (page-cache.ts) uses the same copies to decide whether a page's HTML is still right.
 *
 * Only public answers are kept, and they are always asked without the visitor's cookies: nothing
 * here depends on who is asking. The product answers depend on the language they are asked in:
 * they are asked with an explicit Accept-Language and kept per path and language.
 */
import { AsyncLocalStorage } from "node:async_hooks"
import type { Language } from "@enclave/contract/i18n"

export interface CatalogueAnswer {
  etag: string
  body: unknown
}

/** A facade answer a rendered page depended on: its path, the language it was asked in, and the tag of the bytes it used. */
export interface Dependency {
  path: string
  language: Language
  etag: string
}

/** Where an answer is kept: its path in the language it was asked in (one entry per language). */
export function answerKey(path: string, language: Language): string {
  return `${language}\u0000${path}`
}

/** The request headers that ask for a catalogue answer in `language`. */
export function catalogueHeaders(language: Language, etag?: string): Record<string, string> {
  return { accept: "application/json", "accept-language": language, ...(etag ? { "if-none-match": etag } : {}) }
}

/** One entry per public catalogue path (a list and one per product): small and bounded by the catalogue. */
const answers = new Map<string, CatalogueAnswer>()
const MAX_ANSWERS = 2_000

/** Per page request: what the render used, and which paths were already revalidated in this request. */
interface RenderScope {
  dependencies: Dependency[]
  revalidated: Set<string>
}
const renderScope = new AsyncLocalStorage<RenderScope>()

/** Runs a page render and returns, with its result, the catalogue answers it used. */
export async function recordingDependencies<T>(
  render: () => Promise<T>,
  revalidated: Set<string> = new Set(),
): Promise<{ result: T; dependencies: Dependency[] }> {
  const scope: RenderScope = { dependencies: [], revalidated }
  const result = await renderScope.run(scope, render)
  return { result, dependencies: scope.dependencies }
}

export function keptAnswer(path: string, language: Language): CatalogueAnswer | undefined {
  return answers.get(answerKey(path, language))
}

export function keepAnswer(path: string, language: Language, answer: CatalogueAnswer) {
  const key = answerKey(path, language)
  if (answers.size >= MAX_ANSWERS && !answers.has(key)) answers.clear()
  answers.set(key, answer)
}

/** The kept answer when this request already revalidated it (the page cache did, just before rendering). */
export function answerRevalidatedInThisRequest(path: string, language: Language): CatalogueAnswer | undefined {
  const key = answerKey(path, language)
  return renderScope.getStore()?.revalidated.has(key) ? answers.get(key) : undefined
}

/** Notes that the page being rendered used this answer. */
export function recordDependency(path: string, language: Language, etag: string | null) {
  const scope = renderScope.getStore()
  if (!scope) return
  // An answer without a tag cannot be revalidated: the page depending on it is not cached (empty tag).
  scope.dependencies.push({ path, language, etag: etag ?? "" })
}
