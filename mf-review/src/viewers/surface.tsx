/**
 * The zoomable surface of a design image or a PDF page: the media scaled by the zoom, its pins on top in
 * percent of the surface, and in comment mode a click that places a new pin, or for keyboards the
 * placement cursor (arrows move it, Enter places; placement-cursor.tsx). Opening a comment scrolls its
 * pin into view.
 */
import { cn } from '@pinpoint/ui'
import { useAtom, useAtomValue } from 'jotai'
import { type MouseEvent, type ReactNode, useEffect, useRef } from 'react'
import { usePinnedAnnotations } from '../listing'
import { useReview } from '../model'
import { useReviewAtoms } from '../state'
import { DraftPin, Pin } from './pin'
import { usePlacementCursor } from './placement-cursor'
import { useElementSize } from './use-size'
import { scaleFor } from './zoom'

export interface SurfaceProps {
  natural: { width: number; height: number }
  assetId: string
  pageIndex: number
  /** What the surface shows, for screen readers ("Design homepage.png", "Page 2 of brochure.pdf"). */
  label: string
  children: ReactNode
  /** Shown beside the surface (the PDF page bar). */
  footer?: ReactNode
}

export function Surface({ natural, assetId, pageIndex, label, children, footer }: SurfaceProps) {
  const atoms = useReviewAtoms()
  const zoom = useAtomValue(atoms.zoom)
  const commenting = useAtomValue(atoms.commenting)
  const [draft, setDraft] = useAtom(atoms.draft)
  // A comment carried without a spot (decision 047) is re-attached by a click here too.
  const reattachId = useAtomValue(atoms.reattachId)
  const { numbers, selected, select, abilities } = useReview()
  const pins = usePinnedAnnotations()
  const scroller = useRef<HTMLElement>(null)
  const box = useRef<HTMLDivElement>(null)
  const available = useElementSize(scroller)
  const scale = scaleFor(zoom, natural, available)
  const width = Math.round(natural.width * scale)
  const height = Math.round(natural.height * scale)
  const placing = commenting && abilities.comment

  const place = (clientX: number, clientY: number) => {
    const rect = box.current?.getBoundingClientRect()
    if (!rect || rect.width === 0) return
    const x = Math.min(1, Math.max(0, (clientX - rect.left) / rect.width))
    const y = Math.min(1, Math.max(0, (clientY - rect.top) / rect.height))
    setDraft({
      assetId,
      pageIndex,
      x,
      y,
      videoTime: null,
      anchor: null,
      path: null,
      textBefore: null,
      textAfter: null,
      screen: { x: clientX, y: clientY },
      reattachId,
    })
  }
  const onClick = (event: MouseEvent) => {
    if (placing) place(event.clientX, event.clientY)
  }
  const cursor = usePlacementCursor({ enabled: !!placing, focusable: scroller, area: box, onPlace: place })

  // Bring the open comment's pin into view.
  useEffect(() => {
    const container = scroller.current
    if (!selected || selected.x === null || selected.y === null || !container) return
    if (selected.CanvasAssetId && selected.CanvasAssetId !== assetId) return
    const left = (box.current?.offsetLeft ?? 0) + selected.x * width - container.clientWidth / 2
    const top = (box.current?.offsetTop ?? 0) + selected.y * height - container.clientHeight / 2
    container.scrollTo({ left, top, behavior: 'smooth' })
  }, [selected, assetId, width, height])

  const showDraft =
    draft &&
    draft.assetId === assetId &&
    draft.pageIndex === pageIndex &&
    draft.x !== null &&
    draft.y !== null
  return (
    <div className="flex h-full min-h-0 flex-col">
      {/* A scrollable region must be focusable (keyboard scrolling); in comment mode it takes the cursor. */}
      <section
        ref={scroller}
        className={cn(
          'min-h-0 flex-1 overflow-auto bg-surface-sunken outline-none focus-visible:ring-2 focus-visible:ring-inset focus-visible:ring-brand-500',
          placing && 'cursor-crosshair',
        )}
        // biome-ignore lint/a11y/noNoninteractiveTabindex: scrollable regions must be reachable by keyboard
        tabIndex={0}
        aria-label={
          placing
            ? `${label}. Click a spot, or move the cursor with the arrows and press Enter, to comment.`
            : label
        }
        {...cursor.focusProps}
        data-testid="viewer-surface"
      >
        {cursor.status}
        <div className="flex min-h-full min-w-full p-6">
          {/* biome-ignore lint/a11y/useKeyWithClickEvents: the placement cursor of the surface above does the same */}
          {/* biome-ignore lint/a11y/noStaticElementInteractions: the surface itself is the click target */}
          <div
            ref={box}
            className="relative m-auto shrink-0 bg-surface shadow-card"
            style={{ width, height }}
            onClick={onClick}
            data-testid="viewer-box"
          >
            {children}
            {pins.map((annotation) =>
              annotation.x === null || annotation.y === null ? null : (
                <Pin
                  key={annotation.id}
                  annotation={annotation}
                  number={numbers.get(annotation.id)}
                  selected={selected?.id === annotation.id}
                  onSelect={select}
                  x={annotation.x}
                  y={annotation.y}
                />
              ),
            )}
            {showDraft ? <DraftPin x={draft.x ?? 0} y={draft.y ?? 0} /> : null}
            {cursor.overlay}
          </div>
        </div>
      </section>
      {footer}
    </div>
  )
}
