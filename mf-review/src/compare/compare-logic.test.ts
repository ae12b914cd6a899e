import { describe, expect, test } from 'bun:test'
import type { Annotation } from '../data/types'
import { carriable, carriedText, defaultPair, pinsAtTime, pinsOf } from './compare-logic'

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
