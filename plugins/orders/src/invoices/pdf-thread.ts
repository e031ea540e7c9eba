/**
 * The invoice PDF thread's entry (render-thread.ts starts it): renders each document the server's
 * thread sends and answers with the bytes, or with what went wrong.
 */
import { parentPort } from "node:worker_threads"
import { renderInvoicePdf } from "./render"
import type { RenderJob, RenderAnswer } from "./render-thread"

const server = parentPort!
server.on("message", async ({ id, document }: RenderJob) => {
  let answer: RenderAnswer
  try {
    answer = { id, pdf: await renderInvoicePdf(document) }
  } catch (error) {
    answer = { id, error: error instanceof Error ? error.message : String(error) }
  }
  server.postMessage(answer)
})
