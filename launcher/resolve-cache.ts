/**
 * A Medusa process finds each module it loads where the last one found it. Loaded first into every
 * Medusa process (`node --import`, launcher/medusa.ts); the launcher names the file in
 * ENCLAVE_RESOLVE_CACHE (resolveCacheEnv), or leaves it unset and this file does nothing.
 *
 * Medusa's start loads some 6,200 files through about 15,500 `require`s, and Node finds each one
 * anew: it tries every node_modules folder up the tree and every extension, and follows each path's
 * symlinks: tens of thousands of stat calls, many of them for files that are not there. That is
 * about a sixth of the start (docs/architecture.md, "Node finds each of the ~6,200 files", has the numbers).
 *
 * Where a specifier leads depends only on the folder of the file that asks, the conditions (require
 * or import) and the files on disk. The files on disk are fixed for a cache file: the launcher names
 * it after the backend's build and the installed packages, so a new build or `npm install` starts
 * another, empty one.
 */
import fs from "node:fs"
import module from "node:module"

/** Where a specifier led: the file's URL and, when the resolver said so, its format. */
type Found = [url: string, format: string | null]

/** The hooks are Node's since 22.15 and 23.5; on an older Node the process simply resolves as usual. */
const registerHooks = (module as { registerHooks?: typeof module.registerHooks }).registerHooks
const file = process.env.ENCLAVE_RESOLVE_CACHE
/** Written once nothing new has been found for this long: a start finds thousands within seconds. */
const SAVE_AFTER_MS = 2000

function read(): Record<string, Found> {
  try {
    return JSON.parse(fs.readFileSync(file!, "utf8")) as Record<string, Found>
  } catch {
    // None yet, or one that does not parse (written on a full disk, say): resolving as usual rebuilds it.
    return Object.create(null) as Record<string, Found>
  }
}

if (file && registerHooks) {
  const known = read()
  const found: Record<string, Found> = Object.create(null)
  let unsaved = 0
  let timer: NodeJS.Timeout | undefined

  const save = () => {
    if (unsaved === 0) return
    unsaved = 0
    try {
      // Several Medusa processes share the file (servers, the worker, set-up): what another one
      // saved meanwhile stays. Written whole and renamed, so a reader never sees half of it.
      const merged = Object.assign(read(), found)
      const temporary = `${file}.${process.pid}`
      fs.writeFileSync(temporary, JSON.stringify(merged))
      fs.renameSync(temporary, file!)
    } catch {
      // A folder that cannot be written (a read-only deployment) only costs the next start its speed.
    }
  }
  process.once("exit", save)

  registerHooks({
    resolve(specifier, context, nextResolve) {
      const parent = context.parentURL
      if (!parent?.startsWith("file:") || specifier.startsWith("node:")) return nextResolve(specifier, context)
      const key = `${String(context.conditions)}|${parent.slice(0, parent.lastIndexOf("/"))}|${specifier}`
      const hit = known[key]
      if (hit) return { url: hit[0], format: hit[1] ?? undefined, shortCircuit: true }
      const resolved = nextResolve(specifier, context)
      // Node's own modules ("fs" without "node:") are found without the file system anyway.
      if (resolved.url.startsWith("file:")) {
        known[key] = found[key] = [resolved.url, resolved.format ?? null]
        unsaved++
        timer ??= setTimeout(save, SAVE_AFTER_MS).unref()
        timer.refresh()
      }
      return resolved
    },
  })
}
