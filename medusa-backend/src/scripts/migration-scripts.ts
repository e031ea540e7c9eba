import path from "node:path"
import type { ExecArgs } from "@medusajs/framework/types"
import { MigrationScriptsMigrator } from "@medusajs/framework/migrations"
import { ContainerRegistrationKeys, getResolvedPlugins } from "@medusajs/framework/utils"

/**
 * The data migration scripts (Medusa's and the plugins', e.g. plugins/orders' order links) that
 * `medusa db:migrate` would run in a Medusa of their own: the launcher migrates with
 * `--skip-scripts` and set-up runs them here, in the process it boots anyway (one boot of some
 * 3–5 s less on every first start and upgrade). The same migrator and paths as Medusa's
 * `db:migrate:scripts`, so a script runs once, recorded in script_migrations as before.
 */
export default async function runMigrationScripts({ container }: ExecArgs) {
  const logger = container.resolve(ContainerRegistrationKeys.LOGGER)
  const configModule = container.resolve(ContainerRegistrationKeys.CONFIG_MODULE)
  const plugins = await getResolvedPlugins(process.cwd(), configModule, true)
  const paths = [
    path.join(path.dirname(require.resolve("@medusajs/medusa")), "migration-scripts"),
    ...plugins.map((plugin) => path.join(plugin.resolve, "migration-scripts")),
  ]
  const migrator = new MigrationScriptsMigrator({ container })
  await migrator.ensureMigrationsTable()
  const pending = await migrator.getPendingMigrations(paths)
  if (!pending?.length) return
  logger.info(`Enclave: running ${pending.length} migration scripts`)
  await migrator.run(paths)
}
