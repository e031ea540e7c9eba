/**
 * A Medusa process the launcher started ends when the launcher is gone. Loaded into every Medusa
 * process (`node --import`, launcher/medusa.ts).
 *
 * A launcher that is killed outright (SIGKILL, the OOM killer), or stopped while it runs migrations
 * or set-up (embedded PostgreSQL's exit hook then stops the database and exits at once), cannot
 * stop its children: they are handed to init and keep running. Seen: a `medusa exec`
 * of set-up spinning at half a core for hours against a database that was gone, and servers holding
 * their ports. Linux would signal a child when its parent dies only if the child asked (prctl), which
 * Node cannot; so the child watches for the moment it gets another parent.
 */
const CHECK_MS = 1000

// The launcher says who it is (medusaProcessEnv, launcher/medusa.ts): a launcher that dies between
// starting this process and this line (killed, or writing to a terminal that is gone) has already
// handed it to init, whose pid process.ppid would then report as the launcher's.
const launcher = Number(process.env.ENCLAVE_LAUNCHER_PID) || process.ppid
const watch = setInterval(() => {
  if (process.ppid === launcher) return
  console.error(`[enclave] the launcher (pid ${launcher}) is gone: this Medusa process stops too`)
  process.exit(1)
}, CHECK_MS)
// Never what keeps a process alive: a script run by `medusa exec` still ends when its work does.
watch.unref()
