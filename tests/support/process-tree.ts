/**
 * Memory and CPU of a process with all its descendants, read from /proc: a shop is a launcher
 * with its front door, Medusa and (embedded) PostgreSQL below it. `npm run bench` and `npm test`
 * report them.
 */
import fs from "node:fs"

/** Clock ticks per second of /proc/<pid>/stat's utime and stime (USER_HZ, 100 on Linux). */
const CLOCK_TICKS = 100

/** A process and all its descendants. */
export function processTree(rootPid: number): number[] {
  const children = new Map<number, number[]>()
  for (const entry of fs.readdirSync("/proc").filter((d) => /^\d+$/.test(d))) {
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, "utf8")
      const ppid = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1])
      children.set(ppid, [...(children.get(ppid) ?? []), Number(entry)])
    } catch {
      // gone
    }
  }
  const tree: number[] = []
  const visit = (pid: number) => {
    tree.push(pid)
    for (const child of children.get(pid) ?? []) visit(child)
  }
  visit(rootPid)
  return tree
}

/** One process's proportional set size in kB: its shared pages count in shares. 0 once it is gone. */
function pssKb(pid: number): number {
  try {
    return Number(/^Pss:\s+(\d+) kB/m.exec(fs.readFileSync(`/proc/${pid}/smaps_rollup`, "utf8"))?.[1] ?? 0)
  } catch {
    return 0
  }
}

/** Proportional set size of a process and all its descendants, so shared pages count once. */
export function treeMemoryMb(rootPid: number): number {
  return Math.round(processTree(rootPid).reduce((kb, pid) => kb + pssKb(pid), 0) / 1024)
}

export interface MemoryParts {
  medusa: number
  frontDoor: number
  postgres: number
}

/**
 * The same PSS split by part of the stack, in MB: the Medusa processes, PostgreSQL's processes,
 * and the rest (the launcher with its front door and storefront renderer).
 */
export function treeMemoryPartsMb(rootPid: number): MemoryParts {
  const kb: MemoryParts = { medusa: 0, frontDoor: 0, postgres: 0 }
  for (const pid of processTree(rootPid)) {
    try {
      const command = fs.readFileSync(`/proc/${pid}/cmdline`, "utf8")
      const part = /@medusajs\/cli|medusa-server\.ts/.test(command) ? "medusa" : /postgres/.test(command) ? "postgres" : "frontDoor"
      kb[part] += pssKb(pid)
    } catch {
      // gone
    }
  }
  return { medusa: Math.round(kb.medusa / 1024), frontDoor: Math.round(kb.frontDoor / 1024), postgres: Math.round(kb.postgres / 1024) }
}

/** How many threads of a process have this name (the system's name of a thread: Node gives a Worker its `name`). */
export function threadsNamed(pid: number, name: string): number {
  let found = 0
  for (const tid of fs.readdirSync(`/proc/${pid}/task`)) {
    try {
      if (fs.readFileSync(`/proc/${pid}/task/${tid}/comm`, "utf8").trim() === name) found += 1
    } catch {
      // the thread ended while we looked
    }
  }
  return found
}

/** CPU time (user + system) a process and its descendants used so far, in ms. */
export function treeCpuMs(rootPid: number): number {
  let ticks = 0
  for (const pid of processTree(rootPid)) {
    try {
      const stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8")
      // Fields after "(comm) ": state is field 3, utime 14 and stime 15.
      const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ")
      ticks += Number(fields[11]) + Number(fields[12])
    } catch {
      // gone
    }
  }
  return (ticks * 1000) / CLOCK_TICKS
}

/** When a process started, in clock ticks since boot (/proc/PID/stat's starttime): to order two processes. */
export function processStartTicks(pid: number): number {
  const stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8")
  // Fields after "(comm) ": state is field 3, starttime 22.
  return Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[22 - 3])
}
