/** Worker thread running pdf.js (see pdf.ts): one message in, one message out. */
import { PdfUnreadable, renderPdf } from './pdf-render'

declare const self: Worker

export interface PdfRequest {
  id: number
  data: Uint8Array
  maxPages: number
  thumbnailWidth: number
}

export type PdfReply =
  | { id: number; ok: true; pageCount: number; thumbnails: Uint8Array[] }
  | { id: number; ok: false; unreadable: boolean; message: string }

self.onmessage = async (event: MessageEvent<PdfRequest>) => {
  const { id, data, maxPages, thumbnailWidth } = event.data
  try {
    const result = await renderPdf(data, { maxPages, thumbnailWidth })
    // The canvas library's buffers cannot be transferred; copy each into a plain array that can.
    const thumbnails = result.thumbnails.map((png) => new Uint8Array(png))
    const reply: PdfReply = { id, ok: true, pageCount: result.pageCount, thumbnails }
    self.postMessage(
      reply,
      thumbnails.map((png) => png.buffer as ArrayBuffer),
    )
  } catch (error) {
    const reply: PdfReply = {
      id,
      ok: false,
      unreadable: error instanceof PdfUnreadable,
      message: error instanceof Error ? error.message : String(error),
    }
    self.postMessage(reply)
  }
}
