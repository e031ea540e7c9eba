/**
 * `npm run lint`, `typecheck`, `format`, `format:check`: the project's checks on the Node that runs
 * this file (launcher/node.mjs brings Node 24 when the machine's is older). Astro and Vite refuse
 * Node 20, and a tool started as `tsc` or `astro` finds its Node on PATH: so that every tool and every
 * nested `npm run` of a workspace runs on this Node, its folder goes first on PATH.
 */
import { spawnSync } from "node:child_process"
import path from "node:path"
import { repoRoot } from "./env.ts"

const WORKSPACES_CHECKED = ["contract", "plugins", "medusa-backend", "admin", "storefront"]

const commands: Record<string, string[][]> = {
  lint: [
    ["eslint", "--max-warnings", "0", "--cache", "--cache-location", "node_modules/.cache/eslint/", "."],
    ["prettier", "--check", "--log-level", "warn", "."],
  ],
  // Each workspace's own check (the contract's also writes contract/dist), then the launcher, tests and bench.
  typecheck: [
    ["npm", "run", "typecheck", ...WORKSPACES_CHECKED.flatMap((workspace) => ["--workspace", workspace])],
    ["tsc", "-p", "tsconfig.json", "--noEmit"],
  ],
  format: [["prettier", "--write", "."]],
  "format:check": [["prettier", "--check", "."]],
}

const name = process.argv[2] ?? ""
const steps = commands[name]
if (!steps) {
  console.error(`launcher/checks.ts: no check "${name}" (${Object.keys(commands).join(", ")})`)
  process.exit(2)
}
const env = {
  ...process.env,
  PATH: [path.dirname(process.execPath), path.join(repoRoot, "node_modules", ".bin"), process.env.PATH].join(path.delimiter),
}
for (const [command, ...args] of steps) {
  const run = spawnSync(command, args, { cwd: repoRoot, env, stdio: "inherit" })
  if (run.error) throw run.error
  if (run.status !== 0) process.exit(run.status ?? 1)
}
