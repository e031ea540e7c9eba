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
