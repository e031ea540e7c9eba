/**
 * The bench's Lighthouse section: Lighthouse with its default config
 * (mobile form factor, simulated throttling) in Debian's Chromium, RUNS runs per page, the median
 * run (Lighthouse's own computeMedianRun) reported: the four category scores, LCP, TBT, CLS and the
 * JavaScript transferred. The signed-in pages get the session cookie of a customer (with a product
 * in the cart, so /checkout shows its form) or of the admin, in the browser's cookie jar. The back office is
 * used at staff's desks, so the admin's first screen is measured with Lighthouse's desktop preset.
 */
import * as chromeLauncher from "chrome-launcher"
import { existsSync } from "node:fs"
import os from "node:os"
import lighthouse, { type Result } from "lighthouse"
import { computeMedianRun } from "lighthouse/core/lib/median-run.js"
import desktopConfig from "lighthouse/core/config/desktop-config.js"
import { ApiClient, newUserDetails } from "../tests/support/api.ts"
import { TEST_ADMIN_PASSWORD } from "../tests/support/shop.ts"

export const RUNS = 3

const CATEGORIES = ["performance", "accessibility", "best-practices", "seo"] as const
type Category = (typeof CATEGORIES)[number]

export interface FailingAudit {
  category: Category
  id: string
  title: string
  score: number
  /** What the audit found, as it names it (an element's selector and snippet, a URL, a message), the first few. */
  found: string[]
}

export interface LighthouseRow {
  page: string
  /** Category scores of the median run, 0–100. */
  scores: Record<Category, number>
  /** The performance score of every run, to show how much it varies. */
  performanceRuns: number[]
  lcpMs: number
  tbtMs: number
  cls: number
  /** Transfer size of the page's script resources. */
  jsBytes: number
  /** The audits that cost a category points in the median run (weighted, score below 1). */
  failing: FailingAudit[]
}

export interface LighthouseSection {
  date: string
  lighthouseVersion: string
  chromium: string
  /**
   * Lighthouse's measure of the machine's CPU in each run (its "benchmarkIndex"; a typical desktop
   * scores 1000 and more), lowest and highest: the simulated throttling scales TBT with it, so a
   * busy machine reads as a slow page.
   */
  benchmarkIndex: { min: number; max: number }
  /** The machine's 1-minute load average when the section started and ended. */
  loadAverage: { start: number; end: number }
  runs: number
  rows: LighthouseRow[]
}

interface Page {
  label: string
  path: string
  cookie?: string
  /** Measured with Lighthouse's desktop preset (a desktop screen, desktop throttling) instead of the phone's. */
  desktop?: boolean
}

const CHROMIUM = process.env.CHROMIUM_PATH || "/usr/bin/chromium"

/**
 * Gives the browser exactly the cookies of `cookieHeader` for the shop (none: signed out), over the
 * DevTools protocol. Lighthouse keeps cookies between runs (its storage reset leaves them), while a
 * Cookie in its extraHeaders never reached the server: Chromium sends its own cookie jar instead.
 */
async function useCookies(port: number, shopUrl: string, cookieHeader: string | undefined) {
  const version = (await (await fetch(`http://127.0.0.1:${port}/json/version`)).json()) as { webSocketDebuggerUrl: string }
  const socket = new WebSocket(version.webSocketDebuggerUrl)
  await new Promise((resolve, reject) => {
    socket.onopen = resolve
    socket.onerror = () => reject(new Error("Cannot reach Chromium's DevTools endpoint"))
  })
  let lastId = 0
  const send = (method: string, params: object) =>
    new Promise<void>((resolve, reject) => {
      const id = ++lastId
      const onMessage = (event: MessageEvent) => {
        const message = JSON.parse(String(event.data)) as { id?: number; error?: { message: string } }
        if (message.id !== id) return
        socket.removeEventListener("message", onMessage)
        if (message.error) reject(new Error(`${method}: ${message.error.message}`))
        else resolve()
      }
      socket.addEventListener("message", onMessage)
      socket.send(JSON.stringify({ id, method, params }))
    })
  try {
    await send("Storage.clearCookies", {})
    const cookies = (cookieHeader ?? "")
      .split("; ")
      .filter(Boolean)
      .map((pair) => ({
        name: pair.slice(0, pair.indexOf("=")),
        value: pair.slice(pair.indexOf("=") + 1),
        url: shopUrl,
        httpOnly: true,
        sameSite: "Lax",
      }))
    if (cookies.length > 0) await send("Storage.setCookies", { cookies })
  } finally {
    socket.close()
  }
}

/** The session cookies the signed-in pages are measured with, signed in through the API as the storefront and admin do. */
async function signIn(shopUrl: string): Promise<{ customer: string; admin: string }> {
  const customer = new ApiClient(shopUrl)
  const registered = await customer.post("/api/register", newUserDetails())
  if (registered.status !== 201) throw new Error(`register answered ${registered.status}: ${JSON.stringify(registered.body)}`)
  const added = await customer.post("/api/cart", { productId: 1, quantity: 1 })
  if (added.status !== 200 && added.status !== 201) throw new Error(`add to cart answered ${added.status}: ${JSON.stringify(added.body)}`)
  const admin = new ApiClient(shopUrl)
  const signedIn = await admin.post("/api/login", { username: "admin", password: process.env.ADMIN_PASSWORD || TEST_ADMIN_PASSWORD })
  if (signedIn.status !== 200) throw new Error(`admin sign-in answered ${signedIn.status}: ${JSON.stringify(signedIn.body)}`)
  return { customer: customer.cookieHeader(), admin: admin.cookieHeader() }
}

const FOUND_SHOWN = 5

/** The first items of an audit's details, each as one line: the element, URL or message it reports. */
function foundBy(details: unknown): string[] {
  type Node = { type?: string; selector?: string; snippet?: string; explanation?: string; url?: string }
  const items = (details as { items?: Array<Record<string, unknown>> } | undefined)?.items ?? []
  return items.slice(0, FOUND_SHOWN).map((item) => {
    const node = (item.node ?? (typeof item.source === "object" ? item.source : undefined)) as Node | undefined
    // axe's explanation starts "Fix any of the following:"; the lines after it say what is wrong.
    const why = node?.explanation?.split("\n").slice(1).join(" ").trim()
    if (node) return [node.selector, node.snippet ?? node.url, why].filter(Boolean).join(" · ")
    return String(item.url ?? item.description ?? JSON.stringify(item)).slice(0, 200)
  })
}

const percent = (score: number | null | undefined) => Math.round((score ?? 0) * 100)

function rowOf(page: Page, median: Result, runs: Result[]): LighthouseRow {
  const scores = Object.fromEntries(CATEGORIES.map((c) => [c, percent(median.categories[c]?.score)])) as Record<Category, number>
  const failing: FailingAudit[] = []
  for (const category of CATEGORIES) {
    for (const ref of median.categories[category]?.auditRefs ?? []) {
      const audit = median.audits[ref.id]
      // Only weighted audits move the score; an unweighted one (informative, diagnostics) does not.
      if (ref.weight > 0 && audit.score !== null && audit.score < 1) {
        failing.push({ category, id: ref.id, title: audit.title, score: audit.score, found: foundBy(audit.details) })
      }
    }
  }
  const requests =
    (median.audits["network-requests"]?.details as { items?: Array<{ resourceType?: string; transferSize?: number }> })?.items ?? []
  return {
    page: page.label,
    scores,
    performanceRuns: runs.map((r) => percent(r.categories.performance?.score)),
    lcpMs: Math.round(median.audits["largest-contentful-paint"]?.numericValue ?? NaN),
    tbtMs: Math.round(median.audits["total-blocking-time"]?.numericValue ?? NaN),
    cls: median.audits["cumulative-layout-shift"]?.numericValue ?? NaN,
    jsBytes: requests.filter((r) => r.resourceType === "Script").reduce((sum, r) => sum + (r.transferSize ?? 0), 0),
    failing,
  }
}

/**
 * Runs Lighthouse RUNS times on each page of the shop at shopUrl, in one Chromium (Lighthouse
 * resets the origin's storage and caches before each run, so runs do not warm each other up).
 * `say` hears each page's result as it comes.
 */
export async function lighthouseSection(
  shopUrl: string,
  options: { paths?: string[]; say?: (line: string) => void } = {},
): Promise<LighthouseSection> {
  const say = options.say ?? console.log
  const cookies = await signIn(shopUrl)
  const pages: Page[] = [
    { label: "/", path: "/" },
    { label: "/products", path: "/products" },
    { label: "/product/1", path: "/product/1" },
    { label: "/auth", path: "/auth" },
    { label: "/checkout (signed in)", path: "/checkout", cookie: cookies.customer },
    { label: "/orders (signed in)", path: "/orders", cookie: cookies.customer },
    { label: "/admin/ (signed in as the admin, desktop preset)", path: "/admin/", cookie: cookies.admin, desktop: true },
  ].filter((page) => !options.paths || options.paths.includes(page.path))
  // Lighthouse needs the full browser (Debian's `chromium`); the tests' headless shell is not enough.
  if (!existsSync(CHROMIUM)) throw new Error(`npm run bench needs Chromium at ${CHROMIUM}: apt-get install chromium, or set CHROMIUM_PATH`)
  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM,
    // As the end-to-end tests run Chromium (playwright.config.ts); --no-sandbox because the bench may run as root.
    chromeFlags: ["--headless=new", "--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-background-networking", "--disable-sync"],
  })
  try {
    const rows: LighthouseRow[] = []
    let lighthouseVersion = ""
    let chromium = ""
    const benchmarkIndexes: number[] = []
    const loadAtStart = os.loadavg()[0]
    for (const page of pages) {
      await useCookies(chrome.port, shopUrl, page.cookie)
      const runs: Result[] = []
      for (let n = 0; n < RUNS; n++) {
        const result = await lighthouse(
          shopUrl + page.path,
          { port: chrome.port, output: "json", logLevel: "error", onlyCategories: [...CATEGORIES] },
          page.desktop ? desktopConfig : undefined,
        )
        if (!result) throw new Error(`Lighthouse gave no result for ${page.path}`)
        const lhr = result.lhr
        if (lhr.runtimeError) throw new Error(`Lighthouse on ${page.path}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`)
        // A guard that sends a visitor to /auth would measure the sign-in page instead.
        const finalPath = new URL(lhr.finalDisplayedUrl).pathname
        if (finalPath !== page.path) throw new Error(`Lighthouse on ${page.path} ended on ${finalPath}`)
        lighthouseVersion = lhr.lighthouseVersion
        benchmarkIndexes.push(lhr.environment.benchmarkIndex)
        chromium = lhr.environment.hostUserAgent.match(/(?:Headless)?Chrome\/[\d.]+/)?.[0] ?? lhr.environment.hostUserAgent
        runs.push(lhr)
      }
      const row = rowOf(page, computeMedianRun(runs), runs)
      rows.push(row)
      say(lighthouseLines([row]).slice(2).join("\n"))
    }
    return {
      date: new Date().toISOString(),
      lighthouseVersion,
      chromium,
      benchmarkIndex: { min: Math.round(Math.min(...benchmarkIndexes)), max: Math.round(Math.max(...benchmarkIndexes)) },
      loadAverage: { start: loadAtStart, end: os.loadavg()[0] },
      runs: RUNS,
      rows,
    }
  } finally {
    chrome.kill()
  }
}

/** The table (header, then one row per page), followed by the audits behind every score below 100. */
export function lighthouseLines(rows: LighthouseRow[]): string[] {
  const lines = [
    `| page | performance (runs) | accessibility | best practices | SEO | LCP ms | TBT ms | CLS | JS transferred |`,
    `|---|---:|---:|---:|---:|---:|---:|---:|---:|`,
    ...rows.map(
      (r) =>
        `| ${r.page} | ${r.scores.performance} (${r.performanceRuns.join(", ")}) | ${r.scores.accessibility} | ${r.scores["best-practices"]} | ${r.scores.seo} | ${r.lcpMs} | ${r.tbtMs} | ${r.cls.toFixed(3)} | ${(r.jsBytes / 1024).toFixed(1)} KB |`,
    ),
  ]
  const failing = rows.flatMap((r) =>
    r.failing.flatMap((f) => [
      `- ${r.page} · ${f.category}: \`${f.id}\` ${f.title} (${f.score.toFixed(2)})`,
      // In code spans: the snippets are HTML, which Markdown would render.
      ...f.found.map((found) => `  - \`${found.replaceAll("`", "'").replaceAll("\n", " ")}\``),
    ]),
  )
  if (failing.length > 0) lines.push("", "Audits below 1 in the median run:", "", ...failing)
  return lines
}

/** The section as results.md has it: a heading that says how it was measured, then the table. */
export function lighthouseMarkdown(section: LighthouseSection): string[] {
  return [
    LIGHTHOUSE_HEADING,
    ``,
    `${section.date} · Lighthouse ${section.lighthouseVersion} · ${section.chromium} · default config (mobile, simulated throttling), the admin with the desktop preset · median of ${section.runs} runs (performance of each run in brackets)`,
    ``,
    `Machine while measuring: ${os.cpus().length} cores, load average ${section.loadAverage.start.toFixed(1)} at the start and ${section.loadAverage.end.toFixed(1)} at the end, Lighthouse's benchmarkIndex ${section.benchmarkIndex.min}–${section.benchmarkIndex.max}. Performance (TBT above all) moves with both; the other three categories measure no time.`,
    ``,
    ...lighthouseLines(section.rows),
  ]
}

/** results.md's Lighthouse section starts here and runs to the end of the file. */
export const LIGHTHOUSE_HEADING = "## Lighthouse"
