/**
 * A Medusa server as `medusa start` runs it, without Medusa's CLI: the launcher and `npm run
 * start:medusa` run this file in medusa-backend's compiled folder (launcher/medusa.ts serverDir),
 * with `--port <port>` and optionally `--host <host>`.
 *
 * The CLI (yargs, inquirer, its telemetry) takes a noticeable part of every start (docs/architecture.md)
 * only to parse those two options and then call the command below. It still runs migrations and
 * set-up (`medusa db:migrate`, `medusa exec`).
 */
import { createRequire } from "node:module"
import path from "node:path"
import util from "node:util"

const option = (name: string) => {
  const at = process.argv.indexOf(`--${name}`)
  return at === -1 ? undefined : process.argv[at + 1]
}

// As the CLI does: an error nobody caught is logged and the server goes on serving.
process.on("unhandledRejection", (reason) => console.log(reason instanceof Error ? reason : new Error(util.format(reason))))
process.on("uncaughtException", (error) => console.log(error))
process.env.NODE_ENV ||= "production"

const directory = process.cwd()
// The CLI's own resolution: the command of the @medusajs/medusa the project depends on.
const { default: start } = createRequire(path.join(directory, "package.json"))("@medusajs/medusa/commands/start") as {
  default: (args: Record<string, unknown>) => Promise<void>
}
await start({
  directory,
  port: option("port") ?? process.env.PORT ?? "9000",
  host: option("host") ?? process.env.HOST,
  types: false,
  // One process: the shop scales out with separate servers and a worker, not Node's cluster.
  workers: "0",
  servers: "0",
})
