/**
 * `npm run start:medusa` (a deployment's Medusa server or worker): MEDUSA_WORKER_MODE chooses
 * which, MEDUSA_PORT the port. Logs go to standard output for the container runtime.
 */
import { spawn } from "node:child_process"
import { requiredPublicOrigin } from "@enclave/contract/public-address"
import { readEnv } from "./env.ts"
import { medusaNodeFlags, medusaProcessEnv, medusaServer, serverDir } from "./medusa.ts"

const env = readEnv()
try {
  // The links in the shop's e-mails and the payment providers' return addresses (never a request's Host).
  requiredPublicOrigin({ PUBLIC_URL: process.env.PUBLIC_URL })
} catch (error) {
  console.error(`npm run start:medusa: ${(error as Error).message}`)
  process.exit(1)
}
const child = spawn(process.execPath, [...medusaNodeFlags, medusaServer, "--port", String(env.medusaPort || 9000)], {
  cwd: serverDir,
  stdio: "inherit",
  env: medusaProcessEnv(env.dataDir),
})
for (const signal of ["SIGINT", "SIGTERM"] as const) process.on(signal, () => child.kill(signal))
child.on("exit", (code, signal) => process.exit(code ?? (signal ? 1 : 0)))
