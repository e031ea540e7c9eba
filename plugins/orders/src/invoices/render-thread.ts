/**
 * Invoice PDFs are made on a thread of their own that ends once no invoice has been asked for
 * a moment (IDLE_MS).
 *
 * PDFKit and the code it loads (font metrics, compression, text layout) stayed in a Medusa server
 * for good after its first invoice, a few MB of the server's idle memory (docs/architecture.md has the
 * numbers), for something a shop does a few times a day. A thread's heap goes with it
 * when it ends. Laying a document out is also synchronous work that no longer holds up the
 * server's other requests.
 */
import path from "node:path"
import { Worker } from "node:worker_threads"
import type { InvoiceDocument } from "./document"

/** The thread's name, which the system shows too (/proc/<pid>/task/<tid>/comm): the tests look for it. */
const PDF_THREAD_NAME = "invoice-pdf"
/** A few invoices in a row share one thread; then it ends. */
const IDLE_MS = 2000

export interface RenderJob {
  id: number
  document: InvoiceDocument
}
export type RenderAnswer = { id: number; pdf: Uint8Array } | { id: number; error: string }

interface Waiting {
  resolve(pdf: Buffer): void
  reject(error: Error): void
}

interface PdfThread {
  worker: Worker
  waiting: Map<number, Waiting>
  idle?: NodeJS.Timeout
}

let thread: PdfThread | undefined
let lastId = 0

function startThread(): PdfThread {
  // Compiled, the entry is pdf-thread.js beside this file. No execArgv: the server's own preloads
  // (the launcher's resolve cache, idle compaction) are not the thread's business.
  const worker = new Worker(path.join(__dirname, "pdf-thread.js"), { name: PDF_THREAD_NAME, execArgv: [] })
  const started: PdfThread = { worker, waiting: new Map() }
  // The server's requests keep the process alive, not this thread.
  worker.unref()
  worker.on("message", (answer: RenderAnswer) => {
    const job = started.waiting.get(answer.id)
    if (!job) return
    started.waiting.delete(answer.id)
    if ("pdf" in answer) job.resolve(Buffer.from(answer.pdf.buffer, answer.pdf.byteOffset, answer.pdf.byteLength))
    else job.reject(new Error(`The invoice PDF could not be made: ${answer.error}`))
    if (started.waiting.size === 0) started.idle = setTimeout(() => stopThread(started), IDLE_MS).unref()
  })
  const end = (error: Error) => {
    if (thread === started) thread = undefined
    clearTimeout(started.idle)
    for (const job of started.waiting.values()) job.reject(error)
    started.waiting.clear()
  }
  worker.on("error", (error) => end(error))
  worker.on("exit", (code) => end(new Error(`The invoice PDF thread ended (exit code ${code})`)))
  return started
}

/** Ends an idle thread; an invoice asked for from now on starts a new one rather than wait on this one's end. */
function stopThread(idle: PdfThread) {
  if (thread === idle) thread = undefined
  void idle.worker.terminate()
}

/** The invoice as a PDF file (render.ts), made on the PDF thread. */
export function renderInvoicePdfOnThread(document: InvoiceDocument): Promise<Buffer> {
  const current = (thread ??= startThread())
  clearTimeout(current.idle)
  const id = ++lastId
  return new Promise<Buffer>((resolve, reject) => {
    current.waiting.set(id, { resolve, reject })
    current.worker.postMessage({ id, document } satisfies RenderJob)
  })
}
