import { describe, expect, test } from 'bun:test'
import { deviceBucket, isMobileCommentView, viewForCommentWindow, widestPresetFor } from './devices'

describe('deviceBucket', () => {
  test('boundaries 499/500 and 768/769', () => {
    expect(deviceBucket(0)).toBe('mobile')
    expect(deviceBucket(499)).toBe('mobile')
    expect(deviceBucket(499.5)).toBe('mobile')
    expect(deviceBucket(500)).toBe('tablet')
    expect(deviceBucket(768)).toBe('tablet')
    expect(deviceBucket(768.5)).toBe('desktop')
    expect(deviceBucket(769)).toBe('desktop')
    expect(deviceBucket(1920)).toBe('desktop')
  })

  test('missing width counts as desktop', () => {
    expect(deviceBucket(undefined)).toBe('desktop')
    expect(deviceBucket(null)).toBe('desktop')
    expect(deviceBucket(Number.NaN)).toBe('desktop')
  })
})

describe('isMobileCommentView', () => {
  test('width under 500 and taller than wide', () => {
    expect(isMobileCommentView({ width: 499, height: 800 })).toBe(true)
    expect(isMobileCommentView({ width: 500, height: 800 })).toBe(false)
    expect(isMobileCommentView({ width: 400, height: 400 })).toBe(false)
    expect(isMobileCommentView({ width: 400, height: 401 })).toBe(true)
  })
})

describe('widestPresetFor', () => {
  test('widest preset not wider than the window', () => {
    expect(widestPresetFor(375)).toBe(375)
    expect(widestPresetFor(376)).toBe(375)
    expect(widestPresetFor(429)).toBe(414)
    expect(widestPresetFor(767)).toBe(430)
    expect(widestPresetFor(768)).toBe(768)
  })

  test('narrower than every preset: the smallest preset', () => {
    expect(widestPresetFor(319)).toBe(320)
    expect(widestPresetFor(100)).toBe(320)
  })
})

describe('viewForCommentWindow', () => {
  test('768 wide or less and taller than wide: mobile at the widest preset that fits', () => {
    expect(viewForCommentWindow({ width: 768, height: 1024 })).toEqual({ viewMode: 'mobile', width: 768 })
    expect(viewForCommentWindow({ width: 393, height: 852 })).toEqual({ viewMode: 'mobile', width: 390 })
    expect(viewForCommentWindow({ width: 300, height: 600 })).toEqual({ viewMode: 'mobile', width: 320 })
  })

  test('769 wide, or not taller than wide: desktop', () => {
    expect(viewForCommentWindow({ width: 769, height: 1024 })).toEqual({ viewMode: 'desktop' })
    expect(viewForCommentWindow({ width: 700, height: 700 })).toEqual({ viewMode: 'desktop' })
    expect(viewForCommentWindow({ width: 700, height: 500 })).toEqual({ viewMode: 'desktop' })
  })

  test('missing or broken window: desktop', () => {
    expect(viewForCommentWindow(null)).toEqual({ viewMode: 'desktop' })
    expect(viewForCommentWindow({ width: Number.NaN, height: 900 })).toEqual({ viewMode: 'desktop' })
  })
})
