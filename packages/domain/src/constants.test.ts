import { describe, expect, test } from 'bun:test'
import {
  ANNOTATION_STATUSES,
  CANVAS_SORTS,
  CANVAS_STATUS_FILTERS,
  CANVAS_TYPES,
  COMMENT_VISIBILITIES,
  commentVisibility,
  DEFAULT_ANNOTATION_SORT,
  DEFAULT_CANVAS_SORT,
  DEFAULT_CANVAS_STATUS_FILTER,
  DEFAULT_FOLDER_SORT,
  DEFAULT_SIDEBAR_WIDTH,
  DEFAULT_UPLOAD_RETRY_DELAYS_MS,
  DEFAULT_VIEW_MODE,
  DEFAULT_VIEW_WIDTH,
  DEFAULT_VISIBLE_ANNOTATION_STATUSES,
  DEFAULT_ZOOM,
  DEVICE_WIDTHS,
  FOLDER_SORTS,
  FOLDER_VISIBILITIES,
  FREE_PLAN_ID,
  INITIAL_VISIT_COOKIE_MAX_AGE_S,
  isAnnotationStatus,
  isCanvasType,
  isFolderVisibility,
  isOneOf,
  isPrivateVisibility,
  MOBILE_WIDTH_LIMIT,
  NARROW_WINDOW_MAX_WIDTH,
  NOTIFICATION_TIMEOUT_MS,
  NOTIFICATION_TRANSITION_MS,
  PAID_GRACE_MS,
  PLAN_IDS,
  PRESENCE_TIMEOUT_MS,
  TABLET_MAX_WIDTH,
  TOAST_ANIMATION_MS,
  TOAST_TIMEOUT_MS,
  TOAST_TYPES,
  TRIALING_GRACE_MS,
  USER_INFO_COOKIE_MAX_AGE_S,
  VIDEO_UPLOAD_RETRY_DELAYS_MS,
} from './constants'

describe('SPEC 9 constants', () => {
  test('timings', () => {
    expect(TOAST_TIMEOUT_MS).toBe(5000)
    expect(TOAST_ANIMATION_MS).toBe(300)
    expect(NOTIFICATION_TIMEOUT_MS).toBe(5000)
    expect(NOTIFICATION_TRANSITION_MS).toBe(400)
    expect(PRESENCE_TIMEOUT_MS).toBe(30_000)
  })

  test('grace periods are exactly 7 days and 2 hours', () => {
    expect(PAID_GRACE_MS).toBe(604_800_000)
    expect(TRIALING_GRACE_MS).toBe(7_200_000)
  })

  test('device widths and layout defaults', () => {
    expect(MOBILE_WIDTH_LIMIT).toBe(500)
    expect(TABLET_MAX_WIDTH).toBe(768)
    expect(NARROW_WINDOW_MAX_WIDTH).toBe(768)
    expect(DEFAULT_SIDEBAR_WIDTH).toBe(233)
    expect(DEFAULT_ZOOM).toBe(100)
    expect(DEFAULT_VIEW_WIDTH).toBe(375)
    expect(DEFAULT_VIEW_MODE).toBe('desktop')
    expect([...DEVICE_WIDTHS]).toEqual([320, 360, 375, 384, 390, 412, 414, 430, 768])
    expect(DEVICE_WIDTHS).toContain(DEFAULT_VIEW_WIDTH)
  })

  test('upload retry delays', () => {
    expect([...VIDEO_UPLOAD_RETRY_DELAYS_MS]).toEqual([0, 3000, 5000, 10_000, 20_000, 60_000, 60_000])
    expect([...DEFAULT_UPLOAD_RETRY_DELAYS_MS]).toEqual([0, 1000, 3000, 5000])
  })

  test('cookie lifetimes', () => {
    expect(INITIAL_VISIT_COOKIE_MAX_AGE_S).toBe(30 * 24 * 60 * 60)
    expect(USER_INFO_COOKIE_MAX_AGE_S).toBe(3600)
  })

  test('filters and sorts with their defaults', () => {
    expect([...CANVAS_STATUS_FILTERS]).toEqual(['all', 'new-activity', 'archived', 'none'])
    expect(DEFAULT_CANVAS_STATUS_FILTER).toBe('all')
    expect([...CANVAS_SORTS]).toEqual(['recency', 'name', 'oldest'])
    expect(DEFAULT_CANVAS_SORT).toBe('recency')
    expect([...FOLDER_SORTS]).toEqual(['name', 'recency', 'oldest'])
    expect(DEFAULT_FOLDER_SORT).toBe('name')
    expect(DEFAULT_ANNOTATION_SORT).toBe('page')
  })

  test('plans', () => {
    expect(FREE_PLAN_ID).toBe('free0')
    expect(PLAN_IDS).toHaveLength(13)
    expect(new Set(PLAN_IDS).size).toBe(13)
    expect(PLAN_IDS).toContain('enterprise45peruseryearly')
  })

  test('enumerations', () => {
    expect([...ANNOTATION_STATUSES]).toEqual(['active', 'in-progress', 'in-review', 'resolved'])
    expect([...DEFAULT_VISIBLE_ANNOTATION_STATUSES]).toEqual(['active', 'in-progress', 'in-review'])
    expect([...CANVAS_TYPES]).toEqual(['website', 'design', 'email', 'video', 'pdf', 'other'])
    expect([...FOLDER_VISIBILITIES]).toEqual(['only-team', 'anyone-with-link', 'only-me'])
    expect([...COMMENT_VISIBILITIES]).toEqual(['team', 'everyone'])
    expect([...TOAST_TYPES]).toEqual(['info', 'success', 'error', 'warning'])
  })
})

describe('guards', () => {
  test('isOneOf accepts members only, and only strings', () => {
    expect(isOneOf(CANVAS_SORTS, 'name')).toBe(true)
    expect(isOneOf(CANVAS_SORTS, 'Name')).toBe(false)
    expect(isOneOf(CANVAS_SORTS, 1)).toBe(false)
    expect(isOneOf(CANVAS_SORTS, null)).toBe(false)
  })

  test('typed guards', () => {
    expect(isAnnotationStatus('resolved')).toBe(true)
    expect(isAnnotationStatus('done')).toBe(false)
    expect(isCanvasType('pdf')).toBe(true)
    expect(isCanvasType('image')).toBe(false)
    expect(isFolderVisibility('only-me')).toBe(true)
    expect(isFolderVisibility('private')).toBe(false)
  })

  test('comment visibility maps to and from isPrivate', () => {
    expect(commentVisibility(true)).toBe('team')
    expect(commentVisibility(false)).toBe('everyone')
    expect(commentVisibility(null)).toBe('everyone')
    expect(isPrivateVisibility('team')).toBe(true)
    expect(isPrivateVisibility('everyone')).toBe(false)
  })
})
