/**
 * A PDF asset: pages rendered with pdf.js (in this lazily loaded chunk only, so other canvases never
 * download it), one page at a time at the zoom, with a page bar and the server-made thumbnails to jump
 * between pages. Until pdf.js has drawn the page, its thumbnail stands in, scaled up: the page shows at
 * once and sharpens a moment later. pdf.js itself (the largest download of the screen) is fetched by the
 * first PDF load, not with this chunk: the thumbnail, and a pin on it, need not wait for it (on a slow
 * phone network that was most of the time before a guest could comment).
 */
import { Button, cn } from '@pinpoint/ui'
import { ChevronLeft, ChevronRight } from 'lucide-react'
import type { PDFDocumentProxy } from 'pdfjs-dist'
import { useEffect, useRef, useState } from 'react'
import { ZoomControls } from '../chrome/view-controls'
import type { CanvasAsset } from '../data/types'
import { useReview } from '../model'
import { Surface } from './surface'
import { useElementSize } from './use-size'

/** CSS pixels per PDF point at 100 % (PDF user space is 72 per inch, CSS 96). */
const POINT = 96 / 72
const documents = new Map<string, Promise<PDFDocumentProxy>>()

let library: Promise<typeof import('pdfjs-dist')> | null = null

function pdfjs() {
  library ??= import('pdfjs-dist').then((lib) => {
    lib.GlobalWorkerOptions.workerSrc = new URL(
      'pdfjs-dist/build/pdf.worker.min.mjs',
      import.meta.url,
    ).toString()
    return lib
  })
  return library
}

/** One pdf.js document per address, shared by the viewer and the compare view. */
export function load(url: string): Promise<PDFDocumentProxy> {
  let doc = documents.get(url)
  if (!doc) {
    doc = pdfjs().then((lib) => lib.getDocument({ url, isEvalSupported: false }).promise)
    documents.set(url, doc)
  }
  return doc
}

export default function PdfViewer({ asset }: { asset: CanvasAsset }) {
  const { pageIndex, setPage } = useReview()
  const canvas = useRef<HTMLCanvasElement>(null)
  const displayed = useElementSize(canvas)
  const [doc, setDoc] = useState<PDFDocumentProxy | null>(null)
  const [natural, setNatural] = useState({ width: 816, height: 1056 })
  const [drawn, setDrawn] = useState<string | null>(null)
  const [failed, setFailed] = useState<string | null>(null)
  const pageCount = doc?.numPages ?? asset.pageCount ?? asset.pageThumbnailUrls?.length ?? 1
  const thumbnails = asset.pageThumbnailUrls ?? []
  const key = `${asset.id}:${pageIndex}`

  useEffect(() => {
    let active = true
    setDoc(null)
    if (asset.url) {
      load(asset.url)
        .then((loaded) => active && setDoc(loaded))
        .catch(
          (error: unknown) =>
            active && setFailed(error instanceof Error ? error.message : 'The PDF could not be read.'),
        )
    }
    return () => {
      active = false
    }
  }, [asset.url])

  // Draw the page once the layout settled (a zoom change re-sizes the canvas, which draws it again).
  useEffect(() => {
    if (!doc || pageIndex >= doc.numPages) return
    let cancelled = false
    let task: { cancel(): void; promise: Promise<unknown> } | null = null
    const timer = window.setTimeout(async () => {
      const page = await doc.getPage(pageIndex + 1)
      if (cancelled || !canvas.current) return
      const base = page.getViewport({ scale: POINT })
      setNatural((previous) =>
        previous.width === base.width && previous.height === base.height
          ? previous
          : { width: base.width, height: base.height },
      )
      // Drawn at the size it is shown (the surface sized it from the zoom), sharp on high-density screens.
      const shown = displayed.width || base.width
      const scale = (shown / base.width) * POINT * Math.min(window.devicePixelRatio || 1, 2)
      const viewport = page.getViewport({ scale })
      const target = canvas.current
      target.width = Math.ceil(viewport.width)
      target.height = Math.ceil(viewport.height)
      task = page.render({ canvas: target, viewport })
      try {
        await task.promise
        if (!cancelled) setDrawn(key)
      } catch {
        // Cancelled by a newer render.
      }
    }, 30)
    return () => {
      cancelled = true
      window.clearTimeout(timer)
      task?.cancel()
    }
  }, [doc, pageIndex, displayed.width, key])

  const footer = (
    <nav
      aria-label="Pages"
      className="flex items-center justify-center gap-2 border-t border-line bg-surface px-3 py-2"
    >
      <Button
        variant="ghost"
        size="icon-sm"
        aria-label="Previous page"
        disabled={pageIndex <= 0}
        onClick={() => setPage(pageIndex - 1)}
      >
        <ChevronLeft />
      </Button>
      <span className="text-sm text-ink-muted tabular-nums" aria-live="polite" data-testid="pdf-page">
        Page {pageIndex + 1} of {pageCount}
      </span>
      <Button
        variant="ghost"
        size="icon-sm"
        aria-label="Next page"
        disabled={pageIndex >= pageCount - 1}
        onClick={() => setPage(pageIndex + 1)}
      >
        <ChevronRight />
      </Button>
      {/* The top bar's zoom is hidden on phones: here it stays within reach of a thumb. */}
      <div className="ml-2 md:hidden">
        <ZoomControls />
      </div>
    </nav>
  )

  return (
    <div className="flex h-full min-h-0">
      {thumbnails.length > 1 ? (
        <nav
          aria-label="Page thumbnails"
          className="hidden w-28 shrink-0 space-y-2 overflow-y-auto border-r border-line bg-surface p-2 lg:block"
        >
          {thumbnails.map((src, index) => (
            <button
              type="button"
              key={src}
              onClick={() => setPage(index)}
              aria-current={index === pageIndex ? 'page' : undefined}
              aria-label={`Page ${index + 1}`}
              className={cn(
                'block w-full rounded-md border-2 bg-surface p-0.5 text-2xs text-ink-muted hover:border-brand-300',
                index === pageIndex ? 'border-brand-500' : 'border-transparent',
              )}
            >
              <img src={src} alt="" loading="lazy" className="w-full rounded-sm shadow-sm" />
              <span className="mt-0.5 block">{index + 1}</span>
            </button>
          ))}
        </nav>
      ) : null}
      <div className="min-w-0 flex-1">
        <Surface
          natural={natural}
          assetId={asset.id}
          pageIndex={pageIndex}
          label={`Page ${pageIndex + 1} of ${asset.name}`}
          footer={footer}
        >
          {drawn !== key && thumbnails[pageIndex] ? (
            <img
              src={thumbnails[pageIndex]}
              alt=""
              className="absolute inset-0 size-full"
              draggable={false}
              // Before pdf.js has read the page, its thumbnail gives the page's shape (a landscape page
              // is not drawn into a portrait box meanwhile).
              onLoad={(event) => {
                const image = event.currentTarget
                if (doc || !image.naturalWidth) return
                const width = natural.width
                const height = Math.round((width * image.naturalHeight) / image.naturalWidth)
                if (height !== natural.height) setNatural({ width, height })
              }}
            />
          ) : null}
          <canvas
            ref={canvas}
            className={cn('absolute inset-0 size-full', drawn !== key && 'opacity-0')}
            data-testid="pdf-canvas"
          />
          {failed ? (
            <p className="absolute inset-x-0 top-1/2 text-center text-sm text-danger-700">{failed}</p>
          ) : null}
        </Surface>
      </div>
    </div>
  )
}
