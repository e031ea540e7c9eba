import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"

/**
 * Plain SQL on the shop's own tables (sessions, the item-number sequence), for
 * the few things a module service cannot do atomically. Medusa's tables are never touched here.
 */
export type Row = Record<string, unknown>

export interface SqlRunner {
  raw(sql: string, bindings?: unknown[]): Promise<{ rows: Row[] }>
}

export function sqlRunner(container: MedusaContainer): SqlRunner {
  return container.resolve(ContainerRegistrationKeys.PG_CONNECTION) as unknown as SqlRunner
}

export async function sqlRows(container: MedusaContainer, sql: string, bindings: unknown[] = []): Promise<Row[]> {
  return (await sqlRunner(container).raw(sql, bindings)).rows
}
