import { describe, expect, test } from 'bun:test'
import { CONTEXT_PX, captureRegion, contains, MAX_HEIGHT_PX, MAX_WIDTH_PX, MIN_WIDTH_PX } from './region'

const page = { width: 1280, height: 4000 }

describe('the region of a pin screenshot', () => {
  test('a medium element is shown whole with its context', () => {
    const element = { x: 200, y: 1000, width: 400, height: 200 }
    const region = captureRegion(element, { x: 300, y: 1100 }, page)
    expect(region).toEqual({
      x: 200 - CONTEXT_PX,
      y: 1000 - CONTEXT_PX,
      width: 400 + 2 * CONTEXT_PX,
      height: 200 + 2 * CONTEXT_PX,
    })
  })

  test('a tiny element gets at least the minimum around it', () => {
    const region = captureRegion({ x: 600, y: 600, width: 10, height: 10 }, { x: 605, y: 605 }, page)
    expect(region.width).toBe(MIN_WIDTH_PX)
    expect(contains(region, { x: 600, y: 600, width: 10, height: 10 })).toBe(true)
    expect(region.x + region.width / 2).toBeCloseTo(605, 0)
  })

  test('a huge element is cut to the maximum, centred on the pin', () => {
    const region = captureRegion({ x: 0, y: 0, width: 1280, height: 4000 }, { x: 640, y: 2000 }, page)
    expect(region).toEqual({
      x: 640 - MAX_WIDTH_PX / 2,
      y: 2000 - MAX_HEIGHT_PX / 2,
      width: MAX_WIDTH_PX,
      height: MAX_HEIGHT_PX,
    })
  })

  test('the region stays inside the page at its edges, and on a page smaller than the minimum', () => {
    const corner = captureRegion({ x: 0, y: 0, width: 50, height: 20 }, { x: 10, y: 10 }, page)
    expect(corner.x).toBe(0)
    expect(corner.y).toBe(0)
    const small = captureRegion(
      { x: 10, y: 10, width: 50, height: 20 },
      { x: 20, y: 20 },
      { width: 300, height: 150 },
    )
    expect(small).toEqual({ x: 0, y: 0, width: 300, height: 150 })
  })
})
