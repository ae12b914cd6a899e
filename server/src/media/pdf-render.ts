/**
 * PDF page count and page thumbnails with pdf.js (Mozilla's renderer), server side.
 *
 * Per STACK-NOTES: the legacy build runs under Bun, `isEvalSupported: false` keeps pdf.js from compiling
 * font code with `new Function` (a hostile PDF must not reach an eval), and pages render through the
 * document's own `canvasFactory` (pdf.js ships its matching @napi-rs/canvas; a separately installed one
 * fails on enum checks). This file runs inside a Worker (see pdf.ts) so rendering never blocks requests.
 */
import { dirname, join } from 'node:path'
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs'

const PDFJS_DIR = dirname(Bun.resolveSync('pdfjs-dist/package.json', import.meta.dir))

export interface RenderedPdf {
  pageCount: number
  /** One PNG per page, in page order. */
  thumbnails: Uint8Array[]
}

interface PdfCanvas {
  canvas: { encode(format: 'png'): Promise<Uint8Array> }
  context: unknown
}

interface CanvasFactory {
  create(width: number, height: number): PdfCanvas
  destroy(canvasAndContext: PdfCanvas): void
}

export class PdfUnreadable extends Error {
  override name = 'PdfUnreadable'
}

export async function renderPdf(
  data: Uint8Array,
  options: { maxPages: number; thumbnailWidth: number },
): Promise<RenderedPdf> {
  const task = getDocument({
    data,
    isEvalSupported: false,
    // No network or file access from inside a document: fonts and maps come from the bundled data only.
    disableFontFace: true,
    useSystemFonts: false,
    verbosity: 0,
    // The 14 standard fonts and CJK character maps pdf.js ships, read from disk (for PDFs that do not embed them).
    standardFontDataUrl: join(PDFJS_DIR, 'standard_fonts/'),
    cMapUrl: join(PDFJS_DIR, 'cmaps/'),
    cMapPacked: true,
  })
  let doc: Awaited<typeof task.promise>
  try {
    doc = await task.promise
  } catch (error) {
    await task.destroy()
    throw new PdfUnreadable(error instanceof Error ? error.message : String(error))
  }
  try {
    const pageCount = doc.numPages
    if (pageCount > options.maxPages) throw new PdfUnreadable(`too many pages (${pageCount})`)
    const factory = (doc as unknown as { canvasFactory: CanvasFactory }).canvasFactory
    const thumbnails: Uint8Array[] = []
    for (let number = 1; number <= pageCount; number++) {
      const page = await doc.getPage(number)
      const base = page.getViewport({ scale: 1 })
      const viewport = page.getViewport({ scale: options.thumbnailWidth / base.width })
      const target = factory.create(Math.ceil(viewport.width), Math.ceil(viewport.height))
      await page.render({
        canvasContext: target.context as CanvasRenderingContext2D,
        canvas: target.canvas as unknown as HTMLCanvasElement,
        viewport,
      }).promise
      thumbnails.push(await target.canvas.encode('png'))
      factory.destroy(target)
      page.cleanup()
    }
    return { pageCount, thumbnails }
  } finally {
    await doc.destroy()
  }
}
