// `medusa plugin:build` also bundles Medusa dashboard extensions with Vite; our plugins have none
// (the back office is the Refine admin), so this runs only its backend half: the same compiler,
// the same `.medusa/server` output that Medusa's plugin loader reads.
import { Compiler } from "@medusajs/framework/build-tools"
import { logger } from "@medusajs/framework/logger"

const compiler = new Compiler(process.cwd(), logger)
const tsConfig = await compiler.loadTSConfigFile()
if (!tsConfig) {
  logger.error(`No tsconfig.json in ${process.cwd()}`)
  process.exit(1)
}
process.exit((await compiler.buildPluginBackend(tsConfig)) ? 0 : 1)
