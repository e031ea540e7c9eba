/**
 * `npm run start:medusa` (a deployment's Medusa server or worker): MEDUSA_WORKER_MODE chooses
 * which, MEDUSA_PORT the port. Logs go to standard output for the container runtime.
 */
import { spawn } from "node:child_process"
import { createRequire } from "node:module"
import path from "node:path"
import { readEnv, repoRoot } from "./env.ts"
import { medusaCliEnv } from "./medusa.ts"

const env = readEnv()
const backendDir = path.join(repoRoot, "medusa-backend")
const cli = createRequire(path.join(backendDir, "package.json")).resolve("@medusajs/cli/cli.js")
const child = spawn(process.execPath, [cli, "start", "--port", String(env.medusaPort || 9000)], {
  cwd: backendDir,
  stdio: "inherit",
  env: { ...process.env, ...medusaCliEnv(env.dataDir), NODE_ENV: process.env.NODE_ENV || "production" },
})
for (const signal of ["SIGINT", "SIGTERM"] as const) process.on(signal, () => child.kill(signal))
child.on("exit", (code, signal) => process.exit(code ?? (signal ? 1 : 0)))
