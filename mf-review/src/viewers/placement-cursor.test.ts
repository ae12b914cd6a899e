import { describe, expect, test } from 'bun:test'
import { CURSOR_STEP, centreInView, moveCursor } from './placement-cursor'

const rect = (left: number, top: number, width: number, height: number) =>
  ({ left, top, width, height, right: left + width, bottom: top + height }) as DOMRect

describe('placement cursor', () => {
  test('an arrow moves the cursor one step; with Shift five', () => {
    expect(moveCursor({ x: 0.5, y: 0.5 }, 'ArrowRight', false)).toEqual({ x: 0.5 + CURSOR_STEP, y: 0.5 })
    expect(moveCursor({ x: 0.5, y: 0.5 }, 'ArrowUp', true)).toEqual({ x: 0.5, y: 0.4 })
    expect(moveCursor({ x: 0.5, y: 0.5 }, 'ArrowLeft', false)).toEqual({ x: 0.48, y: 0.5 })
    expect(moveCursor({ x: 0.5, y: 0.5 }, 'ArrowDown', true)).toEqual({ x: 0.5, y: 0.6 })
  })

  test('the cursor stays inside the area', () => {
    expect(moveCursor({ x: 0.99, y: 0.01 }, 'ArrowRight', true)).toEqual({ x: 1, y: 0.01 })
    expect(moveCursor({ x: 0.99, y: 0.01 }, 'ArrowUp', true)).toEqual({ x: 0.99, y: 0 })
  })

  test('other keys do not move it', () => {
    expect(moveCursor({ x: 0.5, y: 0.5 }, 'Enter', false)).toBeNull()
    expect(moveCursor({ x: 0.5, y: 0.5 }, 'a', false)).toBeNull()
  })

  test('it starts in the middle of the part of the area in view', () => {
    // A page 1000 px tall scrolled so its top 400 px show in a 400 px view: the middle of what shows.
    expect(centreInView(rect(0, 0, 800, 1000), rect(0, 0, 800, 400))).toEqual({ x: 0.5, y: 0.2 })
    // The whole area in view: its centre.
    expect(centreInView(rect(100, 100, 200, 200), rect(0, 0, 800, 800))).toEqual({ x: 0.5, y: 0.5 })
    // Out of view altogether: its centre, never outside it.
    expect(centreInView(rect(0, 2000, 100, 100), rect(0, 0, 800, 800))).toEqual({ x: 0.5, y: 0.5 })
  })
})
