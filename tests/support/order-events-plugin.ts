/**
 * The tests' Medusa plugin (tests/fixtures/order-events-plugin): a merchant's local plugin, built
 * with `medusa plugin:build` and added through MEDUSA_EXTRA_PLUGINS as docs/extending.md says. Its
 * subscriber writes each standard event it hears as a JSON line into ORDER_EVENTS_FILE; the shared
 * shop runs with it (startSharedShop), and tests read what it heard.
 */
import fs from "node:fs"
import path from "node:path"
import { buildPart } from "../../launcher/build.ts"
import { repoRoot } from "../../launcher/env.ts"

export const ORDER_EVENTS_PLUGIN_DIR = path.join(repoRoot, "tests", "fixtures", "order-events-plugin")

/** Builds the plugin when its sources changed since its last build. */
export async function buildOrderEventsPlugin(): Promise<void> {
  await buildPart(
    { dir: path.relative(repoRoot, ORDER_EVENTS_PLUGIN_DIR), inputs: ["src", "tsconfig.json", "package.json"], output: ".medusa/server" },
    () => {},
  )
}

/** The environment of a shop that runs the plugin, writing into its data folder. */
export function orderEventsPluginEnv(dataDir: string): NodeJS.ProcessEnv {
  return { MEDUSA_EXTRA_PLUGINS: ORDER_EVENTS_PLUGIN_DIR, ORDER_EVENTS_FILE: path.join(dataDir, "heard-events.jsonl") }
}

export interface HeardEvent {
  name: string
  data: Record<string, unknown>
  heardAt: string
}

/** What the plugin has heard so far in the shop whose Medusa runs with this environment. */
export function heardEvents(eventsFile: string): HeardEvent[] {
  if (!fs.existsSync(eventsFile)) return []
  return fs
    .readFileSync(eventsFile, "utf8")
    .split("\n")
    .filter(Boolean)
    .map((line) => JSON.parse(line) as HeardEvent)
}

/**
 * The file the plugin writes into, read from the environment of the shop's Medusa (its pid:
 * races.ts medusaOfShop finds it); the shared shop has it (support/shop.ts startSharedShop).
 */
export function eventsFileOf(medusaPid: number): string {
  const entry = fs
    .readFileSync(`/proc/${medusaPid}/environ`, "utf8")
    .split("\0")
    .find((variable) => variable.startsWith("ORDER_EVENTS_FILE="))
  if (!entry) throw new Error("The shop runs without the tests' Medusa plugin: start it with startSharedShop (tests/support/shop.ts)")
  return entry.slice("ORDER_EVENTS_FILE=".length)
}
