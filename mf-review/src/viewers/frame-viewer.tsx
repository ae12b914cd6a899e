/**
 * Websites and e-mails: the page in a frame from the proxy origin (never the app origin), with the bridge
 * drawing the pins inside it. Desktop view fills the width; mobile view shows the frame at a device
 * preset width. Comment mode is passed to the bridge, which sends back where a reviewer clicked. For
 * keyboards, a layer over the frame is a Tab stop before the page with the placement cursor: the arrows
 * move it (the bridge outlines the element under it), Enter comments on that element; reaching a spot
 * no longer takes a Tab for every link of the site (issue 19 item 8).
 */
import { withText } from '@pinpoint/anchoring'
import type { PinInput } from '@pinpoint/anchoring/protocol'
import { cn, EmptyState, Spinner } from '@pinpoint/ui'
import { useAtom, useAtomValue, useSetAtom } from 'jotai'
import { CircleAlert } from 'lucide-react'
import { useEffect, useMemo, useRef, useState } from 'react'
import { usePinnedAnnotations } from '../listing'
import { useReview } from '../model'
import { useCamera } from '../screenshots/camera'
import { shootDraft } from '../screenshots/shots'
import { useReviewAtoms } from '../state'
import { useFramePicture } from '../thumbnails/use-revision-picture'
import { useBridge } from './bridge'
import { useInactiveSync } from './inactive-sync'
import { pinLabel } from './pin'
import { type CursorPoint, cursorStop, usePlacementCursor } from './placement-cursor'
import { useElementSize } from './use-size'

export function FrameViewer({
  src,
  frameKey,
  kind,
  assetId,
}: {
  src: string
  /** Changes when the same address must load again. */
  frameKey: string
  kind: 'website' | 'email'
  assetId: string | null
}) {
  const atoms = useReviewAtoms()
  const commenting = useAtomValue(atoms.commenting)
  const textEdit = useAtomValue(atoms.textEdit)
  const viewMode = useAtomValue(atoms.viewMode)
  const deviceWidth = useAtomValue(atoms.deviceWidth)
  const [draft, setDraft] = useAtom(atoms.draft)
  const reattachId = useAtomValue(atoms.reattachId)
  const [path, setPath] = useAtom(atoms.path)
  const setStatuses = useSetAtom(atoms.pinStatuses)
  const setSettled = useSetAtom(atoms.pinsSettled)
  const { numbers, selected, select, abilities, canvas } = useReview()
  const pinned = usePinnedAnnotations()
  const frame = useRef<HTMLIFrameElement>(null)
  const keys = useRef<HTMLDivElement>(null)
  const stage = useRef<HTMLDivElement>(null)
  const available = useElementSize(stage)
  const [ready, setReady] = useState(false)
  const [loadError, setLoadError] = useState<string | null>(null)
  const targetOrigin = kind === 'email' ? '*' : new URL(src, location.href).origin
  useInactiveSync(kind)

  const pins = useMemo<PinInput[]>(
    () =>
      pinned
        .filter((annotation) => annotation.metadata?.anchor)
        .map((annotation) => ({
          id: annotation.id,
          anchor: annotation.metadata.anchor,
          label: String(numbers.get(annotation.id) ?? ''),
          // The same name as a pin on a PDF or an image: number, author and the start of the text.
          title: pinLabel(annotation, numbers.get(annotation.id)),
          status: annotation.status,
          alternates: annotation.textContentAfter
            ? [withText(annotation.metadata.anchor, annotation.textContentAfter)].filter(Boolean)
            : undefined,
        })),
    [pinned, numbers],
  )

  const post = useBridge(frame, targetOrigin, (message) => {
    const rect = frame.current?.getBoundingClientRect()
    const screen = (client: { x: number; y: number }) => ({
      x: (rect?.left ?? 0) + client.x,
      y: (rect?.top ?? 0) + client.y,
    })
    switch (message.type) {
      case 'ready':
        setReady(true)
        setLoadError(message.error?.message ?? null)
        if (kind === 'website') setPath(message.page.path)
        break
      case 'page':
        if (kind === 'website') setPath(message.page.path)
        break
      case 'place':
      case 'text-edit':
        setDraft({
          assetId,
          pageIndex: kind === 'email' ? null : 0,
          x: null,
          y: null,
          videoTime: null,
          anchor: message.anchor,
          path: kind === 'website' ? message.page.path : null,
          textBefore: message.type === 'text-edit' ? message.before : null,
          textAfter: message.type === 'text-edit' ? message.after : null,
          screen: screen(message.client),
          reattachId,
        })
        // A new pin's picture starts now, while the page is as the reviewer saw it (not for a move).
        if (!reattachId)
          shootDraft(
            message.anchor,
            message.type === 'text-edit' ? withText(message.anchor, message.after) : null,
          )
        break
      case 'captured':
        answerCapture(message)
        break
      case 'pin-click':
        select(message.id)
        break
      case 'pins-status':
        setStatuses(new Map(message.pins.map((pin) => [pin.id, pin])))
        setSettled(message.settled)
        break
      case 'key':
        // Shortcuts pressed inside the frame act like on the screen itself.
        window.dispatchEvent(new KeyboardEvent('keydown', { key: message.key, shiftKey: message.shiftKey }))
        break
    }
  })

  const answerCapture = useCamera(post, ready && !loadError, kind === 'website' ? path : null)

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new address or key is a new page to wait for
  useEffect(() => {
    setReady(false)
    setLoadError(null)
  }, [src, frameKey])
  useFramePicture(frame, targetOrigin, ready && !loadError, `${src}#${frameKey}`)
  useEffect(() => {
    if (ready) post({ type: 'mode', commenting: commenting && abilities.comment, textEdit })
  }, [ready, commenting, textEdit, abilities.comment, post])
  useEffect(() => {
    if (ready) post({ type: 'pins', pins })
  }, [ready, pins, post])
  useEffect(() => {
    if (ready) post({ type: 'select', id: selected?.id ?? null, scroll: true })
  }, [ready, selected?.id, post])
  useEffect(() => {
    if (ready) post({ type: 'draft', anchor: draft?.anchor ?? null })
  }, [ready, draft?.anchor, post])

  /** A point of the review screen in the frame's own viewport (inside its border, if it has one). */
  const inFrame = (clientX: number, clientY: number) => {
    const element = frame.current
    const rect = element?.getBoundingClientRect()
    return {
      x: clientX - (rect?.left ?? 0) - (element?.clientLeft ?? 0),
      y: clientY - (rect?.top ?? 0) - (element?.clientTop ?? 0),
    }
  }
  const placing = ready && !loadError && commenting && abilities.comment
  const cursor = usePlacementCursor({
    enabled: placing,
    focusable: keys,
    area: keys,
    onPlace: (clientX, clientY) => post({ type: 'cursor', action: 'place', ...inFrame(clientX, clientY) }),
    onMove: (point: CursorPoint) => {
      const rect = keys.current?.getBoundingClientRect()
      if (!rect) return
      const at = inFrame(rect.left + point.x * rect.width, rect.top + point.y * rect.height)
      post({ type: 'cursor', action: 'hover', ...at })
    },
    // Against the top or bottom edge, the page scrolls on by most of a screen.
    onEdge: (direction) => {
      if (direction.y) post({ type: 'scroll-by', dy: direction.y * (frame.current?.clientHeight ?? 0) * 0.8 })
    },
  })

  // The device outline only where there is room for it: on a phone, the phone is the device.
  const mobile = viewMode === 'mobile' && available.width >= deviceWidth + 48
  const width =
    viewMode === 'mobile' ? Math.min(deviceWidth, available.width - (mobile ? 32 : 0)) : available.width
  const sandbox =
    kind === 'email'
      ? 'allow-scripts allow-popups allow-popups-to-escape-sandbox'
      : 'allow-scripts allow-same-origin allow-forms allow-popups allow-popups-to-escape-sandbox'
  return (
    <div
      ref={stage}
      className={cn(
        'relative flex h-full min-h-0 justify-center overflow-hidden',
        mobile ? 'bg-surface-sunken py-4' : 'bg-surface',
      )}
    >
      <div className="relative h-full" style={{ width: Math.max(0, Math.round(width)) }}>
        {placing ? (
          // A Tab stop before the page: the keyboard's way to a spot (the mouse goes through to the page).
          <div
            ref={keys}
            {...cursorStop(
              `${kind === 'email' ? 'E-mail' : 'Website'}: move the cursor with the arrows and press Enter to comment`,
            )}
            className="pointer-events-none absolute inset-0 z-10 outline-none focus-visible:ring-2 focus-visible:ring-inset focus-visible:ring-[#f59e0b]"
            {...cursor.focusProps}
            data-testid="frame-keyboard"
          >
            {cursor.status}
            {cursor.overlay}
          </div>
        ) : null}
        <iframe
          ref={frame}
          key={`${src}#${frameKey}`}
          src={src}
          title={kind === 'email' ? `E-mail: ${canvas.title}` : `Website: ${canvas.title}`}
          sandbox={sandbox}
          referrerPolicy="no-referrer"
          className={cn(
            'block h-full bg-white',
            mobile && 'rounded-[1.25rem] border-[6px] border-[oklch(0.25_0.01_270)] shadow-pop',
          )}
          style={{ width: '100%' }}
          data-testid="review-frame"
          data-view-mode={viewMode}
        />
      </div>
      {!ready ? (
        <div className="absolute inset-0 grid place-items-center bg-surface/70" aria-live="polite">
          <Spinner label={kind === 'email' ? 'Loading the e-mail…' : 'Loading the page…'} />
        </div>
      ) : null}
      {loadError ? (
        <div className="absolute inset-0 grid place-items-center bg-surface">
          <EmptyState icon={<CircleAlert />} title="This page could not be loaded" description={loadError} />
        </div>
      ) : null}
    </div>
  )
}
