import { describe, expect, test } from 'bun:test'
import type { Annotation } from '../data/types'
import {
  filterAnnotations,
  groupByStatus,
  numberAnnotations,
  plainComment,
  sortAnnotations,
  stepSelection,
} from './list'

let n = 0
function annotation(overrides: Partial<Annotation>): Annotation {
  n += 1
  return {
    id: `a${n}`,
    CanvasId: 'c',
    CanvasRevisionId: 'r',
    CanvasAssetId: null,
    canvasAssetPageIndex: 0,
    UserId: 'u',
    userName: 'Ada',
    comment: 'Hello',
    path: null,
    isPrivate: false,
    status: 'active',
    inactiveReason: null,
    metadata: {},
    x: 0.5,
    y: 0.5,
    videoTime: null,
    assignedUserId: null,
    assignedUser: null,
    Labels: [],
    textContentBefore: null,
    textContentAfter: null,
    AnnotationReplies: [],
    FileAttachments: [],
    numFileAttachments: 0,
    createdAt: `2026-01-0${n % 9 || 1}T00:00:00.000Z`,
    ...overrides,
  }
}

const first = annotation({ createdAt: '2026-01-01T00:00:00.000Z', comment: 'Logo too small', y: 0.9 })
const second = annotation({
  createdAt: '2026-01-02T00:00:00.000Z',
  comment: 'Typo @[Grace](user:g1)',
  status: 'resolved',
  canvasAssetPageIndex: 1,
})
const third = annotation({
  createdAt: '2026-01-03T00:00:00.000Z',
  comment: 'Colour',
  y: 0.1,
  Labels: [{ id: 'l1', name: 'Design', color: '#f00' }],
  AnnotationReplies: [
    {
      id: 'r1',
      AnnotationId: 'x',
      UserId: null,
      userName: 'Bob',
      comment: 'agreed, darker',
      isPrivate: false,
      FileAttachments: [],
      createdAt: '',
    },
  ],
})
const all = [third, first, second]
const numbers = numberAnnotations(all)
const placement = { assetId: null, pageIndex: 0, path: null }
const none = { search: '', statuses: [], labelIds: [], currentPageOnly: false }

describe('list rules', () => {
  test('numbers follow creation order', () => {
    expect([numbers.get(first.id), numbers.get(second.id), numbers.get(third.id)]).toEqual([1, 2, 3])
  })

  test('mention markup reads as @name', () => {
    expect(plainComment('Typo @[Grace](user:g1)')).toBe('Typo @Grace')
  })

  test('search looks in text, mentions, labels, replies and the pin number', () => {
    const search = (q: string) =>
      filterAnnotations(all, { ...none, search: q }, placement, numbers).map((a) => a.id)
    expect(search('grace')).toEqual([second.id])
    expect(search('design')).toEqual([third.id])
    expect(search('darker')).toEqual([third.id])
    expect(search('#1')).toEqual([first.id])
  })

  test('filters by status, label and current page', () => {
    expect(filterAnnotations(all, { ...none, statuses: ['active'] }, placement, numbers)).toHaveLength(2)
    expect(filterAnnotations(all, { ...none, labelIds: ['l1'] }, placement, numbers)).toEqual([third])
    expect(filterAnnotations(all, { ...none, currentPageOnly: true }, placement, numbers)).not.toContain(
      second,
    )
  })

  test('sorts by page (top to bottom), recency and oldest', () => {
    expect(sortAnnotations(all, 'page', new Map()).map((a) => a.id)).toEqual([third.id, first.id, second.id])
    expect(sortAnnotations(all, 'recency', new Map()).map((a) => a.id)).toEqual([
      third.id,
      second.id,
      first.id,
    ])
    expect(sortAnnotations(all, 'oldest', new Map()).map((a) => a.id)).toEqual([
      first.id,
      second.id,
      third.id,
    ])
  })

  test('previous and next wrap around', () => {
    const ids = ['a', 'b', 'c']
    expect(stepSelection(ids, 'c', 1)).toBe('a')
    expect(stepSelection(ids, 'a', -1)).toBe('c')
    expect(stepSelection(ids, null, 1)).toBe('a')
    expect(stepSelection(ids, null, -1)).toBe('c')
    expect(stepSelection([], 'a', 1)).toBeNull()
  })

  test('groups by status keeping the order', () => {
    const groups = groupByStatus(sortAnnotations(all, 'oldest', new Map()), { active: 'Open' })
    expect(groups.map((g) => [g.title, g.items.length])).toEqual([
      ['Open', 2],
      ['resolved', 1],
    ])
  })
})

describe('exported filter (SPEC 4: exported once lastExportDate is set)', () => {
  const exported = annotation({ lastExportDate: '2026-02-01T00:00:00.000Z' })
  const list = [first, exported]
  const ids = (filter: 'all' | 'exported' | 'not-exported') =>
    filterAnnotations(list, { ...none, exported: filter }, placement, numberAnnotations(list)).map(
      (a) => a.id,
    )

  test('all, only the exported, only the others', () => {
    expect(ids('all')).toEqual([first.id, exported.id])
    expect(ids('exported')).toEqual([exported.id])
    expect(ids('not-exported')).toEqual([first.id])
  })
})
