/**
 * Medusa's `start` imports this file (registerInstrumentation) and calls `register`. Inert unless
 * ENCLAVE_PROFILE names a file: then every workflow run (a transaction, however often it resumes)
 * appends one line `<workflow> <transaction id>` to it, so `npm run bench` can count the workflows a
 * purchase runs without anything added under /api.
 */
import fs from "node:fs"
import { TransactionOrchestrator } from "@medusajs/framework/orchestration"

export function register() {
  const file = process.env.ENCLAVE_PROFILE
  if (!file) return
  // The orchestrator calls the hook once per resume of a transaction (and not for workflows with
  // async steps, none of which a purchase runs); one line per transaction.
  const seen = new Set<string>()
  TransactionOrchestrator.traceTransaction = async (resume, metadata) => {
    if (!seen.has(metadata.transaction_id)) {
      seen.add(metadata.transaction_id)
      fs.appendFileSync(file, `${metadata.model_id} ${metadata.transaction_id}\n`)
    }
    await resume()
  }
}
