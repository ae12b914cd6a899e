import { describe, expect, test } from 'bun:test'
import { TOAST_TIMEOUT_MS } from './constants'
import { nextToastPhase, TOAST_PHASES, validateToast } from './toast'

describe('validateToast', () => {
  test('requires a type', () => {
    expect(() => validateToast({ message: 'Saved' })).toThrow('Missing toast type!')
    expect(() => validateToast({ type: '', message: 'Saved' })).toThrow('Missing toast type!')
  })

  test('requires a message (type is checked first)', () => {
    expect(() => validateToast({ type: 'success' })).toThrow('Missing toast message!')
    expect(() => validateToast({ type: 'success', message: '' })).toThrow('Missing toast message!')
    expect(() => validateToast({})).toThrow('Missing toast type!')
  })

  test('rejects unknown types', () => {
    expect(() => validateToast({ type: 'fancy', message: 'x' })).toThrow('Unknown toast type: fancy!')
  })

  test('normalizes with the default timeout', () => {
    expect(validateToast({ type: 'info', message: 'Hello' })).toEqual({
      type: 'info',
      message: 'Hello',
      title: null,
      timeout: TOAST_TIMEOUT_MS,
      action: null,
    })
  })

  test('keeps a valid timeout, title and action', () => {
    const toast = validateToast({
      type: 'warning',
      message: 'Moved to Launch',
      title: 'Heads up',
      timeout: 8000,
      action: { label: 'Undo' },
    })
    expect(toast.timeout).toBe(8000)
    expect(toast.title).toBe('Heads up')
    expect(toast.action).toEqual({ label: 'Undo' })
    expect(validateToast({ type: 'error', message: 'x', timeout: 0 }).timeout).toBe(5000)
    expect(validateToast({ type: 'error', message: 'x', timeout: -1 }).timeout).toBe(5000)
  })
})

describe('toast phases', () => {
  test('in order, removed is final', () => {
    expect([...TOAST_PHASES]).toEqual(['animating-in', 'visible', 'animating-out', 'removed'])
    expect(nextToastPhase('animating-in')).toBe('visible')
    expect(nextToastPhase('visible')).toBe('animating-out')
    expect(nextToastPhase('animating-out')).toBe('removed')
    expect(nextToastPhase('removed')).toBe('removed')
  })
})
