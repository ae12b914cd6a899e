/**
 * A video asset (this chunk loads only for video canvases): the player, pins on the frame at their
 * moment, and a timeline marking every comment. Clicking a marker (or opening the comment) seeks to its
 * moment and pauses; in comment mode a click on the frame pauses and places a pin at that time and spot.
 */
import { Button, cn } from '@pinpoint/ui'
import { useAtom, useAtomValue } from 'jotai'
import { Pause, Play } from 'lucide-react'
import { type MouseEvent, useEffect, useRef, useState } from 'react'
import type { CanvasAsset } from '../data/types'
import { usePinnedAnnotations } from '../listing'
import { useReview } from '../model'
import { useReviewAtoms } from '../state'
import { DraftPin, PIN_TONES, Pin, pinLabel, VIDEO_PIN_WINDOW_S } from './pin'
import { cursorStop, usePlacementCursor } from './placement-cursor'
import { useElementSize } from './use-size'

/** The frame in comment mode: a Tab stop that takes the placement cursor's keys. */
const FRAME_KEYBOARD = cursorStop('Video frame: move the cursor with the arrows and press Enter to comment')

/** A pin shows on the frame this long around its moment (seconds). */

export function formatTime(seconds: number): string {
  const whole = Math.max(0, Math.floor(seconds))
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, '0')}`
}

export default function VideoViewer({ asset }: { asset: CanvasAsset }) {
  const atoms = useReviewAtoms()
  const commenting = useAtomValue(atoms.commenting)
  const [draft, setDraft] = useAtom(atoms.draft)
  const { numbers, selected, select, abilities } = useReview()
  const pins = usePinnedAnnotations().filter((a) => a.videoTime !== null)
  const video = useRef<HTMLVideoElement>(null)
  const stage = useRef<HTMLDivElement>(null)
  const frame = useRef<HTMLDivElement>(null)
  const available = useElementSize(stage)
  const [time, setTime] = useState(0)
  const [duration, setDuration] = useState(asset.durationSeconds ?? 0)
  const [playing, setPlaying] = useState(false)
  const [ratio, setRatio] = useState(asset.width && asset.height ? asset.width / asset.height : 16 / 9)
  const width = Math.max(0, Math.min(available.width - 32, (available.height - 32) * ratio))
  const height = width / ratio

  // A player that read its metadata before this component listened (a cached file): take its length now.
  useEffect(() => {
    const player = video.current
    if (player && player.readyState >= 1 && Number.isFinite(player.duration) && player.duration > 0) {
      setDuration(player.duration)
    }
  }, [])

  // Opening a comment seeks to its moment and pauses there.
  useEffect(() => {
    const player = video.current
    if (!player || selected?.videoTime === null || selected?.videoTime === undefined) return
    player.pause()
    player.currentTime = selected.videoTime
  }, [selected])

  const placing = commenting && abilities.comment
  /** A pin at this point of the frame, at the moment the video shows (it pauses there). */
  const placeAt = (clientX: number, clientY: number) => {
    const player = video.current
    const rect = frame.current?.getBoundingClientRect()
    if (!player || !rect || rect.width === 0) return
    player.pause()
    setDraft({
      assetId: asset.id,
      pageIndex: 0,
      x: Math.min(1, Math.max(0, (clientX - rect.left) / rect.width)),
      y: Math.min(1, Math.max(0, (clientY - rect.top) / rect.height)),
      videoTime: Math.round(player.currentTime * 100) / 100,
      anchor: null,
      path: null,
      textBefore: null,
      textAfter: null,
      screen: { x: clientX, y: clientY },
      reattachId: null,
    })
  }
  const onFrameClick = (event: MouseEvent<HTMLDivElement>) => {
    const player = video.current
    if (!player) return
    if (!placing) {
      void (player.paused ? player.play() : player.pause())
      return
    }
    placeAt(event.clientX, event.clientY)
  }
  const cursor = usePlacementCursor({ enabled: placing, focusable: frame, area: frame, onPlace: placeAt })

  const onFrame = pins.filter(
    (a) => selected?.id === a.id || Math.abs((a.videoTime ?? 0) - time) <= VIDEO_PIN_WINDOW_S,
  )
  return (
    <div className="flex h-full min-h-0 flex-col bg-[oklch(0.18_0.01_270)]">
      <div ref={stage} className="grid min-h-0 flex-1 place-items-center">
        <div className="relative" style={{ width, height }}>
          {/* biome-ignore lint/a11y/useMediaCaption: reviewed videos are the customer's own footage, without captions */}
          <video
            ref={video}
            src={asset.url ?? undefined}
            preload="metadata"
            playsInline
            className="block size-full"
            onLoadedMetadata={(event) => {
              const player = event.currentTarget
              setDuration(player.duration)
              if (player.videoWidth && player.videoHeight) setRatio(player.videoWidth / player.videoHeight)
            }}
            // The length can arrive after the metadata (or change): the timeline's markers need it.
            onDurationChange={(event) => {
              const length = event.currentTarget.duration
              if (Number.isFinite(length) && length > 0) setDuration(length)
            }}
            onTimeUpdate={(event) => setTime(event.currentTarget.currentTime)}
            onPlay={() => setPlaying(true)}
            onPause={() => setPlaying(false)}
            data-testid="video"
          />
          {/*
            The frame is a click target over the video. In comment mode it is also a stop of the Tab
            order with the placement cursor (arrows move it, Enter comments at the moment shown); when
            browsing, the play button and the timeline below are the keyboard's route.
          */}
          {/* biome-ignore lint/a11y/useKeyWithClickEvents: the placement cursor handles the keys */}
          {/* biome-ignore lint/a11y/noStaticElementInteractions: a role is given while it takes keys */}
          <div
            ref={frame}
            className={cn(
              'absolute inset-0 outline-none focus-visible:ring-2 focus-visible:ring-inset focus-visible:ring-[#f59e0b]',
              placing && 'cursor-crosshair',
            )}
            onClick={onFrameClick}
            {...(placing ? FRAME_KEYBOARD : {})}
            {...cursor.focusProps}
            data-testid="video-frame"
          >
            {cursor.status}
            {cursor.overlay}
            {onFrame.map((annotation) => (
              <Pin
                key={annotation.id}
                annotation={annotation}
                number={numbers.get(annotation.id)}
                selected={selected?.id === annotation.id}
                onSelect={select}
                x={annotation.x ?? 0.5}
                y={annotation.y ?? 0.5}
              />
            ))}
            {draft?.assetId === asset.id && draft.x !== null ? (
              <DraftPin x={draft.x} y={draft.y ?? 0} />
            ) : null}
          </div>
        </div>
      </div>
      <div className="flex items-center gap-3 border-t border-white/10 bg-[oklch(0.22_0.01_270)] px-3 py-2 text-white">
        <Button
          variant="ghost"
          size="icon-sm"
          className="text-white hover:bg-white/10 hover:text-white"
          aria-label={playing ? 'Pause' : 'Play'}
          onClick={() => {
            const player = video.current
            if (player) void (player.paused ? player.play() : player.pause())
          }}
        >
          {playing ? <Pause /> : <Play />}
        </Button>
        <span className="w-20 shrink-0 text-xs tabular-nums text-white/80">
          {formatTime(time)} / {formatTime(duration)}
        </span>
        {/*
          Comment markers ride above the seek bar, so they never hide its thumb. The bar and each marker
          are 24 px tall, the smallest tap target allowed (the bar was 16 px, a marker 12 px); a marker
          shows a 12 px dot inside its 24 px button.
        */}
        <div className="relative h-12 flex-1" data-testid="video-timeline">
          <input
            type="range"
            min={0}
            max={duration || 0}
            step={0.01}
            value={time}
            aria-label="Seek"
            onChange={(event) => {
              if (video.current) video.current.currentTime = Number(event.target.value)
            }}
            className="absolute inset-x-0 bottom-0 h-6 w-full accent-brand-400"
          />
          {duration > 0
            ? pins.map((annotation) => (
                <button
                  type="button"
                  key={annotation.id}
                  aria-label={`${pinLabel(annotation, numbers.get(annotation.id))}, at ${formatTime(annotation.videoTime ?? 0)}`}
                  onClick={() => select(annotation.id)}
                  data-marker-id={annotation.id}
                  className="group absolute top-0 grid size-6 -translate-x-1/2 place-items-center rounded-full focus-visible:outline-2 focus-visible:outline-[#f59e0b]"
                  style={{ left: `${((annotation.videoTime ?? 0) / duration) * 100}%` }}
                >
                  <span
                    aria-hidden="true"
                    className={cn(
                      'size-3 rounded-full border-2 border-white group-hover:scale-125',
                      PIN_TONES[annotation.status] ?? 'bg-brand-600',
                      selected?.id === annotation.id && 'scale-125',
                    )}
                  />
                </button>
              ))
            : null}
        </div>
      </div>
    </div>
  )
}
