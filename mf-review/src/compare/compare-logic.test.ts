import { describe, expect, test } from 'bun:test'
import type { Annotation } from '../data/types'
import {
  carriable,
  carriedText,
  DRIFT_S,
  defaultPair,
  linkedTime,
  linkStep,
  type Playhead,
  pinsAtTime,
  pinsOf,
} from './compare-logic'

const revisions = [1, 2, 3].map((number) => ({ id: `r${number}`, CanvasId: 'c', number }))
const note = (id: string, extra: Partial<Annotation>): Annotation =>
  ({
    id,
    CanvasRevisionId: 'r1',
    status: 'active',
    path: '/',
    x: 0.5,
    y: 0.5,
    metadata: {},
    CanvasAssetId: null,
    canvasAssetPageIndex: 0,
    ...extra,
  }) as Annotation

describe('compare view rules', () => {
  test('the shown revision against the one before it; the first against the second', () => {
    expect(defaultPair(revisions, 3)).toEqual({ left: 2, right: 3, mode: 'side' })
    expect(defaultPair(revisions, 1)).toEqual({ left: 1, right: 2, mode: 'side' })
    expect(defaultPair(revisions, null)).toEqual({ left: 2, right: 3, mode: 'side' })
    expect(defaultPair(revisions.slice(0, 1), 1)).toBeNull()
  })

  test('pins per side and what carry moves', () => {
    const list = [
      note('a', {}),
      note('b', { status: 'resolved' }),
      note('c', { CanvasRevisionId: 'r2' }),
      note('d', { path: '/about' }),
    ]
    expect(pinsOf(list, 'r1', { assetId: null, pageIndex: 0, path: '/' }).map((a) => a.id)).toEqual(['a'])
    expect(carriable(list, 'r1', '/').map((a) => a.id)).toEqual(['a'])
    expect(carriable(list, 'r1', null).map((a) => a.id)).toEqual(['a', 'd'])
  })

  test('the carry summary', () => {
    expect(carriedText([{ status: 'reanchored' }, { status: 'needs-new-spot' }], 2)).toBe(
      '2 comments carried to v2: 1 re-anchored, 1 needs a new spot.',
    )
    expect(carriedText([], 2)).toBe('No open comments to carry to v2.')
  })

  test('a video side shows the pins around its moment only', () => {
    const pins = [
      note('start', { videoTime: 0.5 }),
      note('end', { videoTime: 8 }),
      note('image', { videoTime: null }),
    ]
    expect(pinsAtTime(pins, 0, 0.75).map((a) => a.id)).toEqual(['start', 'image'])
    expect(pinsAtTime(pins, 8.6, 0.75).map((a) => a.id)).toEqual(['end', 'image'])
    expect(pinsAtTime(pins, 4, 0.75).map((a) => a.id)).toEqual(['image'])
  })
})

const head = (extra: Partial<Playhead>): Playhead => ({
  currentTime: 0,
  duration: 12,
  paused: true,
  ended: false,
  playbackRate: 1,
  ...extra,
})
const idle = { seek: null, play: false, pause: false, rate: null }

describe('linked playback of two videos', () => {
  test("the leader's moment, clamped to the follower's length", () => {
    expect(linkedTime(3, 12)).toBe(3)
    expect(linkedTime(8, 4)).toBe(4)
    expect(linkedTime(-1, 4)).toBe(0)
    // Length not known yet (NaN, Infinity for a stream): the same time.
    expect(linkedTime(5, Number.NaN)).toBe(5)
  })

  test('paused: a seek moves the other to the same frame, or to its last one', () => {
    expect(linkStep(head({ currentTime: 2 }), head({ duration: 4 }))).toEqual({ ...idle, seek: 2 })
    expect(linkStep(head({ currentTime: 8 }), head({ duration: 4 }))).toEqual({ ...idle, seek: 4 })
    expect(linkStep(head({ currentTime: 2 }), head({ currentTime: 2.01 }))).toEqual(idle)
  })

  test('play, pause and speed follow; a follower already there has nothing to do (no echo back)', () => {
    const playing = head({ currentTime: 1, paused: false, playbackRate: 1.5 })
    expect(linkStep(playing, head({ currentTime: 1 }))).toEqual({ ...idle, play: true, rate: 1.5 })
    expect(linkStep(head({ currentTime: 1 }), head({ currentTime: 1, paused: false }))).toEqual({
      ...idle,
      pause: true,
    })
    // The follower's own play event, once it plays at the leader's moment: nothing back.
    const follower = head({ currentTime: 1.05, paused: false, playbackRate: 1.5 })
    expect(linkStep(follower, playing)).toEqual(idle)
  })

  test('during playback the other is re-synced only past the drift threshold', () => {
    const leader = head({ currentTime: 5, paused: false })
    expect(linkStep(leader, head({ currentTime: 5 - DRIFT_S / 2, paused: false }))).toEqual(idle)
    expect(linkStep(leader, head({ currentTime: 5 - DRIFT_S - 0.05, paused: false }))).toEqual({
      ...idle,
      seek: 5,
    })
    expect(linkStep(leader, head({ currentTime: 5.4, paused: false })).seek).toBe(5)
  })

  test('a shorter video holds its last frame while the longer one finishes', () => {
    const short = head({ duration: 4, currentTime: 4, paused: true, ended: true })
    const long = head({ currentTime: 4.2, paused: false })
    // The short one's end (it pauses by itself) neither pauses nor pulls back the long one.
    expect(linkStep(short, long)).toEqual(idle)
    // The long one playing on neither moves nor replays the short one at its end.
    expect(linkStep(long, short)).toEqual(idle)
    expect(linkStep(head({ currentTime: 9, paused: false }), short)).toEqual(idle)
    // Sent back before the short one's end, the short one plays again from there.
    expect(linkStep(head({ currentTime: 2, paused: false }), short)).toEqual({ ...idle, seek: 2, play: true })
    // The short one moved to its very end while the long one is earlier: the long one comes to it.
    expect(linkStep(head({ duration: 4, currentTime: 4 }), head({ currentTime: 1 }))).toEqual({
      ...idle,
      seek: 4,
    })
  })
})
