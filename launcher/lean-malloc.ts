/**
 * Memory that a long-running shop process frees goes back to the system instead of staying with
 * the process. Imported first by the entries of long-running processes (launcher/start.ts,
 * launcher/web-main.ts, launcher/medusa-main.ts); the Medusa processes they start inherit the
 * setting with the rest of their environment, and the Dockerfile sets it for every container.
 *
 * glibc's malloc gives threads that allocate at the same time arenas of their own, up to eight per
 * core, and keeps what is freed inside an arena for the next allocation there. Node allocates from
 * many threads (V8's compiler and collector threads, libuv's pool for compression and crypto), so a
 * process that has served a burst of traffic holds several arenas full of freed holes. And after a
 * large block (a compression window, say) is freed, malloc raises its threshold for serving large
 * blocks from their own mapping, so the next ones come from an arena and stay there as holes too.
 * Two arenas, and the threshold held at glibc's starting 128 KB, keep both in check.
 *
 * Measured on this machine over the integration suites against one shop (idle PSS after a full
 * collection; the V8 heaps themselves grew by 10 MB each): with glibc's defaults Medusa grew
 * 202 → 268 MB and the front door 67 → 120 MB; with these settings 202 → 230 and 67 → 83 MB.
 */
import LEAN_MALLOC_ENV from "./lean-malloc.json" with { type: "json" }

// malloc reads the variables once, as the process starts, so the process starts itself again with
// them: the same pid, arguments and descriptors, so a supervisor or a test sees no difference.
// Only on Linux (glibc reads them; elsewhere they mean nothing), only once (they are set then, also
// when an operator set values of their own), and only with a Node that can replace its own process
// (22.15 and newer). The npm scripts of these entries run `launcher/node.mjs --lean-malloc`, which
// does this before Node loads its TypeScript support and the entry's modules (0.26 s sooner on
// this machine); this covers an entry started without it.
if (process.platform === "linux" && process.env.MALLOC_ARENA_MAX === undefined && typeof process.execve === "function") {
  process.execve(process.execPath, [process.execPath, ...process.execArgv, ...process.argv.slice(1)], {
    ...process.env,
    ...LEAN_MALLOC_ENV,
  })
}
