/**
 * What the compare view shows (issue 17 item 2), without React: which two revisions, which file of each
 * (the one at the same position), which comments are pins on each side, and which comments of the older
 * side can be carried to the newer one.
 */
import type { Annotation, Canvas, CanvasAsset } from '../data/types'
import { isOnPlacement } from '../lib/list'

export type CompareMode = 'side' | 'overlay'

export interface CompareState {
  /** Revision numbers: `left` is shown under (overlay) or beside `right`, usually the older one. */
  left: number
  right: number
  mode: CompareMode
}

type Revision = NonNullable<Canvas['CanvasRevisions']>[number]

/** The revision on screen against the one before it (or after it, for the first): null with one revision. */
export function defaultPair(revisions: readonly Revision[], shown: number | null): CompareState | null {
  const numbers = revisions.map((r) => r.number).sort((a, b) => a - b)
  if (numbers.length < 2) return null
  const current = shown !== null && numbers.includes(shown) ? shown : (numbers.at(-1) as number)
  const index = numbers.indexOf(current)
  if (index === 0) return { left: current, right: numbers[1] as number, mode: 'side' }
  return { left: numbers[index - 1] as number, right: current, mode: 'side' }
}

/** The files of a revision in their order. */
export function assetsOf(canvas: Canvas, revisionId: string | null): CanvasAsset[] {
  return (canvas.CanvasAssets ?? [])
    .filter((a) => a.CanvasRevisionId === revisionId)
    .sort((a, b) => a.position - b.position)
}

/** Comments of one revision shown as pins on a side: those on its file and page, or website path. */
export function pinsOf(
  annotations: readonly Annotation[],
  revisionId: string | null,
  placement: { assetId: string | null; pageIndex: number; path: string | null },
): Annotation[] {
  return annotations.filter(
    (a) =>
      a.CanvasRevisionId === revisionId &&
      a.status !== 'resolved' &&
      (placement.path !== null ? !!a.metadata?.anchor || a.x !== null : true) &&
      isOnPlacement(a, placement),
  )
}

/**
 * The open comments of `fromRevisionId` that "carry" moves: every one for files (the server finds each a
 * place), those of the page shown for a website (its new spot is found in that page).
 */
export function carriable(
  annotations: readonly Annotation[],
  fromRevisionId: string | null,
  path: string | null,
): Annotation[] {
  return annotations.filter(
    (a) =>
      a.CanvasRevisionId === fromRevisionId &&
      a.status !== 'resolved' &&
      (path === null || (a.path ?? '/') === path),
  )
}

/** "2 comments carried to v2: 1 re-anchored, 1 needs a new spot." */
export function carriedText(outcomes: readonly { status: string }[], revision: number): string {
  const moved = outcomes.length
  if (moved === 0) return `No open comments to carry to v${revision}.`
  const lost = outcomes.filter((o) => o.status === 'needs-new-spot').length
  const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`
  const parts = [`${moved - lost} re-anchored`]
  if (lost) parts.push(`${lost} ${lost === 1 ? 'needs' : 'need'} a new spot`)
  return `${plural(moved, 'comment')} carried to v${revision}: ${parts.join(', ')}.`
}

/**
 * A video's pins at the moment a side shows: those within `window` seconds of `time` (as the video viewer
 * shows them), so a comment on the last scene does not sit over the first one.
 */
export function pinsAtTime(pins: readonly Annotation[], time: number, window: number): Annotation[] {
  return pins.filter(
    (a) => a.videoTime === null || a.videoTime === undefined || Math.abs(a.videoTime - time) <= window,
  )
}

/** During linked playback, how far apart (seconds) the two videos may drift before the follower is moved. */
export const DRIFT_S = 0.25
/** A paused or seeked follower is moved to the exact moment unless it is already this close (a frame). */
const SEEK_EPSILON_S = 0.02

/** A video's state as the link reads it (the element's own fields). */
export interface Playhead {
  currentTime: number
  duration: number
  paused: boolean
  ended: boolean
  playbackRate: number
}

/** What the follower does so it shows the leader's moment: each field null when it is already right. */
export interface LinkStep {
  seek: number | null
  play: boolean
  pause: boolean
  rate: number | null
}

/** The leader's moment on the follower: the same time, held at the follower's last frame when it is shorter. */
export function linkedTime(time: number, followerDuration: number): number {
  const end = Number.isFinite(followerDuration) && followerDuration > 0 ? followerDuration : time
  return Math.min(Math.max(0, time), end)
}

/**
 * What the follower must do to show the leader's moment (compare the same moment of v1 and v2). During
 * playback it is moved only once the two drift apart by more than DRIFT_S (seeking a playing video stalls
 * it); paused, to the frame. Idempotent: a follower that already matches has nothing to do, so its own
 * events (the echo of what the link did) ask nothing back of the leader. A shorter leader at its last
 * frame says nothing about a longer follower already past that point (it holds its frame while the other
 * finishes), and a follower at its end is not played again while the leader plays on.
 */
export function linkStep(leader: Playhead, follower: Playhead): LinkStep {
  const threshold = leader.paused ? SEEK_EPSILON_S : DRIFT_S
  const target = linkedTime(leader.currentTime, follower.duration)
  const leaderAtEnd = leader.ended || leader.currentTime >= leader.duration - SEEK_EPSILON_S
  const heldByLeader = leaderAtEnd && follower.currentTime >= leader.currentTime
  const seek = !heldByLeader && Math.abs(follower.currentTime - target) > threshold ? target : null
  const followerEnd = Number.isFinite(follower.duration) ? follower.duration - SEEK_EPSILON_S : Infinity
  // An ended leader's pause is its end, not the reviewer's: the other plays on.
  return {
    seek,
    play: !leader.paused && follower.paused && target < followerEnd,
    pause: leader.paused && !leader.ended && !follower.paused,
    rate: follower.playbackRate === leader.playbackRate ? null : leader.playbackRate,
  }
}
