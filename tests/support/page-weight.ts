/**
 * What a page makes the browser download as JavaScript before anyone interacts: its module scripts
 * and island entry points (component and renderer URLs), with every static import they pull in.
 * Dynamic `import()`s are left out: they load on demand.
 */
import { gzipSync } from "node:zlib"

/** Static imports, in minified output too (`import{a as b}from"./x.js"`, `import"./y.js"`). */
const STATIC_IMPORT = /(?:^|[;\n}])\s*(?:import|export)\s*(?:[^"'()]*?from\s*)?["']([^"']+)["']/g

export interface PageWeight {
  files: Array<{ url: string; gzipBytes: number }>
  gzipBytes: number
}

function entryUrls(html: string): string[] {
  const urls = new Set<string>()
  for (const m of html.matchAll(/<script[^>]*type="module"[^>]*src="([^"]+)"/g)) urls.add(m[1])
  for (const m of html.matchAll(/(?:component-url|renderer-url|before-hydration-url)="([^"]+)"/g)) if (m[1]) urls.add(m[1])
  // Inline module scripts count too.
  return [...urls]
}

function inlineScripts(html: string): string[] {
  return [...html.matchAll(/<script(?![^>]*\ssrc=)[^>]*>([\s\S]*?)<\/script>/g)].map((m) => m[1]).filter((s) => s.trim())
}

export async function pageWeight(baseUrl: string, path: string, headers: Record<string, string> = {}): Promise<PageWeight> {
  const html = await (await fetch(baseUrl + path, { headers })).text()
  const seen = new Map<string, number>()
  const queue = entryUrls(html).map((u) => new URL(u, baseUrl + path).href)
  const inline = inlineScripts(html)
  for (const script of inline) for (const m of script.matchAll(STATIC_IMPORT)) queue.push(new URL(m[1], baseUrl + path).href)
  while (queue.length) {
    const url = queue.shift()!
    if (seen.has(url)) continue
    const source = await (await fetch(url)).text()
    seen.set(url, gzipSync(source).length)
    for (const m of source.matchAll(STATIC_IMPORT)) {
      if (m[1].startsWith(".") || m[1].startsWith("/")) queue.push(new URL(m[1], url).href)
    }
  }
  const files = [...seen].map(([url, gzipBytes]) => ({ url, gzipBytes }))
  files.push(...inline.map((s, i) => ({ url: `${path} inline script ${i + 1}`, gzipBytes: gzipSync(s).length })))
  return { files, gzipBytes: files.reduce((sum, f) => sum + f.gzipBytes, 0) }
}

/** The dashboard's chunk: the route the admin's first screen (/admin/) opens. */
export const DASHBOARD_CHUNK = /^(?:\.\/|assets\/)?dashboard-[\w-]+\.js$/

/** Static imports in Vite's minified output too (`import{a as b}from"./x.js"`, `import"./y.js"`). */
const VITE_STATIC_IMPORT = /(?:^|[;\n}])\s*(?:import|export)\s*(?:[\w$\s{},*]*?from\s*)?["'](\.{1,2}\/[^"']+|\/[^"']+)["']/g

export interface AdminWeight {
  files: Array<{ url: string; gzipBytes: number; zod: boolean }>
  gzipBytes: number
}

/**
 * What the browser must download as JavaScript to show `path`: the module entry, the chunks it
 * preloads and imports statically, and the lazily loaded chunk of the route that path opens
 * (`routeChunk`, e.g. the dashboard's) with its static imports. Other lazy pages are left out.
 */
export async function adminFirstScreenWeight(baseUrl: string, pagePath: string, cookie: string, routeChunk: RegExp): Promise<AdminWeight> {
  const answer = await fetch(baseUrl + pagePath, { headers: { cookie }, redirect: "manual" })
  if (answer.status !== 200) throw new Error(`GET ${pagePath} as the admin answered ${answer.status}`)
  const html = await answer.text()
  const pageUrl = baseUrl + pagePath
  const queue = [
    ...html.matchAll(/<script[^>]*type="module"[^>]*src="([^"]+)"/g),
    ...html.matchAll(/<link[^>]*rel="modulepreload"[^>]*href="([^"]+)"/g),
  ].map((m) => new URL(m[1], pageUrl).href)
  if (queue.length === 0) throw new Error("The admin page has no module entry")
  const seen = new Map<string, { gzipBytes: number; zod: boolean }>()
  let routeFound = false
  while (queue.length > 0) {
    const url = queue.shift()!
    if (seen.has(url)) continue
    const response = await fetch(url)
    if (response.status !== 200) throw new Error(`${url} answered ${response.status}`)
    const source = await response.text()
    // zod's error class keeps its name through minification.
    seen.set(url, { gzipBytes: gzipSync(source).length, zod: source.includes("ZodError") })
    for (const m of source.matchAll(VITE_STATIC_IMPORT)) queue.push(new URL(m[1], url).href)
    // The route's own chunk, named in the entry's lazy imports.
    for (const m of source.matchAll(/["']((?:\.\/|assets\/)?[\w-]+\.js)["']/g)) {
      if (routeChunk.test(m[1])) {
        routeFound = true
        queue.push(new URL(m[1].replace(/^assets\//, "./"), url).href)
      }
    }
  }
  if (!routeFound) throw new Error(`No ${routeChunk} chunk among the entry's lazy imports`)
  const files = [...seen].map(([url, file]) => ({ url: new URL(url).pathname, ...file }))
  return { files, gzipBytes: files.reduce((sum, f) => sum + f.gzipBytes, 0) }
}
