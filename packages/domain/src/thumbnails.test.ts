import { describe, expect, test } from 'bun:test'
import { mayStoreThumbnail, THUMBNAIL_REFRESH_MS, thumbnailCaptureDue } from './thumbnails'

const now = new Date('2026-05-01T12:00:00Z')
const ago = (ms: number) => new Date(now.getTime() - ms)

describe('thumbnailCaptureDue', () => {
  test('a revision without a picture gets one, whatever the viewer', () => {
    for (const canvasType of ['website', 'email', 'design', 'video']) {
      expect(thumbnailCaptureDue({ canvasType, takenAt: null, mayReplace: false, now })).toBe(true)
    }
  })

  test('PDF pages are drawn by the server, so the browser never takes one', () => {
    expect(thumbnailCaptureDue({ canvasType: 'pdf', takenAt: null, mayReplace: true, now })).toBe(false)
  })

  test('an editor refreshes a live website picture once it is a day old, nobody else does', () => {
    const old = ago(THUMBNAIL_REFRESH_MS)
    const fresh = ago(THUMBNAIL_REFRESH_MS - 1)
    expect(thumbnailCaptureDue({ canvasType: 'website', takenAt: old, mayReplace: true, now })).toBe(true)
    expect(thumbnailCaptureDue({ canvasType: 'website', takenAt: fresh, mayReplace: true, now })).toBe(false)
    expect(thumbnailCaptureDue({ canvasType: 'website', takenAt: old, mayReplace: false, now })).toBe(false)
  })

  test('files do not change within a revision: their picture is taken once', () => {
    for (const canvasType of ['email', 'design', 'video']) {
      const takenAt = ago(10 * THUMBNAIL_REFRESH_MS).toISOString()
      expect(thumbnailCaptureDue({ canvasType, takenAt, mayReplace: true, now })).toBe(false)
    }
  })
})

describe('mayStoreThumbnail', () => {
  test('the first picture may come from any viewer; replacing one needs an editor', () => {
    expect(mayStoreThumbnail({ hasThumbnail: false, mayReplace: false })).toBe(true)
    expect(mayStoreThumbnail({ hasThumbnail: true, mayReplace: false })).toBe(false)
    expect(mayStoreThumbnail({ hasThumbnail: true, mayReplace: true })).toBe(true)
  })
})
