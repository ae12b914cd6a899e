/**
 * `inspectPdf`: page count and one PNG thumbnail per page, computed in a Worker thread so a large or
 * hostile PDF never blocks the event loop that serves other requests. Jobs run one at a time (rendering is
 * CPU-bound; two at once would only share the same core). A PDF that takes longer than the time limit
 * kills the worker (a fresh one starts for the next job).
 */
import { PDF_MAX_PAGES, PDF_THUMBNAIL_WIDTH } from './limits'
import { PdfUnreadable, type RenderedPdf } from './pdf-render'
import type { PdfReply, PdfRequest } from './pdf-worker'

export { PdfUnreadable } from './pdf-render'

const TIME_LIMIT_MS = 120_000

let worker: Worker | null = null
let nextId = 1
let queue: Promise<unknown> = Promise.resolve()

function getWorker(): Worker {
  if (!worker) {
    const created = new Worker(new URL('./pdf-worker.ts', import.meta.url)) as Worker & { unref(): void }
    // An idle PDF worker must not keep the process (or a test run) alive.
    created.unref()
    worker = created
  }
  return worker
}

function runOnce(data: Uint8Array): Promise<RenderedPdf> {
  const id = nextId++
  const current = getWorker()
  return new Promise<RenderedPdf>((resolve, reject) => {
    const timer = setTimeout(() => {
      current.terminate()
      if (worker === current) worker = null
      reject(new PdfUnreadable('rendering took too long'))
    }, TIME_LIMIT_MS)
    const onMessage = (event: MessageEvent<PdfReply>) => {
      if (event.data.id !== id) return
      clearTimeout(timer)
      current.removeEventListener('message', onMessage)
      current.removeEventListener('error', onError)
      const reply = event.data
      if (reply.ok) resolve({ pageCount: reply.pageCount, thumbnails: reply.thumbnails })
      else reject(reply.unreadable ? new PdfUnreadable(reply.message) : new Error(reply.message))
    }
    const onError = (event: ErrorEvent) => {
      clearTimeout(timer)
      current.removeEventListener('message', onMessage)
      current.removeEventListener('error', onError)
      current.terminate()
      if (worker === current) worker = null
      reject(new Error(`PDF worker failed: ${event.message}`))
    }
    current.addEventListener('message', onMessage)
    current.addEventListener('error', onError)
    const request: PdfRequest = { id, data, maxPages: PDF_MAX_PAGES, thumbnailWidth: PDF_THUMBNAIL_WIDTH }
    current.postMessage(request, [data.buffer as ArrayBuffer])
  })
}

/** Page count and page thumbnails of a PDF. Throws PdfUnreadable for a file pdf.js cannot open. */
export function inspectPdf(data: Uint8Array): Promise<RenderedPdf> {
  const job = queue.then(() => runOnce(data))
  queue = job.catch(() => {})
  return job
}
