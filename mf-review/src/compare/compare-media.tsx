/**
 * One revision's file in the compare view: a design image, a PDF page drawn by pdf.js (lazily loaded,
 * like the PDF viewer) or a video, sized to the width it is given, with that revision's pins on it.
 */
import { Spinner } from '@pinpoint/ui'
import { lazy, Suspense } from 'react'
import type { Annotation, CanvasAsset } from '../data/types'
import { PIN_TONES, pinLabel } from '../viewers/pin'

const PdfPage = lazy(() => import('./pdf-page'))

export function ComparePins({
  pins,
  numbers,
  side,
}: {
  pins: readonly Annotation[]
  numbers: ReadonlyMap<string, number>
  side: string
}) {
  return pins
    .filter((pin) => pin.x !== null && pin.y !== null)
    .map((pin) => (
      <span
        key={pin.id}
        role="img"
        aria-label={`${side}: ${pinLabel(pin, numbers.get(pin.id))}`}
        title={pinLabel(pin, numbers.get(pin.id))}
        data-testid="compare-pin"
        className={`absolute grid size-6 -translate-x-1/2 -translate-y-full place-items-center rounded-full rounded-bl-none text-2xs font-bold text-white shadow-pop ring-2 ring-white ${PIN_TONES[pin.status] ?? PIN_TONES.active}`}
        style={{ left: `${(pin.x ?? 0) * 100}%`, top: `${(pin.y ?? 0) * 100}%` }}
      >
        {numbers.get(pin.id) ?? ''}
      </span>
    ))
}

export function CompareMedia({
  asset,
  pageIndex,
  width,
  onPageCount,
  onTime,
  videoRef,
}: {
  asset: CanvasAsset | null
  pageIndex: number
  width: number
  onPageCount?: (count: number) => void
  /** A video's moment on screen, as it plays or is moved (which of its pins show). */
  onTime?: (seconds: number) => void
  /** The video element, for linked playback of the two sides. */
  videoRef?: (video: HTMLVideoElement | null) => void
}) {
  if (!asset?.url) {
    return (
      <div
        className="grid aspect-[4/3] place-items-center bg-surface-sunken text-sm text-ink-muted"
        style={{ width }}
      >
        {asset ? 'This file is still being processed.' : 'No file at this place in this revision.'}
      </div>
    )
  }
  if (asset.type === 'video' || asset.mimeType?.startsWith('video/')) {
    // Each revision's video with its own controls, at the same width; a pin shows around its moment.
    return (
      // biome-ignore lint/a11y/useMediaCaption: a reviewed video has no captions of ours to add
      <video
        ref={videoRef}
        src={asset.url}
        controls
        preload="metadata"
        className="block max-w-none bg-black"
        style={{ width }}
        data-testid="compare-video"
        onTimeUpdate={(event) => onTime?.(event.currentTarget.currentTime)}
        onSeeked={(event) => onTime?.(event.currentTarget.currentTime)}
        // A side shown again (after the overlay) starts over: its pins follow.
        onLoadedMetadata={(event) => onTime?.(event.currentTarget.currentTime)}
      >
        {asset.name}
      </video>
    )
  }
  const pdf = asset.type === 'pdf' || asset.mimeType === 'application/pdf'
  if (pdf) {
    return (
      <Suspense fallback={<Spinner className="m-8" label="Loading the PDF…" />}>
        <PdfPage
          url={asset.url}
          pageIndex={pageIndex}
          width={width}
          name={asset.name}
          onPageCount={onPageCount}
        />
      </Suspense>
    )
  }
  return (
    <img
      src={asset.url}
      alt={asset.name}
      draggable={false}
      className="block h-auto max-w-none select-none"
      style={{ width }}
    />
  )
}
