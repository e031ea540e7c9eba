/**
 * The entry of every npm script that runs TypeScript: `node launcher/node.mjs <script> [args...]`.
 *
 * The launcher, tests and bench are TypeScript run by Node's type stripping, which needs Node 22.12
 * or newer; older Node stops with "bad option: --experimental-strip-types" before any of our code
 * runs. This file is plain JavaScript that Node 18 and 20 can still parse, so on an older Node it
 * fetches Node 24 from the npm registry once (the `node-<platform>-<arch>` packages, the same Node
 * builds as nodejs.org) and runs the script under it. Native addons are no obstacle: every addon
 * the shop loads is N-API or a prebuilt executable, so an `npm install` done with Node 20 serves
 * Node 24 as well.
 *
 * `node launcher/node.mjs --path` prints the Node it would use (installing it if needed); .ci/run
 * uses it so that CI and `npm start` share one cached Node.
 *
 * `node launcher/node.mjs --lean-malloc <script>` runs a long-running entry (npm start, start:web,
 * start:medusa) with the malloc settings of launcher/lean-malloc.json, set before any TypeScript loads.
 */
import { spawn, spawnSync } from "node:child_process"
import fs from "node:fs"
import os from "node:os"
import path from "node:path"
import { pathToFileURL } from "node:url"

/** The Node the npm registry gives us when ours is too old: the `.nvmrc` line. */
const WANTED_MAJOR = 24
const STRIP_TYPES = ["--experimental-strip-types", "--no-warnings=ExperimentalWarning"]

function isRecent(version) {
  const [major, minor] = version.replace(/^v/, "").split(".").map(Number)
  return major > 22 || (major === 22 && minor >= 12)
}

/** Where `.ci/run` keeps its Node too, so either one's download serves both. */
function nodeHome() {
  return process.env.ENCLAVE_NODE_HOME || path.join(os.homedir(), ".cache", "enclave-node")
}

function packageName() {
  const platform = { linux: "linux", darwin: "darwin", win32: "win" }[process.platform]
  const arch = { x64: "x64", arm64: "arm64" }[process.arch]
  if (!platform || !arch) return null
  return `node-${platform}-${arch}`
}

function binaryIn(packageDir) {
  return path.join(packageDir, "bin", process.platform === "win32" ? "node.exe" : "node")
}

function cachedVersion(packageDir) {
  try {
    return JSON.parse(fs.readFileSync(path.join(packageDir, "package.json"), "utf8")).version
  } catch {
    return null
  }
}

function usable(packageDir) {
  const version = cachedVersion(packageDir)
  return Boolean(version && isRecent(version) && fs.existsSync(binaryIn(packageDir)))
}

function fail(message) {
  console.error(message)
  process.exit(1)
}

/** Node >= 22.12: the cached one, else Node 24 installed from the npm registry into nodeHome(). */
function recentNode() {
  if (isRecent(process.version)) return process.execPath
  const name = packageName()
  const advice = `Enclave needs Node 22.12 or newer (Node ${WANTED_MAJOR} recommended); this is Node ${process.version}.`
  if (!name)
    fail(
      `${advice} No Node build for ${process.platform}/${process.arch} on the npm registry: please install Node ${WANTED_MAJOR} from https://nodejs.org.`,
    )
  const home = nodeHome()
  const packageDir = path.join(home, "node_modules", name)
  if (usable(packageDir)) return binaryIn(packageDir)

  console.error(`${advice} Installing Node ${WANTED_MAJOR} from the npm registry (${name}) into ${home}, once...`)
  // A folder of our own for the install, moved into place at the end, so that two shops starting
  // at once never run a half-unpacked Node.
  fs.mkdirSync(path.join(home, "node_modules"), { recursive: true })
  const staging = fs.mkdtempSync(path.join(home, ".install-"))
  try {
    // The npm that runs this script (npm start), else the one on PATH.
    const npmCli = process.env.npm_execpath
    const [command, prefixArgs] = npmCli && /\.c?js$/.test(npmCli) ? [process.execPath, [npmCli]] : ["npm", []]
    const result = spawnSync(
      command,
      [
        ...prefixArgs,
        "install",
        "--prefix",
        staging,
        "--no-save",
        "--no-package-lock",
        "--no-audit",
        "--no-fund",
        "--loglevel=error",
        `${name}@${WANTED_MAJOR}`,
      ],
      { stdio: ["ignore", 2, 2], shell: command === "npm" && process.platform === "win32" },
    )
    const installed = path.join(staging, "node_modules", name)
    if (result.status !== 0 || !fs.existsSync(binaryIn(installed))) {
      fail(
        `${advice} Installing ${name}@${WANTED_MAJOR} failed (${result.error?.message ?? `npm exit code ${result.status}`}): please install Node ${WANTED_MAJOR} from https://nodejs.org.`,
      )
    }
    // Another start may have moved its copy into place meanwhile, and may be running it: keep that.
    if (!usable(packageDir)) {
      fs.rmSync(packageDir, { recursive: true, force: true })
      fs.renameSync(installed, packageDir)
    }
  } finally {
    fs.rmSync(staging, { recursive: true, force: true })
  }
  console.error(`Node ${cachedVersion(packageDir)} is in ${packageDir}`)
  return binaryIn(packageDir)
}

/**
 * Memory that a long-running shop process frees goes back to the system instead of staying with
 * the process: the settings of launcher/lean-malloc.json, which `--lean-malloc` gives the entries of
 * long-running processes (npm start, start:web, start:medusa); the Medusa processes they start
 * inherit them with the rest of their environment, and the Dockerfile sets them for every container.
 *
 * glibc's malloc gives threads that allocate at the same time arenas of their own, up to eight per
 * core, and keeps what is freed inside an arena for the next allocation there. Node allocates from
 * many threads (V8's compiler and collector threads, libuv's pool for compression and crypto), so a
 * process that has served a burst of traffic holds several arenas full of freed holes. And after a
 * large block (a compression window, say) is freed, malloc raises its threshold for serving large
 * blocks from their own mapping, so the next ones come from an arena and stay there as holes too.
 * Two arenas, and the threshold held at glibc's starting 128 KB, keep both in check.
 *
 * Over the integration suites against one shop, an idle Medusa and front door grow less than half as
 * much with these settings (docs/architecture.md, "glibc's malloc", has the numbers).
 *
 * Only on Linux (glibc reads them; elsewhere they mean nothing), and not when they are set already
 * (also when an operator set values of their own). Null when there is nothing to set.
 */
function leanMallocEnv() {
  if (process.platform !== "linux" || process.env.MALLOC_ARENA_MAX !== undefined) return null
  return JSON.parse(fs.readFileSync(new URL("./lean-malloc.json", import.meta.url), "utf8"))
}

/** Runs the script under `node` as a child, passing signals in and the exit status out. */
function reexec(node, script, args, extraEnv) {
  if (node !== process.execPath) {
    const version = spawnSync(node, ["--version"], { encoding: "utf8" }).stdout.trim()
    console.error(
      `Node ${process.version} is too old for Enclave: running ${path.relative(process.cwd(), script)} with Node ${version} (${node})`,
    )
  }
  const env = { ...process.env, ...extraEnv }
  // Whatever the script starts (npm, vite, astro, medusa, vitest) finds the same Node first on PATH.
  const pathKey = Object.keys(env).find((key) => key.toUpperCase() === "PATH") ?? "PATH"
  env[pathKey] = [path.dirname(node), env[pathKey]].filter(Boolean).join(path.delimiter)
  if (env.NODE) env.NODE = node
  if (env.npm_node_execpath) env.npm_node_execpath = node
  const child = spawn(node, [...STRIP_TYPES, script, ...args], { stdio: "inherit", env })
  const signals = ["SIGINT", "SIGTERM", "SIGHUP"]
  // A terminal's Ctrl-C reaches the child directly as well; the launcher ignores a second signal.
  const forward = (signal) => child.kill(signal)
  for (const signal of signals) process.on(signal, forward)
  child.on("error", (error) => fail(`Could not run ${node}: ${error.message}`))
  child.on("exit", (code, signal) => {
    for (const s of signals) process.off(s, forward)
    if (signal) process.kill(process.pid, signal)
    else process.exit(code ?? 1)
  })
}

const lean = process.argv[2] === "--lean-malloc"
const [arg, ...args] = process.argv.slice(lean ? 3 : 2)
if (arg === "--path") {
  console.log(recentNode())
} else if (!arg) {
  fail("usage: node launcher/node.mjs <script.ts> [args...]")
} else {
  const script = path.resolve(arg)
  const mallocEnv = lean ? leanMallocEnv() : null
  if (process.features?.typescript && isRecent(process.version)) {
    // malloc reads its settings as the process starts: this process starts again with them, the same
    // pid, arguments and descriptors, so a supervisor or a test sees no difference (Node 22.15 and
    // newer can). Here, before the script's TypeScript loads: 0.26 s sooner on a restart than from
    // the entry's first import, where this was done before.
    if (mallocEnv && typeof process.execve === "function") {
      process.execve(process.execPath, [process.execPath, ...process.execArgv, ...process.argv.slice(1)], {
        ...process.env,
        ...mallocEnv,
      })
    }
    // This Node strips types by default: run the script in this process, as if Node had been given
    // it directly. Its ExperimentalWarning about type stripping (Node 22.18 to 24) is as unwanted
    // as under --no-warnings=ExperimentalWarning; other warnings are printed as usual.
    const printers = process.listeners("warning")
    process.removeAllListeners("warning")
    process.on("warning", (warning) => {
      if (warning.name !== "ExperimentalWarning") for (const print of printers) print(warning)
    })
    process.argv = [process.argv[0], script, ...args]
    await import(pathToFileURL(script).href)
  } else {
    reexec(recentNode(), script, args, mallocEnv)
  }
}
