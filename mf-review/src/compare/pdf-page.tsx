/** One PDF page at a given CSS width (the compare view's sides); pages past the end say so. */
import { useEffect, useRef, useState } from 'react'
import { load } from '../viewers/pdf-viewer'

export default function PdfPage({
  url,
  pageIndex,
  width,
  name,
  onPageCount,
}: {
  url: string
  pageIndex: number
  width: number
  name: string
  onPageCount?: (count: number) => void
}) {
  const canvas = useRef<HTMLCanvasElement>(null)
  const [height, setHeight] = useState(Math.round(width * 1.294))
  const [missing, setMissing] = useState(false)
  const reportCount = useRef(onPageCount)
  reportCount.current = onPageCount
  useEffect(() => {
    let cancelled = false
    let task: { cancel(): void; promise: Promise<unknown> } | null = null
    void (async () => {
      const doc = await load(url)
      reportCount.current?.(doc.numPages)
      if (cancelled) return
      if (pageIndex >= doc.numPages) return setMissing(true)
      setMissing(false)
      const page = await doc.getPage(pageIndex + 1)
      if (cancelled || !canvas.current || width <= 0) return
      const base = page.getViewport({ scale: 1 })
      const scale = (width / base.width) * Math.min(window.devicePixelRatio || 1, 2)
      const viewport = page.getViewport({ scale })
      canvas.current.width = Math.ceil(viewport.width)
      canvas.current.height = Math.ceil(viewport.height)
      setHeight(Math.round((width / base.width) * base.height))
      task = page.render({ canvas: canvas.current, viewport })
      await task.promise.catch(() => undefined)
    })()
    return () => {
      cancelled = true
      task?.cancel()
    }
  }, [url, pageIndex, width])
  if (missing) {
    return (
      <div
        className="grid place-items-center bg-surface-sunken text-sm text-ink-muted"
        style={{ width, height }}
      >
        This revision has no page {pageIndex + 1}.
      </div>
    )
  }
  return (
    <canvas
      ref={canvas}
      role="img"
      aria-label={`Page ${pageIndex + 1} of ${name}`}
      className="block bg-white"
      style={{ width, height }}
      data-testid="compare-pdf-page"
    />
  )
}
