/**
 * Starts the whole shop as `npm start` does (the same launcher, a real embedded PostgreSQL and a
 * real Medusa) on a free port with its own data folder, and stops it again.
 */
import { execFileSync, spawn, type ChildProcess } from "node:child_process"
import fs from "node:fs"
import os from "node:os"
import path from "node:path"
import { repoRoot } from "../../launcher/env.ts"
import { medusaServer } from "../../launcher/medusa.ts"
import { freePort } from "../../launcher/ports.ts"
import { TEST_IMAGE_SERVER_ADDRESS } from "./image-server.ts"
import { startMailbox, type Mailbox } from "./mailbox.ts"
import { buildOrderEventsPlugin, orderEventsPluginEnv } from "./order-events-plugin.ts"

export { repoRoot }

/** Every shop the tests start has this admin password, so tests can sign in as `admin`. */
export const TEST_ADMIN_PASSWORD = "test-admin-password-7Qx"

export interface ShopProcess {
  url: string
  port: number
  dataDir: string
  /**
   * The folder of the loopback mail server the shop sends its mails to (SMTP_URL), one .eml file
   * per mail (tests/support/mailbox.ts); tests get it as ENCLAVE_MAILBOX. Null when the shop was
   * started without one: it then writes its mails into DATA_DIR/mail itself.
   */
  mailbox: string | null
  child: ChildProcess
  /** Everything the launcher printed so far. */
  output(): string
  /** SIGTERM (or the given signal), then wait for the launcher to exit; resolves with the milliseconds it took. */
  stop(signal?: NodeJS.Signals): Promise<number>
  /** Deletes the data folder (after stop). */
  removeData(): void
}

export interface StartOptions {
  dataDir?: string
  port?: number
  env?: NodeJS.ProcessEnv
  timeoutMs?: number
  /**
   * true (the default): a loopback SMTP server is started for the shop and stopped with it;
   * a folder: the same, writing into that folder (a restart keeps the mails);
   * false: no SMTP_URL, so the shop writes its mails as files into DATA_DIR/mail.
   */
  mailbox?: boolean | string
  /**
   * Whether a shop with a new data folder starts from the suites' template (startSharedShop): a copy
   * of a shop's data folder taken right after its first start. True by default, when there is a
   * template and the shop keeps its data in its embedded PostgreSQL; false for a real first start.
   */
  fromTemplate?: boolean
}

/**
 * Where startShopProcess finds the template: a data folder of a shop that has made its first start
 * (migrations, seed, admin account, secrets) and has been stopped, with its caches of compiled code
 * and of where Medusa found its modules. A shop of its own copies it and starts as a restart does:
 * much faster than a first start, and the suites start about ten (docs/architecture.md has the
 * numbers).
 */
export const SHOP_TEMPLATE_ENV = "ENCLAVE_SHOP_TEMPLATE"

/** What a shop's data folder holds that belongs to that shop alone, never to its template. */
const OWN_MAIL = ["mailbox", "mail"]

function copyDataFolder(from: string, to: string) {
  // cp -a, not fs.cpSync: the PostgreSQL cluster's files belong to the `postgres` user and must stay so.
  execFileSync("cp", ["-a", `${from}/.`, to])
  for (const own of OWN_MAIL) fs.rmSync(path.join(to, own), { recursive: true, force: true })
}

/** The sender the tests' shops write in From. */
export const TEST_MAIL_FROM = "Enclave Test Shop <shop@enclave.test>"

export async function startShopProcess(options: StartOptions = {}): Promise<ShopProcess> {
  const dataDir = options.dataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), "enclave-test-"))
  // The embedded PostgreSQL runs as the `postgres` user and must be able to reach its folder.
  fs.chmodSync(dataDir, 0o755)
  const template = process.env[SHOP_TEMPLATE_ENV]
  const externalDatabase = Boolean({ ...process.env, ...options.env }.DATABASE_URL)
  if ((options.fromTemplate ?? true) && !options.dataDir && !externalDatabase && template && fs.existsSync(template)) {
    copyDataFolder(template, dataDir)
  }
  const port = options.port ?? (await freePort())
  const wantsMailbox = options.mailbox ?? true
  const mailbox: Mailbox | null = wantsMailbox
    ? await startMailbox({ dir: typeof wantsMailbox === "string" ? wantsMailbox : path.join(dataDir, "mailbox") })
    : null
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    ADMIN_PASSWORD: TEST_ADMIN_PASSWORD,
    // The suites sign up hundreds of customers from one address within minutes; the limit itself
    // is tested on a shop of its own (accounts-lifecycle.test.ts).
    SIGN_IN_LIMIT_PER_MINUTE: "100000",
    // Likewise their failed sign-ins (all from loopback) must not lock loopback out of signing in.
    SIGN_IN_FAILURES_PER_ADDRESS: "100000",
    // The tests' image server (support/image-server.ts) listens on this loopback address of its own:
    // the shop may fetch product images from it, and still from no other loopback or private address.
    IMAGE_FETCH_ALLOWED_ADDRESSES: TEST_IMAGE_SERVER_ADDRESS,
    PORT: String(port),
    DATA_DIR: dataDir,
    SMTP_URL: mailbox?.url,
    MAIL_FROM: mailbox ? TEST_MAIL_FROM : undefined,
    ...options.env,
  }
  for (const [key, value] of Object.entries(env)) if (value === undefined) delete env[key]
  // As npm start runs it (package.json), so that the tests and `npm run bench` start the same way.
  const child = spawn(
    process.execPath,
    [path.join(repoRoot, "launcher", "node.mjs"), "--lean-malloc", path.join(repoRoot, "launcher", "start.ts")],
    { cwd: repoRoot, env, stdio: ["ignore", "pipe", "pipe"] },
  )
  let output = ""
  child.stdout!.on("data", (c) => (output += c))
  child.stderr!.on("data", (c) => (output += c))
  // "close", not "exit": the last output (e.g. "Enclave stopped.") may still be in the pipes at exit.
  const exited = new Promise<void>((resolve) => child.once("close", () => resolve()))

  const stop = async (signal: NodeJS.Signals = "SIGTERM") => {
    const started = Date.now()
    if (child.exitCode === null && child.signalCode === null) {
      child.kill(signal)
      await exited
    }
    await mailbox?.close()
    return Date.now() - started
  }

  const timeoutMs = options.timeoutMs ?? 240_000
  const deadline = Date.now() + timeoutMs
  // The last line the launcher prints once ready: the lines before it (where, how to sign in) have arrived too.
  while (!/Started in [\d.]+ s\. Press Ctrl-C to stop\./.test(output)) {
    if (child.exitCode !== null) {
      await mailbox?.close()
      throw new Error(`The shop exited before it was ready:\n${output}`)
    }
    if (Date.now() > deadline) {
      await stop("SIGKILL")
      throw new Error(`The shop was not ready within ${timeoutMs / 1000} s:\n${output}`)
    }
    // Every 20 ms: `npm run bench` times restarts with this wait, and 200 ms would add up to 0.2 s.
    await new Promise((r) => setTimeout(r, 20))
  }
  const removeData = () => fs.rmSync(dataDir, { recursive: true, force: true })
  return { url: `http://localhost:${port}`, port, dataDir, mailbox: mailbox?.dir ?? null, child, output: () => output, stop, removeData }
}

/** A first start in a new data folder, stopped, and that folder copied as a template (SHOP_TEMPLATE_ENV). */
export async function makeShopTemplate(): Promise<{ first: ShopProcess; template: string }> {
  const first = await startShopProcess({ fromTemplate: false })
  await first.stop()
  const template = fs.mkdtempSync(path.join(os.tmpdir(), "enclave-template-"))
  fs.chmodSync(template, 0o755)
  copyDataFolder(first.dataDir, template)
  return { first, template }
}

export interface SharedShop {
  shop: ShopProcess
  /** The template the suites' own shops start from (SHOP_TEMPLATE_ENV). */
  template: string
  /** Stops the shop and deletes its data folder and the template. */
  remove(): Promise<void>
}

/**
 * The shop the suites share (tests/run.ts, or vitest's global set-up): a first start, then a stop
 * in which its data folder is copied as the template for the suites' shops of their own
 * (SHOP_TEMPLATE_ENV), then a restart on the same folder and port, with the tests' Medusa plugin.
 */
export async function startSharedShop(): Promise<SharedShop> {
  const pluginBuilt = buildOrderEventsPlugin()
  const { first, template } = await makeShopTemplate()
  await pluginBuilt
  // With the tests' own Medusa plugin, which records the events it hears (support/order-events-plugin.ts).
  const shop = await startShopProcess({ dataDir: first.dataDir, port: first.port, env: orderEventsPluginEnv(first.dataDir) })
  return {
    shop,
    template,
    async remove() {
      await shop.stop()
      shop.removeData()
      fs.rmSync(template, { recursive: true, force: true })
    },
  }
}

/**
 * The processes (pid and command line) still running whose command line or environment mentions
 * the text: a shop's data folder finds its PostgreSQL, its Medusa and its launcher.
 */
export function processesMentioning(text: string): string[] {
  const found: string[] = []
  for (const pid of fs.readdirSync("/proc").filter((d) => /^\d+$/.test(d))) {
    try {
      const cmd = fs.readFileSync(`/proc/${pid}/cmdline`, "utf8").replaceAll("\0", " ").trim()
      const environ = fs.readFileSync(`/proc/${pid}/environ`, "utf8")
      const zombie = fs.readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]?.startsWith("Z")
      if (!zombie && (cmd.includes(text) || environ.includes(text)) && Number(pid) !== process.pid) found.push(`${pid} ${cmd}`)
    } catch {
      // the process ended while we looked
    }
  }
  return found
}

/** The Medusa servers a shop runs (process and internal port), found by the shop's data folder. */
export function medusaProcessesOf(dataDir: string): Array<{ pid: number; url: string }> {
  const found: Array<{ pid: number; url: string }> = []
  for (const pid of fs.readdirSync("/proc").filter((d) => /^\d+$/.test(d))) {
    try {
      const cmd = fs.readFileSync(`/proc/${pid}/cmdline`, "utf8").split("\0")
      const environ = fs.readFileSync(`/proc/${pid}/environ`, "utf8")
      if (cmd.includes(medusaServer) && environ.includes(`DATA_DIR=${dataDir}\0`)) {
        found.push({ pid: Number(pid), url: `http://127.0.0.1:${cmd[cmd.indexOf("--port") + 1]}` })
      }
    } catch {
      // the process ended while we looked
    }
  }
  return found
}

/** The Medusa server a shop started (its process and internal port), found by the shop's data folder. */
export function medusaProcessOf(dataDir: string): { pid: number; url: string } {
  const [first] = medusaProcessesOf(dataDir)
  if (!first) throw new Error(`No Medusa server of the shop in ${dataDir} is running`)
  return first
}
