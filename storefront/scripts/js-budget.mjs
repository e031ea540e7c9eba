/**
 * JavaScript a page loads before interaction, gzip-compressed: every module script and island chunk
 * (component-url, renderer-url, before-hydration-url) the server-rendered HTML names, with the static
 * imports of each chunk followed through storefront/dist/client. Inline scripts are counted too.
 *
 *   node storefront/scripts/js-budget.mjs http://localhost:8000 / /products /product/1
 */
import fs from "node:fs"
import path from "node:path"
import zlib from "node:zlib"
import { fileURLToPath } from "node:url"

const clientDir = path.join(path.dirname(fileURLToPath(import.meta.url)), "..", "dist", "client")
const [base = "http://localhost:8000", ...pages] = process.argv.slice(2)
const gzip = (text) => zlib.gzipSync(text, { level: 9 }).length

function follow(url, seen) {
  if (seen.has(url)) return
  seen.add(url)
  const code = fs.readFileSync(path.join(clientDir, url), "utf8")
  for (const match of code.matchAll(/(?:import|from)\s*["']([^"']+\.js)["']/g)) {
    follow(path.posix.join(path.posix.dirname(url), match[1]), seen)
  }
}

for (const page of pages.length ? pages : ["/", "/products", "/product/1"]) {
  const html = await (await fetch(base + page, { headers: { cookie: "language=en" } })).text()
  const seen = new Set()
  for (const match of html.matchAll(/(?:src|component-url|renderer-url|before-hydration-url)="(\/_astro\/[^"]+\.js)"/g))
    follow(match[1], seen)
  let total = 0
  const rows = []
  for (const url of seen) {
    const size = gzip(fs.readFileSync(path.join(clientDir, url)))
    rows.push(`    ${url} ${(size / 1024).toFixed(1)} KB`)
    total += size
  }
  let inline = 0
  for (const match of html.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g)) inline += match[1].length ? gzip(match[1]) : 0
  console.log(
    `${page}: ${((total + inline) / 1024).toFixed(1)} KB gzip (${seen.size} chunks ${(total / 1024).toFixed(1)} KB + inline scripts ${(inline / 1024).toFixed(1)} KB)`,
  )
  console.log(rows.join("\n"))
}
