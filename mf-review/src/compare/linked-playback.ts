/**
 * Linked playback of the two videos in compare: playing, pausing, seeking or changing the speed of either
 * does the same to the other, so a reviewer sees the same moment of both revisions. The rules (which time,
 * clamping, drift) are linkStep in compare-logic.ts; this applies them to the two video elements.
 *
 * No feedback loop: what the link does to a video comes back as that video's own events, which are
 * recognised (the time it was sent to, the play or pause it was told) and not sent back the other way.
 */
import { useCallback, useEffect, useRef } from 'react'
import { linkStep } from './compare-logic'

type Side = 'left' | 'right'
const other = (side: Side): Side => (side === 'left' ? 'right' : 'left')

interface Echoes {
  seek: number | null
  play: boolean
  pause: boolean
}

export function useLinkedPlayback(linked: boolean) {
  const videos = useRef<Record<Side, HTMLVideoElement | null>>({ left: null, right: null })
  const echoes = useRef<Record<Side, Echoes>>({
    left: { seek: null, play: false, pause: false },
    right: { seek: null, play: false, pause: false },
  })
  // The side the reviewer last acted on: its clock is the one the other follows while they play.
  const leader = useRef<Side>('left')
  const on = useRef(linked)

  const follow = useCallback((from: Side, parts: { seek?: boolean; play?: boolean; pause?: boolean }) => {
    const source = videos.current[from]
    const target = videos.current[other(from)]
    if (!on.current || !source || !target?.duration) return
    const step = linkStep(source, target)
    const echo = echoes.current[other(from)]
    if (step.rate !== null) target.playbackRate = step.rate
    if (parts.seek && step.seek !== null) {
      echo.seek = step.seek
      target.currentTime = step.seek
    }
    if (parts.pause && step.pause) {
      echo.pause = true
      target.pause()
    }
    if (parts.play && step.play) {
      echo.play = true
      target.play().catch(() => {
        // Not allowed to play (no gesture yet) or interrupted: no play event will come to swallow.
        echo.play = false
      })
    }
  }, [])

  const sync = useCallback(() => {
    follow(leader.current, { seek: true, play: true, pause: true })
  }, [follow])

  useEffect(() => {
    on.current = linked
    // Linked again: the other side comes to the leader's moment at once.
    if (linked) sync()
  }, [linked, sync])

  const attach = useCallback(
    (side: Side, video: HTMLVideoElement | null) => {
      videos.current[side] = video
      if (!video) return
      const echo = echoes.current[side]
      const act = (parts: { seek?: boolean; play?: boolean; pause?: boolean }) => {
        leader.current = side
        follow(side, parts)
      }
      video.onplay = () => {
        if (echo.play) echo.play = false
        else {
          act({ seek: true, play: true })
          // Sent back from its end while the other still plays: it plays again with it.
          follow(other(side), { play: true })
        }
      }
      video.onpause = () => {
        if (echo.pause) echo.pause = false
        // At its end a shorter video holds its last frame while the other finishes.
        else if (!video.ended) act({ seek: true, pause: true })
      }
      // On 'seeking', not 'seeked': the new position is exact then (a slow seek of a playing video lands
      // later than asked), so the link's own seek is known by its time, and the other follows at once.
      video.onseeking = () => {
        if (echo.seek !== null && Math.abs(video.currentTime - echo.seek) < 0.01) echo.seek = null
        else {
          act({ seek: true, play: true })
          // Sent back from its end while the other still plays: it plays again with it.
          follow(other(side), { play: true })
        }
      }
      video.onratechange = () => follow(side, {})
      video.ontimeupdate = () => {
        // Drift correction: only the leading side's clock, only while it plays.
        if (leader.current === side && !video.paused && !video.seeking)
          follow(side, { seek: true, play: true })
      }
      // A side shown again (after the overlay, another file) starts at the other's moment.
      video.onloadedmetadata = () => {
        if (videos.current[other(side)]?.duration) follow(other(side), { seek: true, play: true })
      }
    },
    [follow],
  )
  const attachLeft = useCallback((video: HTMLVideoElement | null) => attach('left', video), [attach])
  const attachRight = useCallback((video: HTMLVideoElement | null) => attach('right', video), [attach])
  return { left: attachLeft, right: attachRight }
}
