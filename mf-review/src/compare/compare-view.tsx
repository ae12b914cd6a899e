/**
 * Compare two revisions (issue 17 item 2): side by side or as an overlay with an opacity slider and a swipe
 * handle, zoom and scroll locked together, each revision's pins on its own side. Designs and PDFs (page by
 * page) compare the file at the same position; websites and e-mails compare the same path at the same
 * width, each revision at its own address. The open comments of the earlier revision can be carried to
 * the later one with one click (carry.ts on the server, the bridge's carryAnchor in the page).
 */
import type { PinInput } from '@pinpoint/anchoring/protocol'
import { addToastAtom } from '@pinpoint/state'
import { EmptyState } from '@pinpoint/ui'
import { useQueryClient } from '@tanstack/react-query'
import { useAtom, useSetAtom } from 'jotai'
import { FileQuestion } from 'lucide-react'
import { type ReactNode, useCallback, useMemo, useRef, useState } from 'react'
import { reviewKeys, upsertAnnotation } from '../data/cache'
import { useAnnotations, useProxyBase, useReviewApi } from '../data/queries'
import type { Annotation } from '../data/types'
import { numberAnnotations } from '../lib/list'
import { useReview } from '../model'
import { useReviewAtoms } from '../state'
import { comparePicture } from '../thumbnails/compare-picture'
import { RevisionPicture } from '../thumbnails/revision-picture'
import { pinLabel, VIDEO_PIN_WINDOW_S } from '../viewers/pin'
import { useElementSize } from '../viewers/use-size'
import { CompareFrame, type FrameHandle } from './compare-frame'
import { assetsOf, carriable, carriedText, pinsAtTime, pinsOf } from './compare-logic'
import { CompareMedia, ComparePins } from './compare-media'
import { CompareToolbar } from './compare-toolbar'
import { useLinkedPlayback } from './linked-playback'
import { SwipeHandle } from './swipe-handle'

function framePins(list: readonly Annotation[]): PinInput[] {
  const numbers = numberAnnotations(list)
  return list
    .filter((a) => a.metadata?.anchor)
    .map((a) => ({
      id: a.id,
      anchor: a.metadata.anchor,
      label: String(numbers.get(a.id) ?? ''),
      title: pinLabel(a, numbers.get(a.id)),
      status: a.status,
    }))
}

export function CompareView() {
  const atoms = useReviewAtoms()
  const [state, setState] = useAtom(atoms.compare)
  const toast = useSetAtom(addToastAtom)
  const { canvas, revisions, viewer, latestRevisionNumber } = useReview()
  const api = useReviewApi()
  const client = useQueryClient()
  const all = useAnnotations(canvas.id).data?.annotations ?? []
  const [opacity, setOpacity] = useState(100)
  const [swipe, setSwipe] = useState(50)
  const [zoom, setZoom] = useState(100)
  const [fileIndex, setFileIndex] = useState(0)
  const [pageIndex, setPageIndex] = useState(0)
  const [pageCounts, setPageCounts] = useState<Record<string, number>>({})
  const [busy, setBusy] = useState(false)
  const [overlayScrollX, setOverlayScrollX] = useState(0)
  const [videoTimes, setVideoTimes] = useState({ left: 0, right: 0 })
  // Both videos play, pause and seek together unless the reviewer unlinks them.
  const [linked, setLinked] = useState(true)
  const linkVideos = useLinkedPlayback(linked && viewer === 'video')
  const stage = useRef<HTMLDivElement>(null)
  const size = useElementSize(stage)
  const frames = useRef<{ left: FrameHandle | null; right: FrameHandle | null }>({ left: null, right: null })
  const scrollers = useRef<{ left: HTMLElement | null; right: HTMLElement | null }>({
    left: null,
    right: null,
  })
  const following = useRef<'left' | 'right' | null>(null)
  const setLeftHandle = useCallback((handle: FrameHandle | null) => {
    frames.current.left = handle
  }, [])
  const setRightHandle = useCallback((handle: FrameHandle | null) => {
    frames.current.right = handle
  }, [])

  const framed = viewer === 'website' || viewer === 'email'
  const left = revisions.find((r) => r.number === state?.left) ?? null
  const right = revisions.find((r) => r.number === state?.right) ?? null
  const proxyOf = (n: number | undefined) => (n === latestRevisionNumber ? null : (n ?? null))
  const address = canvas.localUrl ?? null
  const canvasAddress = address
  const leftProxy = useProxyBase(canvas.subdomain, viewer === 'website', proxyOf(left?.number), address)
  const rightProxy = useProxyBase(canvas.subdomain, viewer === 'website', proxyOf(right?.number), address)
  // Each side opens its revision's own page (its address may differ: staging then production, a new
  // query): the same page of the site, not the same string.
  const startPath = (siteUrl: string | undefined) => {
    if (viewer !== 'website') return null
    if (!siteUrl) return '/'
    const url = new URL(siteUrl)
    return `${url.pathname}${url.search}`
  }
  const leftPath = startPath(leftProxy.data?.siteUrl)
  const rightPath = startPath(rightProxy.data?.siteUrl)
  const leftAsset = assetsOf(canvas, left?.id ?? null)[fileIndex] ?? null
  const rightAsset = assetsOf(canvas, right?.id ?? null)[fileIndex] ?? null
  const fileCount = Math.max(
    assetsOf(canvas, left?.id ?? null).length,
    assetsOf(canvas, right?.id ?? null).length,
  )
  const leftPins = useMemo(
    () => pinsOf(all, left?.id ?? null, { assetId: leftAsset?.id ?? null, pageIndex, path: leftPath }),
    [all, left?.id, leftAsset?.id, pageIndex, leftPath],
  )
  const rightPins = useMemo(
    () => pinsOf(all, right?.id ?? null, { assetId: rightAsset?.id ?? null, pageIndex, path: rightPath }),
    [all, right?.id, rightAsset?.id, pageIndex, rightPath],
  )
  const leftNumbers = useMemo(
    () => numberAnnotations(all.filter((a) => a.CanvasRevisionId === left?.id)),
    [all, left?.id],
  )
  const rightNumbers = useMemo(
    () => numberAnnotations(all.filter((a) => a.CanvasRevisionId === right?.id)),
    [all, right?.id],
  )
  const leftFramePins = useMemo(() => framePins(leftPins), [leftPins])
  const rightFramePins = useMemo(() => framePins(rightPins), [rightPins])

  if (!state || !left || !right) return null
  const overlay = state.mode === 'overlay'
  const paneWidth = overlay || size.width < 768 ? size.width : size.width / 2
  const pageCount = Math.max(pageCounts[leftAsset?.id ?? ''] ?? 1, pageCounts[rightAsset?.id ?? ''] ?? 1)
  const toCarry = left.number < right.number && canvas.editable ? carriable(all, left.id, leftPath) : null

  const carry = async () => {
    if (!toCarry) return
    setBusy(true)
    try {
      let results: { id: string; anchor: unknown }[] | undefined
      if (framed) {
        const handle = frames.current.right
        if (!handle) throw new Error(`v${right.number} is still loading: try again in a moment.`)
        const anchored = toCarry.filter((a) => a.metadata?.anchor)
        const found = await handle.carry(anchored.map((a) => ({ id: a.id, anchor: a.metadata.anchor })))
        const byId = new Map(found.map((r) => [r.id, r.status === 'reanchored' ? (r.anchor ?? null) : null]))
        results = toCarry.map((a) => ({ id: a.id, anchor: byId.get(a.id) ?? null }))
      }
      const answer = await api.carryComments(right.id, {
        fromRevisionId: left.id,
        results,
        // A website comment moves to the later revision's page.
        path: rightPath ?? undefined,
      })
      for (const annotation of answer.annotations) upsertAnnotation(client, canvas.id, annotation)
      await client.invalidateQueries({ queryKey: reviewKeys.annotations(canvas.id) })
      toast({ type: 'success', message: carriedText(answer.carried, right.number) })
    } catch (error) {
      toast({
        type: 'error',
        message: error instanceof Error ? error.message : 'The comments were not carried.',
      })
    } finally {
      setBusy(false)
    }
  }

  // Scroll locked together: a side that moves makes the other follow (and not echo back).
  const followMedia = (from: 'left' | 'right') => {
    if (following.current && following.current !== from) return
    const source = scrollers.current[from]
    const target = scrollers.current[from === 'left' ? 'right' : 'left']
    if (!source || !target) return
    following.current = from
    target.scrollTop = source.scrollTop
    target.scrollLeft = source.scrollLeft
    requestAnimationFrame(() => {
      following.current = null
    })
  }
  const followFrame = (from: 'left' | 'right', x: number, y: number) => {
    if (following.current && following.current !== from) return
    following.current = from
    frames.current[from === 'left' ? 'right' : 'left']?.scrollTo(x, y)
    window.setTimeout(() => {
      following.current = null
    }, 120)
  }

  const src = (side: 'left' | 'right') => {
    if (viewer === 'email') return (side === 'left' ? leftAsset : rightAsset)?.url ?? null
    const base = (side === 'left' ? leftProxy : rightProxy).data?.base
    return base ? `${base}${(side === 'left' ? leftPath : rightPath) ?? '/'}` : null
  }
  const mediaWidth = Math.max(120, Math.round((paneWidth - 32) * (zoom / 100)))
  const layer = (side: 'left' | 'right', style?: React.CSSProperties): ReactNode => {
    const revision = side === 'left' ? left : right
    if (framed) {
      // An earlier revision at the live address: its picture, not the live site a second time.
      const picture = comparePicture(revision, { viewer, currentNumber: latestRevisionNumber, canvasAddress })
      if (picture)
        return (
          <RevisionPicture
            url={picture}
            number={revision.number}
            title={canvas.title}
            takenAt={revision.thumbnailAt}
            width={paneWidth}
            style={style}
            testId={`compare-picture-${side}`}
          />
        )
      const address = src(side)
      if (!address) return <EmptyState className="m-auto" icon={<FileQuestion />} title="Loading…" />
      return (
        <CompareFrame
          src={address}
          kind={viewer}
          title={`v${revision.number}: ${canvas.title}`}
          pins={side === 'left' ? leftFramePins : rightFramePins}
          width={paneWidth}
          style={style}
          testId={`compare-frame-${side}`}
          onScroll={(x, y) => followFrame(side, x, y)}
          onHandle={side === 'left' ? setLeftHandle : setRightHandle}
        />
      )
    }
    const asset = side === 'left' ? leftAsset : rightAsset
    return (
      <div
        className={overlay && side === 'right' ? 'absolute top-4 left-4' : 'relative m-4 inline-block'}
        style={style}
      >
        <CompareMedia
          asset={asset}
          pageIndex={pageIndex}
          width={mediaWidth}
          onPageCount={(count) =>
            asset && setPageCounts((c) => (c[asset.id] === count ? c : { ...c, [asset.id]: count }))
          }
          onTime={(seconds) => setVideoTimes((t) => (t[side] === seconds ? t : { ...t, [side]: seconds }))}
          videoRef={linkVideos[side]}
        />
        <ComparePins
          pins={
            viewer === 'video'
              ? pinsAtTime(side === 'left' ? leftPins : rightPins, videoTimes[side], VIDEO_PIN_WINDOW_S)
              : side === 'left'
                ? leftPins
                : rightPins
          }
          numbers={side === 'left' ? leftNumbers : rightNumbers}
          side={`v${revision.number}`}
        />
      </div>
    )
  }

  const label = (side: 'left' | 'right') => (
    <span className="pointer-events-none absolute top-2 left-2 z-10 rounded bg-ink/80 px-1.5 py-0.5 text-xs font-semibold text-ink-inverted">
      v{side === 'left' ? left.number : right.number}
    </span>
  )
  // The later revision shows right of the handle: its clip follows the handle's place on the stage (files
  // sit 16 px in and scroll sideways; a frame fills the stage).
  const handleX = (swipe / 100) * size.width
  const clipLeft = framed ? handleX : Math.max(0, handleX - 16 + overlayScrollX)
  const topStyle = { opacity: opacity / 100, clipPath: `inset(0 0 0 ${Math.round(clipLeft)}px)` }
  return (
    <section
      className="flex min-h-0 flex-1 flex-col"
      aria-label={`Compare v${left.number} and v${right.number}`}
    >
      <CompareToolbar
        state={state}
        numbers={revisions.map((r) => r.number)}
        onChange={(next) => {
          setState(next)
          setPageIndex(0)
        }}
        onClose={() => setState(null)}
        opacity={opacity}
        onOpacity={setOpacity}
        zoom={framed ? null : zoom}
        onZoom={(value) => setZoom(Math.min(300, Math.max(25, value)))}
        files={{
          count: viewer === 'email' || !framed ? fileCount : 0,
          index: fileIndex,
          onIndex: (i) => {
            setFileIndex(i)
            setPageIndex(0)
          },
        }}
        link={viewer === 'video' ? { on: linked, onToggle: () => setLinked((on) => !on) } : null}
        pages={viewer === 'pdf' ? { count: pageCount, index: pageIndex, onIndex: setPageIndex } : null}
        // Offered only when there is something to carry (no button that does nothing).
        carry={toCarry?.length ? { count: toCarry.length, busy, onCarry: () => void carry() } : null}
      />
      <div
        ref={stage}
        className="relative min-h-0 flex-1 bg-surface-sunken"
        data-testid="compare-stage"
        data-mode={state.mode}
      >
        {overlay ? (
          <>
            <section
              // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must take the focus to be scrolled by keyboard
              tabIndex={0}
              aria-label={`v${left.number} under v${right.number}`}
              className="absolute inset-0 overflow-auto focus-visible:outline-2 focus-visible:outline-brand-500"
              onScroll={(event) => setOverlayScrollX(event.currentTarget.scrollLeft)}
            >
              <div className="relative min-h-full" style={framed ? undefined : { minWidth: mediaWidth + 32 }}>
                {layer('left')}
                {layer('right', topStyle)}
              </div>
            </section>
            {label('left')}
            <span className="pointer-events-none absolute top-2 right-2 z-10 rounded bg-ink/80 px-1.5 py-0.5 text-xs font-semibold text-ink-inverted">
              v{right.number}
            </span>
            <SwipeHandle
              value={swipe}
              onChange={setSwipe}
              leftLabel={`v${left.number}`}
              rightLabel={`v${right.number}`}
            />
          </>
        ) : (
          <div className="absolute inset-0 grid grid-rows-2 gap-px md:grid-cols-2 md:grid-rows-1">
            {(['left', 'right'] as const).map((side) => (
              <section
                key={side}
                ref={(el) => {
                  scrollers.current[side] = el
                }}
                onScroll={() => followMedia(side)}
                // Scrolled by keyboard too (arrow keys once focused): both sides follow.
                // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must take the focus to be scrolled by keyboard
                tabIndex={0}
                aria-label={`v${side === 'left' ? left.number : right.number}`}
                className="relative min-h-0 overflow-auto bg-surface-sunken focus-visible:outline-2 focus-visible:outline-brand-500"
                data-testid={`compare-side-${side}`}
              >
                {label(side)}
                {layer(side)}
              </section>
            ))}
          </div>
        )}
      </div>
    </section>
  )
}
