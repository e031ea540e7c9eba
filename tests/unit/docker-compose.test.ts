/**
 * The production topology (docker-compose.yml, deploy/, Dockerfile) checked against the code it runs:
 * services, health checks and start order; the npm scripts the containers run; the environment
 * variables the code reads versus the ones the compose file sets (both ways, so neither can drift);
 * the proxy's routes; the settings template. No Docker engine is needed: everything is read as text.
 */
import { describe, it, expect } from "vitest"
import { existsSync, readFileSync, readdirSync, statSync } from "node:fs"
import { dirname, join, resolve } from "node:path"
import { fileURLToPath } from "node:url"
import { parse } from "yaml"
import { ADMIN_POLICY, API_POLICY } from "@enclave/contract/security-headers"

const root = resolve(dirname(fileURLToPath(import.meta.url)), "../..")
const read = (path: string) => readFileSync(join(root, path), "utf8")

// ---------------------------------------------------------------------------------------------
// The compose file, with YAML merge keys (`<<: *app-env`) resolved as Compose resolves them.

type Healthcheck = { test?: string | string[]; disable?: boolean }
type DependsOn = string[] | Record<string, { condition?: string }>
type Port = string | number | { target?: number | string; published?: number | string }
type Volume = string | { type?: string; source?: string; target?: string; read_only?: boolean }
type Service = {
  image?: string
  build?: string | { context?: string; dockerfile?: string; args?: Record<string, string> }
  command?: string | string[]
  environment?: Record<string, string | number | boolean | null> | string[]
  ports?: Port[]
  volumes?: Volume[]
  healthcheck?: Healthcheck
  depends_on?: DependsOn
  restart?: string
  container_name?: string
  deploy?: { replicas?: number }
}
type Compose = { version?: unknown; services: Record<string, Service>; volumes?: Record<string, unknown> }

const composeText = read("docker-compose.yml")
const compose = parse(composeText, { merge: true }) as Compose
const services = compose.services ?? {}

const APP_SERVICES = ["setup", "medusa-server", "medusa-worker", "web"] as const
const MEDUSA_SERVICES = ["medusa-server", "medusa-worker"] as const
const ALL_SERVICES = ["postgres", "redis", ...APP_SERVICES, "proxy"] as const
/** Everything but the one-shot `setup` runs for good and must say when it is healthy. */
const LONG_RUNNING = ALL_SERVICES.filter((name) => name !== "setup")

function service(name: string): Service {
  const found = services[name]
  if (!found) throw new Error(`docker-compose.yml has no service "${name}"`)
  return found
}

function environmentOf(name: string): Record<string, string> {
  const env = service(name).environment ?? {}
  if (Array.isArray(env)) {
    return Object.fromEntries(
      env.map((entry) => {
        const at = entry.indexOf("=")
        return at < 0 ? [entry, ""] : [entry.slice(0, at), entry.slice(at + 1)]
      }),
    )
  }
  return Object.fromEntries(Object.entries(env).map(([key, value]) => [key, value == null ? "" : String(value)]))
}

function commandWords(name: string): string[] {
  const command = service(name).command
  if (command == null) return []
  return Array.isArray(command) ? command.map(String) : command.trim().split(/\s+/)
}

/** `npm run X` (or `npm X` for start/test) → X. */
function npmScriptOf(name: string): string | undefined {
  const words = commandWords(name)
  const npm = words.indexOf("npm")
  if (npm < 0) return undefined
  const rest = words.slice(npm + 1).filter((word) => !word.startsWith("-"))
  if (rest[0] === "run" || rest[0] === "run-script") return rest[1]
  return rest[0]
}

function dependsOn(name: string): Record<string, string> {
  const deps = service(name).depends_on ?? {}
  if (Array.isArray(deps)) return Object.fromEntries(deps.map((dep) => [dep, "service_started"]))
  return Object.fromEntries(Object.entries(deps).map(([dep, spec]) => [dep, spec?.condition ?? "service_started"]))
}

/** Container port and host port (if any) of a `ports:` entry, short or long syntax. */
function parsePort(port: Port): { container: number; host?: string } {
  if (typeof port === "object") {
    return { container: Number(port.target), host: port.published == null ? undefined : String(port.published) }
  }
  const spec = String(port).replace(/\/(tcp|udp|sctp)$/, "")
  const parts = spec.split(":")
  const container = Number(parts.at(-1))
  return parts.length === 1 ? { container } : { container, host: parts.at(-2) }
}

function volumeMounts(name: string): { source: string; target: string; readOnly: boolean }[] {
  return (service(name).volumes ?? []).map((volume) => {
    if (typeof volume === "object") {
      return { source: volume.source ?? "", target: volume.target ?? "", readOnly: volume.read_only === true }
    }
    const [source, target, mode = ""] = volume.split(":")
    return { source, target, readOnly: mode.split(",").includes("ro") }
  })
}

function healthTest(name: string): string {
  const test = service(name).healthcheck?.test
  if (test == null) return ""
  return Array.isArray(test) ? test.join(" ") : test
}

/** The compose file without its comment lines, for the interpolation checks. */
const composeCode = composeText.replace(/^\s*#.*$/gm, "")
/** Variables the compose file refuses to run without: `${NAME:?message}` (or `${NAME?message}`). */
const requiredVariables = [...new Set([...composeCode.matchAll(/(?<!\$)\$\{([A-Za-z_][A-Za-z0-9_]*):?\?/g)].map((m) => m[1]))]
/** Every variable the compose file interpolates, required or with a default. */
const interpolatedVariables = [...new Set([...composeCode.matchAll(/(?<!\$)\$\{([A-Za-z_][A-Za-z0-9_]*)/g)].map((m) => m[1]))]

// ---------------------------------------------------------------------------------------------
// Environment variables the code reads.

/**
 * Where the processes our image runs read their settings: the Medusa configuration and the
 * launcher (`npm run setup`, `start:medusa`, `start:web`), plus the application sources they load.
 */
const CODE_ROOTS = [
  "medusa-config.ts",
  "launcher",
  "medusa-backend/medusa-config.ts",
  "medusa-backend/src",
  "plugins",
  "storefront/src",
  "storefront/astro.config.mjs",
  "storefront/astro.config.ts",
]
const CODE_FILE = /\.(ts|mts|cts|js|mjs|cjs|tsx|astro)$/
const SKIP_DIRS = new Set(["node_modules", "dist", ".medusa", ".astro", "__tests__", "test", "tests"])

function codeFiles(path: string): string[] {
  const full = join(root, path)
  if (!existsSync(full)) return []
  if (statSync(full).isFile()) return CODE_FILE.test(full) && !/\.(test|spec)\.[^.]+$/.test(full) ? [path] : []
  return readdirSync(full)
    .filter((entry) => !SKIP_DIRS.has(entry))
    .flatMap((entry) => codeFiles(join(path, entry)))
}

/** NAME → the files that read it. */
function envReadsIn(files: string[]): Map<string, string[]> {
  const reads = new Map<string, string[]>()
  const add = (name: string, file: string) => {
    const list = reads.get(name) ?? []
    if (!list.includes(file)) list.push(file)
    reads.set(name, list)
  }
  for (const file of files) {
    const text = readFileSync(join(root, file), "utf8")
    // process.env.NAME, process.env?.NAME, import.meta.env.NAME (an assignment is not a read)
    for (const m of text.matchAll(/(?:process\.env|import\.meta\.env)\??\.([A-Za-z_][A-Za-z0-9_]*)\b(?!\s*=[^=])/g)) add(m[1], file)
    // process.env["NAME"], process.env['NAME'], process.env[`NAME`]
    for (const m of text.matchAll(/process\.env(?:\?\.)?\[\s*["'`]([A-Za-z_][A-Za-z0-9_]*)["'`]\s*\](?!\s*=[^=])/g)) add(m[1], file)
    // const { NAME, OTHER: alias, THIRD = "x" } = process.env
    for (const m of text.matchAll(/\{([^{}]*)\}\s*=\s*process\.env\b/g)) {
      for (const part of m[1].split(",")) {
        const name = part.trim().split(/[:=\s]/)[0]
        if (/^[A-Za-z_][A-Za-z0-9_]*$/.test(name)) add(name, file)
      }
    }
    // An alias of the environment: `function readEnv(env: NodeJS.ProcessEnv = process.env)`,
    // `const env = process.env`; then env.NAME / env["NAME"] are reads (assignments are not).
    const aliases = new Set<string>()
    for (const m of text.matchAll(/\b([A-Za-z_$][\w$]*)\s*(?::\s*[\w.]+\s*)?=\s*process\.env\b(?!\s*[.[])/g)) aliases.add(m[1])
    for (const m of text.matchAll(/\b([A-Za-z_$][\w$]*)\??\s*:\s*(?:NodeJS\.)?ProcessEnv\b\s*[,)=]/g)) aliases.add(m[1])
    for (const alias of aliases) {
      const name = alias.replace(/\$/g, "\\$")
      const notWritten = "(?!\\s*=[^=])"
      for (const m of text.matchAll(new RegExp(`(?<![\\w$.])${name}\\??\\.([A-Z][A-Z0-9_]*)\\b${notWritten}`, "g"))) add(m[1], file)
      for (const m of text.matchAll(
        new RegExp(`(?<![\\w$.])${name}(?:\\?\\.)?\\[\\s*["'\`]([A-Z][A-Z0-9_]*)["'\`]\\s*\\]${notWritten}`, "g"),
      ))
        add(m[1], file)
    }
    // A helper that reads process.env[name] with the name passed in, e.g. requiredSecret("JWT_SECRET"):
    // in such a file, upper-case string literals count as names it reads.
    if (/process\.env\??\.?\[\s*[A-Za-z_$]/.test(text)) {
      for (const m of text.matchAll(/["'`]([A-Z][A-Z0-9]*_[A-Z0-9_]+)["'`]/g)) add(m[1], file)
    }
  }
  return reads
}

const codeFileList = CODE_ROOTS.flatMap(codeFiles)
const envReads = envReadsIn(codeFileList)
const launcherFiles = codeFiles("launcher")

/** What a deployment must set, and on which services (the names are final; the code reads them). */
const MUST_SET: Record<string, readonly string[]> = {
  NODE_ENV: APP_SERVICES,
  DATABASE_URL: ["setup", ...MEDUSA_SERVICES],
  REDIS_URL: ["setup", ...MEDUSA_SERVICES],
  JWT_SECRET: ["setup", ...MEDUSA_SERVICES],
  COOKIE_SECRET: ["setup", ...MEDUSA_SERVICES],
  APP_SECRET: ["setup", ...MEDUSA_SERVICES],
  ADMIN_PASSWORD: ["setup", ...MEDUSA_SERVICES],
  DATA_DIR: APP_SERVICES,
  MEDUSA_WORKER_MODE: MEDUSA_SERVICES,
  MEDUSA_PORT: MEDUSA_SERVICES,
  PORT: ["web"],
  ENCLAVE_API_URL: ["web"],
  // The worker sends the shop's e-mails (plugins/mail); unset, they are written into DATA_DIR/mail.
  SMTP_URL: MEDUSA_SERVICES,
  MAIL_FROM: MEDUSA_SERVICES,
  // Links in mails and pages name the shop by it, never by a request's Host; other hosts get 400.
  PUBLIC_URL: [...MEDUSA_SERVICES, "web"],
  ALLOWED_HOSTS: [...MEDUSA_SERVICES, "web"],
}

/** Medusa's accepted `projectConfig.workerMode` values, from the installed types when present. */
function medusaWorkerModes(): string[] {
  const types = join(root, "node_modules/@medusajs/types/dist/common/config-module.d.ts")
  if (existsSync(types)) {
    const m = readFileSync(types, "utf8").match(/workerMode\?:\s*([^;]+);/)
    if (m) return [...m[1].matchAll(/"([a-z]+)"/g)].map((v) => v[1])
  }
  return ["shared", "worker", "server"]
}

// ---------------------------------------------------------------------------------------------

describe("docker-compose.yml: services", () => {
  it("is a Compose-spec file without the obsolete version key", () => {
    expect(compose.version, "drop `version:` (obsolete in the Compose spec)").toBeUndefined()
  })

  it("has every service of the topology", () => {
    const missing = ALL_SERVICES.filter((name) => !services[name])
    expect(missing, `services missing from docker-compose.yml: ${missing.join(", ")}`).toEqual([])
  })

  it("runs Postgres 17, Redis 7 and nginx", () => {
    expect(service("postgres").image, "postgres must use the postgres:17 image").toMatch(/^postgres:17(\b|$)/)
    expect(service("redis").image, "redis must use the redis:7 image").toMatch(/^redis:7(\b|$)/)
    expect(service("proxy").image, "proxy must use an nginx image").toMatch(/^nginx(:|$)/)
  })

  it("runs one app image, built from the Dockerfile, for every app service", () => {
    const problems: string[] = []
    const images = new Set(APP_SERVICES.map((name) => service(name).image))
    if (images.size !== 1) problems.push(`app services should share one image, found: ${[...images].join(", ")}`)
    for (const name of APP_SERVICES) {
      const build = service(name).build
      const dockerfile = typeof build === "object" ? (build.dockerfile ?? "Dockerfile") : "Dockerfile"
      const context = typeof build === "object" ? (build.context ?? ".") : build
      if (!build) problems.push(`${name} has no build: (docker compose up --build would not build it)`)
      else if (!existsSync(join(root, context ?? ".", dockerfile)))
        problems.push(`${name} builds from ${join(context ?? ".", dockerfile)}, which does not exist`)
    }
    expect(problems).toEqual([])
  })

  it("publishes only the proxy, container port 80, on the host", () => {
    const problems: string[] = []
    const proxyPorts = (service("proxy").ports ?? []).map(parsePort)
    if (!proxyPorts.some((port) => port.container === 80 && port.host))
      problems.push(`proxy must publish container port 80 on a host port, has: ${JSON.stringify(service("proxy").ports)}`)
    for (const port of proxyPorts.filter((port) => port.container !== 80))
      problems.push(`proxy publishes container port ${port.container}; only 80 is the public origin`)
    for (const name of ALL_SERVICES.filter((name) => name !== "proxy")) {
      if (service(name).ports?.length) problems.push(`${name} publishes ${JSON.stringify(service(name).ports)}; only the proxy may`)
    }
    expect(problems).toEqual([])
  })

  it("gives every long-running service a healthcheck with a test command", () => {
    const problems: string[] = []
    for (const name of LONG_RUNNING) {
      const check = service(name).healthcheck
      const test = check?.test
      const words = Array.isArray(test) ? test : test ? [test] : []
      if (!check) problems.push(`${name} has no healthcheck`)
      else if (check.disable) problems.push(`${name} disables its healthcheck`)
      else if (words.length === 0 || words[0] === "NONE") problems.push(`${name}'s healthcheck has no test command`)
      else if (Array.isArray(test) && !["CMD", "CMD-SHELL"].includes(test[0]))
        problems.push(`${name}'s healthcheck test must start with CMD or CMD-SHELL, has ${test[0]}`)
      else if (Array.isArray(test) && test.length < 2) problems.push(`${name}'s healthcheck has no command after ${test[0]}`)
    }
    expect(problems).toEqual([])
  })

  it("checks health the way each image can", () => {
    expect(healthTest("postgres"), "postgres healthcheck should run pg_isready").toContain("pg_isready")
    expect(healthTest("redis"), "redis healthcheck should run redis-cli ping").toMatch(/redis-cli\b.*\bping/)
    const port = environmentOf("medusa-server").MEDUSA_PORT
    for (const name of MEDUSA_SERVICES) {
      expect(healthTest(name), `${name} healthcheck should fetch /health on MEDUSA_PORT with node (no curl in the image)`).toMatch(
        new RegExp(`node .*fetch\\(['"]http://127\\.0\\.0\\.1:${port}/health['"]\\)`),
      )
    }
    expect(healthTest("web"), "web healthcheck should fetch / on PORT with node").toMatch(
      new RegExp(`node .*fetch\\(['"]http://127\\.0\\.0\\.1:${environmentOf("web").PORT}/['"]\\)`),
    )
    expect(healthTest("proxy"), "proxy healthcheck should use wget on http://127.0.0.1/ (alpine has no curl)").toMatch(
      /wget .*http:\/\/127\.0\.0\.1\//,
    )
  })

  it("starts in order: databases, then setup, then Medusa, then web, then the proxy", () => {
    const expected: Record<string, Record<string, string>> = {
      setup: { postgres: "service_healthy", redis: "service_healthy" },
      "medusa-server": { setup: "service_completed_successfully", postgres: "service_healthy", redis: "service_healthy" },
      "medusa-worker": { setup: "service_completed_successfully", postgres: "service_healthy", redis: "service_healthy" },
      web: { "medusa-server": "service_healthy" },
      proxy: { web: "service_healthy", "medusa-server": "service_healthy" },
    }
    const problems: string[] = []
    for (const [name, deps] of Object.entries(expected)) {
      const actual = dependsOn(name)
      for (const [dep, condition] of Object.entries(deps)) {
        if (actual[dep] !== condition)
          problems.push(`${name} should depend on ${dep} with condition ${condition}, has ${actual[dep] ?? "no dependency"}`)
      }
    }
    expect(problems).toEqual([])
  })

  it("runs setup once and the rest for good", () => {
    expect(String(service("setup").restart), 'setup is one-shot: restart: "no"').toBe("no")
    for (const name of LONG_RUNNING) {
      expect(service(name).restart, `${name} should restart (unless-stopped or always)`).toMatch(/^(unless-stopped|always)$/)
    }
  })

  it("lets medusa-server scale: no container_name, no host port, two replicas by default", () => {
    const server = service("medusa-server")
    expect(server.container_name, "medusa-server must not set container_name (it could not scale)").toBeUndefined()
    expect(server.ports ?? [], "medusa-server must not publish a host port (it could not scale)").toEqual([])
    expect(server.deploy?.replicas, "medusa-server should run deploy.replicas: 2").toBe(2)
  })

  it("keeps data in named volumes: the database, and uploads shared by the app services", () => {
    const problems: string[] = []
    const declared = Object.keys(compose.volumes ?? {})
    const mount = (name: string, target: string) => volumeMounts(name).find((volume) => volume.target === target)
    const pg = mount("postgres", "/var/lib/postgresql/data")
    if (!pg || !declared.includes(pg.source)) problems.push("postgres must keep /var/lib/postgresql/data in a named volume")
    for (const name of APP_SERVICES) {
      const data = mount(name, environmentOf(name).DATA_DIR ?? "/data")
      if (data?.source !== "app-data") problems.push(`${name} must mount the app-data volume at DATA_DIR (/data)`)
      else if (name === "web" && !data.readOnly) problems.push("web only reads uploads: mount app-data read-only (:ro)")
      else if (name !== "web" && data.readOnly) problems.push(`${name} writes uploads: app-data must not be read-only`)
    }
    if (!declared.includes("app-data")) problems.push("the app-data volume is not declared under volumes:")
    const nginx = mount("proxy", "/etc/nginx/nginx.conf")
    if (nginx?.source !== "./deploy/nginx.conf" || !nginx.readOnly)
      problems.push("proxy must mount ./deploy/nginx.conf read-only at /etc/nginx/nginx.conf")
    expect(problems).toEqual([])
  })

  it("takes every secret from the environment, never from the file", () => {
    const problems: string[] = []
    const secret = /^\$\{[A-Z_]+:\?[^}]*\}$/
    for (const name of APP_SERVICES) {
      const env = environmentOf(name)
      for (const key of ["JWT_SECRET", "COOKIE_SECRET", "APP_SECRET", "ADMIN_PASSWORD"]) {
        if (key in env && !secret.test(env[key])) problems.push(`${name} sets ${key} to "${env[key]}", not \${${key}:?...}`)
      }
      if (env.DATABASE_URL && !/:\$\{POSTGRES_PASSWORD:\?[^}]*\}@/.test(env.DATABASE_URL))
        problems.push(`${name}'s DATABASE_URL must take its password from \${POSTGRES_PASSWORD:?...}`)
    }
    if (!secret.test(environmentOf("postgres").POSTGRES_PASSWORD ?? ""))
      problems.push("postgres must take POSTGRES_PASSWORD from ${POSTGRES_PASSWORD:?...}")
    expect(problems).toEqual([])
  })
})

describe("docker-compose.yml against the code it runs", () => {
  it("runs npm scripts that exist in the root package.json", () => {
    const scripts = (JSON.parse(read("package.json")) as { scripts?: Record<string, string> }).scripts ?? {}
    const expected = { setup: "setup", "medusa-server": "start:medusa", "medusa-worker": "start:medusa", web: "start:web" }
    const problems: string[] = []
    for (const [name, script] of Object.entries(expected)) {
      const used = npmScriptOf(name)
      if (used !== script) problems.push(`${name} should run "npm run ${script}", runs ${JSON.stringify(service(name).command)}`)
      else if (!scripts[used]) problems.push(`${name} runs "npm run ${used}" but package.json has no "${used}" script`)
    }
    expect(problems).toEqual([])
  })

  it("splits Medusa into a server and a worker with modes Medusa accepts", () => {
    const accepted = medusaWorkerModes()
    expect(environmentOf("medusa-server").MEDUSA_WORKER_MODE, "medusa-server: MEDUSA_WORKER_MODE").toBe("server")
    expect(environmentOf("medusa-worker").MEDUSA_WORKER_MODE, "medusa-worker: MEDUSA_WORKER_MODE").toBe("worker")
    for (const mode of ["server", "worker"]) expect(accepted, `Medusa does not accept workerMode "${mode}"`).toContain(mode)
  })

  it("medusa-config.ts turns MEDUSA_WORKER_MODE into workerMode", () => {
    expect(existsSync(join(root, "medusa-config.ts")), "medusa-config.ts is missing at the repository root").toBe(true)
    const config = read("medusa-config.ts")
    expect(config, "medusa-config.ts never reads MEDUSA_WORKER_MODE").toContain("MEDUSA_WORKER_MODE")
    expect(config, "medusa-config.ts never sets projectConfig.workerMode").toMatch(/\bworkerMode\b/)
    // A list of allowed values in the config, if it keeps one, must include both modes we run.
    const list = config.match(/\[\s*("shared"|'shared'|"server"|'server'|"worker"|'worker')[^\]]*\]/)
    if (list) for (const mode of ["server", "worker"]) expect(list[0], `medusa-config.ts rejects workerMode "${mode}"`).toContain(mode)
  })

  it("sets every variable a deployment needs on the services that need it", () => {
    const problems: string[] = []
    for (const [variable, names] of Object.entries(MUST_SET)) {
      for (const name of names) {
        if (!(variable in environmentOf(name))) problems.push(`${name} does not set ${variable}`)
      }
    }
    expect(problems).toEqual([])
  })

  it("sets values that agree with each other", () => {
    const problems: string[] = []
    for (const name of APP_SERVICES) {
      if (environmentOf(name).NODE_ENV !== "production") problems.push(`${name}: NODE_ENV should be production`)
    }
    for (const name of MEDUSA_SERVICES) {
      if (environmentOf(name).MEDUSA_PORT !== "9000") problems.push(`${name}: MEDUSA_PORT should be 9000 (the proxy and web use it)`)
    }
    if (environmentOf("web").ENCLAVE_API_URL !== "http://medusa-server:9000")
      problems.push(`web: ENCLAVE_API_URL should be http://medusa-server:9000, is ${environmentOf("web").ENCLAVE_API_URL}`)
    if (environmentOf("web").PORT !== "8000") problems.push(`web: PORT should be 8000 (the proxy forwards to web:8000)`)
    for (const name of [...MEDUSA_SERVICES, "web"]) {
      // Required: the links in mails come from it, never from a request's Host.
      if (!/^\$\{PUBLIC_URL:\?[^}]+\}$/.test(environmentOf(name).PUBLIC_URL ?? ""))
        problems.push(`${name}: PUBLIC_URL should be required (\${PUBLIC_URL:?…}), is ${environmentOf(name).PUBLIC_URL}`)
    }
    for (const name of MEDUSA_SERVICES) {
      const env = environmentOf(name)
      // Optional: a deployment without a mail server still starts (its mails become files).
      if (!/^\$\{SMTP_URL:-[^}]*\}$/.test(env.SMTP_URL ?? ""))
        problems.push(`${name}: SMTP_URL should be \${SMTP_URL:-} (optional), is ${env.SMTP_URL}`)
      if (!/^\$\{MAIL_FROM:-.+<[^@>\s]+@[^>\s]+>\}$/.test(env.MAIL_FROM ?? ""))
        problems.push(`${name}: MAIL_FROM should default to a "Name <address>" sender`)
    }
    for (const name of APP_SERVICES) {
      const env = environmentOf(name)
      if (env.REDIS_URL && !/^redis:\/\/redis:6379\b/.test(env.REDIS_URL)) problems.push(`${name}: REDIS_URL should point at redis:6379`)
      if (env.DATABASE_URL && !/^postgres(ql)?:\/\/[^@]+@postgres:5432\//.test(env.DATABASE_URL))
        problems.push(`${name}: DATABASE_URL should point at postgres:5432`)
    }
    expect(problems).toEqual([])
  })

  it("finds the launcher code that reads the settings", () => {
    expect(launcherFiles, "launcher/ has no .ts files yet: the variable checks below cannot see what it reads").not.toEqual([])
  })

  it("every variable a deployment must set is read by the code", () => {
    const unread = Object.keys(MUST_SET).filter((variable) => !envReads.has(variable))
    expect(
      unread.map((variable) => `${variable} must be set by a deployment but no code reads it (looked in ${CODE_ROOTS.join(", ")})`),
    ).toEqual([])
  })

  it("every variable the compose file sets for an app service is read by the code", () => {
    const problems: string[] = []
    for (const name of APP_SERVICES) {
      for (const variable of Object.keys(environmentOf(name))) {
        if (!envReads.has(variable)) problems.push(`compose sets ${variable} on ${name} but no code reads it`)
      }
    }
    expect(problems).toEqual([])
  })
})

describe("deploy/nginx.conf", () => {
  const conf = existsSync(join(root, "deploy/nginx.conf")) ? read("deploy/nginx.conf").replace(/#.*$/gm, "") : ""
  const location = (path: string) => conf.match(new RegExp(`location\\s+${path.replace(/\//g, "\\/")}\\s*\\{([^}]*)\\}`))?.[1] ?? ""

  it("exists", () => {
    expect(conf, "deploy/nginx.conf is missing").not.toBe("")
  })

  it("routes /api/ to medusa-server:9000 and everything else to web:8000", () => {
    expect(location("/api/"), "nginx: location /api/ must proxy to medusa-server:9000").toMatch(/medusa-server:9000/)
    expect(location("/api/"), "nginx: location /api/ has no proxy_pass").toMatch(/proxy_pass\s/)
    expect(location("/"), "nginx: location / must proxy to web:8000").toMatch(/web:8000/)
    expect(location("/"), "nginx: location / has no proxy_pass").toMatch(/proxy_pass\s/)
  })

  it("keeps the Host, forwards the client address and scheme, and finds scaled replicas", () => {
    expect(conf, "nginx must pass the Host header on").toMatch(/proxy_set_header\s+Host\s+\$(http_host|host)\b/)
    expect(conf, "nginx must set X-Forwarded-For").toMatch(/proxy_set_header\s+X-Forwarded-For\s+\$proxy_add_x_forwarded_for/)
    expect(conf, "nginx must set X-Forwarded-Proto").toMatch(/proxy_set_header\s+X-Forwarded-Proto\s/)
    // Appended to, never replaced by what a client sent: the shop reads its trusted proxies' entries from the right.
    expect(conf, "nginx must append its scheme to a client's X-Forwarded-Proto").toMatch(
      /map \$http_x_forwarded_proto \$forwarded_proto \{[^}]*default\s+"\$http_x_forwarded_proto,\$scheme";/,
    )
    expect(conf, "nginx must use Docker's resolver 127.0.0.11 to find scaled replicas").toMatch(/resolver\s+127\.0\.0\.11\b/)
    expect(conf, "nginx must not rewrite cookies (cookies pass through intact)").not.toMatch(/proxy_cookie_(domain|path)\s/)
    expect(conf, "nginx must not drop Set-Cookie").not.toMatch(/proxy_(hide|ignore)_headers?\s+[^;]*Set-Cookie/i)
  })

  it("compresses text and accepts image uploads", () => {
    expect(conf, "nginx: gzip on").toMatch(/gzip\s+on;/)
    expect(conf, "nginx: gzip_types should cover CSS, JavaScript and JSON").toMatch(/gzip_types[^;]*text\/css[^;]*javascript[^;]*json/)
    expect(conf, "nginx: client_max_body_size should allow image uploads (e.g. 10m)").toMatch(/client_max_body_size\s+\d+[mM];/)
  })
})

describe("Medusa's dashboard in a deployment (MEDUSA_DASHBOARD)", () => {
  const nginx = read("deploy/nginx.conf").replace(/#.*$/gm, "")
  const on = read("deploy/dashboard-on.conf").replace(/#.*$/gm, "")
  const off = read("deploy/dashboard-off.conf").replace(/#.*$/gm, "")
  const DASHBOARD_FILE = "/etc/nginx/dashboard.conf"

  it("gives the proxy the dashboard's routes for the setting, and none when it is off", () => {
    expect(nginx, "nginx.conf must include the dashboard's routes in its server block").toMatch(
      new RegExp(`server\\s*\\{[\\s\\S]*include\\s+${DASHBOARD_FILE.replace(/[./]/g, "\\$&")};`),
    )
    const mounted = volumeMounts("proxy").find((volume) => volume.target === DASHBOARD_FILE)
    expect(mounted, `proxy must mount the dashboard's routes at ${DASHBOARD_FILE}`).toEqual({
      source: "./deploy/dashboard-${MEDUSA_DASHBOARD:-off}.conf",
      target: DASHBOARD_FILE,
      readOnly: true,
    })
    expect(off.trim(), "dashboard-off.conf routes nothing").toBe("")
  })

  it("routes /app and the dashboard's calls under /medusa to medusa-server, the calls without the prefix, with the shop's policies", () => {
    expect(on).toMatch(/location\s+~\s+\^\/app\(\?:\/\|\$\)\s*\{[^}]*proxy_pass\s+\$medusa_upstream;/)
    expect(on).toMatch(/set\s+\$medusa_upstream\s+http:\/\/medusa-server:9000;/)
    expect(on).toMatch(/rewrite\s+\^\/medusa\(\/\.\*\)\$\s+\$1\s+break;/)
    // The same policies as the front door gives them (launcher/security-headers.ts).
    expect(on).toContain(`Content-Security-Policy "${ADMIN_POLICY}" always;`)
    expect(on).toContain(`Content-Security-Policy "${API_POLICY}" always;`)
    // Everything else under /medusa is refused, Medusa's Store API among it.
    expect(on).toMatch(/location\s+~\s+\^\/medusa\(\?:\/\|\$\)\s*\{[^}]*return\s+404\b/)
  })

  it("builds the image with the deployment's setting and tells Medusa and the front door", () => {
    for (const name of APP_SERVICES) {
      const build = service(name).build
      expect(typeof build === "object" ? build.args?.MEDUSA_DASHBOARD : undefined, `${name}: build arg MEDUSA_DASHBOARD`).toBe(
        "${MEDUSA_DASHBOARD:-off}",
      )
      expect(environmentOf(name).MEDUSA_DASHBOARD, `${name}: MEDUSA_DASHBOARD`).toBe("${MEDUSA_DASHBOARD:-off}")
    }
    const dockerfile = read("Dockerfile")
    const build = dockerfile.slice(dockerfile.search(/^FROM\s+\S+\s+AS\s+build\b/m))
    expect(build.slice(0, build.search(/RUN\s+npm run build\b/)), "Dockerfile: ARG MEDUSA_DASHBOARD before npm run build").toMatch(
      /^ARG\s+MEDUSA_DASHBOARD=off\s*$/m,
    )
  })
})

describe("deploy/.env.example", () => {
  const example = existsSync(join(root, "deploy/.env.example")) ? read("deploy/.env.example") : ""
  const defined = new Map([...example.matchAll(/^\s*([A-Za-z_][A-Za-z0-9_]*)=(.*)$/gm)].map((m) => [m[1], m[2].trim()] as const))

  it("defines every variable the compose file requires", () => {
    const missing = requiredVariables.filter((variable) => !defined.get(variable))
    expect(missing.map((variable) => `docker-compose.yml requires \${${variable}:?} but deploy/.env.example does not define it`)).toEqual(
      [],
    )
    expect(requiredVariables, "docker-compose.yml should require its secrets with ${VAR:?message}").toEqual(
      expect.arrayContaining(["POSTGRES_PASSWORD", "JWT_SECRET", "COOKIE_SECRET", "APP_SECRET", "ADMIN_PASSWORD"]),
    )
  })

  it("defines nothing the compose file does not use", () => {
    const unused = [...defined.keys()].filter((variable) => !interpolatedVariables.includes(variable))
    expect(unused.map((variable) => `deploy/.env.example defines ${variable} but docker-compose.yml never uses it`)).toEqual([])
  })

  it("holds placeholders, not secrets", () => {
    const secrets = ["POSTGRES_PASSWORD", "JWT_SECRET", "COOKIE_SECRET", "APP_SECRET", "ADMIN_PASSWORD"]
    const real = secrets.filter((variable) => defined.has(variable) && !/^change-me/.test(defined.get(variable) ?? ""))
    expect(real.map((variable) => `deploy/.env.example: ${variable} should be a change-me-... placeholder`)).toEqual([])
  })
})

describe("Dockerfile and .dockerignore", () => {
  const dockerfile = read("Dockerfile")

  it("copies every workspace manifest before npm ci, so the dependency layer is cached", () => {
    const pkg = JSON.parse(read("package.json")) as { workspaces?: string[] }
    const workspaces = (pkg.workspaces ?? []).flatMap((pattern) => {
      if (!pattern.endsWith("/*")) return [pattern]
      const parent = pattern.slice(0, -2)
      return readdirSync(join(root, parent))
        .map((entry) => join(parent, entry))
        .filter((dir) => existsSync(join(root, dir, "package.json")))
    })
    const beforeInstall = dockerfile.slice(0, dockerfile.search(/RUN\b[^\n]*\bnpm ci\b/))
    const problems = ["package.json", "package-lock.json", ...workspaces.map((dir) => `${dir}/package.json`)]
      .filter((file) => !new RegExp(`COPY\\s[^\\n]*\\b${file.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&")}\\b`).test(beforeInstall))
      .map((file) => `Dockerfile does not COPY ${file} before npm ci`)
    expect(beforeInstall, "Dockerfile never runs npm ci").not.toBe(dockerfile)
    expect(problems).toEqual([])
  })

  it("builds on Node 24 and runs as the non-root node user", () => {
    expect(dockerfile, "base image should be node:24-bookworm-slim").toMatch(/^FROM\s+node:24-bookworm-slim\b/m)
    expect(dockerfile, "the build stage should run npm run build").toMatch(/RUN\s+npm run build\b/)
    const runtime = dockerfile.slice(dockerfile.lastIndexOf("\nFROM "))
    expect(runtime, "the runtime stage should set NODE_ENV=production").toMatch(/ENV\s+NODE_ENV=production/)
    expect(runtime, "the runtime stage should run as USER node").toMatch(/^USER\s+node\s*$/m)
    expect(runtime, "the runtime stage should EXPOSE 8000 9000").toMatch(/^EXPOSE\s+8000\s+9000\s*$/m)
    const cmd = runtime.match(/^CMD\s+(\[.*\])\s*$/m)?.[1]
    expect(cmd && JSON.parse(cmd), "the default CMD should be npm run start:web").toEqual(["npm", "run", "start:web"])
  })

  it("sets the malloc settings of launcher/lean-malloc.json, so no container's process starts itself twice", () => {
    const settings = Object.entries(JSON.parse(read("launcher/lean-malloc.json")) as Record<string, string>).map(
      ([name, value]) => `${name}=${value}`,
    )
    expect(settings).toContain("MALLOC_ARENA_MAX=2")
    const runtime = dockerfile.slice(dockerfile.lastIndexOf("\nFROM "))
    const env = [...runtime.matchAll(/^ENV\s+((?:[^\n]*\\\n)*[^\n]*)/gm)].flatMap((m) => m[1].split(/[\s\\]+/).filter(Boolean))
    expect(settings.filter((setting) => !env.includes(setting)).map((s) => `the runtime stage should set ENV ${s}`)).toEqual([])
  })

  it("runs compiled code on production dependencies only, with every part the build made", () => {
    const stages = dockerfile.split(/\n(?=FROM\s)/)
    const runtime = stages[stages.length - 1]
    // The stage the runtime takes its node_modules from installs without devDependencies.
    const fromStages = [...runtime.matchAll(/COPY\s+--from=(\S+)[^\n]*\s\/app\s+\/app\s*$/gm)].map((m) => m[1])
    expect(fromStages, "the runtime copies /app whole from exactly one stage").toHaveLength(1)
    const dependencies = stages.find((stage) => new RegExp(`^FROM\\s+\\S+\\s+AS\\s+${fromStages[0]}\\b`, "m").test(stage)) ?? ""
    expect(dependencies, `stage ${fromStages[0]} should run npm ci --omit=dev`).toMatch(/RUN\b[^\n]*\bnpm ci --omit=dev\b/)
    // What the launcher runs: Medusa compiled, each plugin compiled, the contract, the storefront and admin builds.
    const plugins = readdirSync(join(root, "plugins")).filter((name) => existsSync(join(root, "plugins", name, "package.json")))
    const built = [
      "launcher",
      "contract/dist",
      "medusa-backend/.medusa/server",
      ...plugins.map((name) => `plugins/${name}/.medusa/server`),
      "storefront/dist",
      "admin/dist",
    ]
    const missing = built.filter(
      (dir) => !new RegExp(`COPY\\s+--from=build\\b[^\\n]*\\s/app/${dir.replace(/[./]/g, "\\$&")}\\s`).test(runtime),
    )
    expect(missing.map((dir) => `the runtime stage does not COPY --from=build /app/${dir}`)).toEqual([])
  })

  it("keeps installed, built and local files out of the build context", () => {
    const ignore = read(".dockerignore")
      .split("\n")
      .map((line) => line.trim())
    const missing = ["**/node_modules", "**/.data", ".git", "test-results", "**/dist", "**/.medusa", "**/.env"].filter(
      (pattern) => !ignore.includes(pattern),
    )
    expect(missing.map((pattern) => `.dockerignore should list ${pattern}`)).toEqual([])
  })
})
