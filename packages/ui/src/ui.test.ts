import { describe, expect, test } from 'bun:test'
import { avatarHue, initials } from './avatar-logic'
import { cn } from './cn'
import { fieldAria } from './field-aria'
import { formatBytes, formatRelativeTime, plural } from './format'
import { newPasswordCheck } from './new-password'

describe('cn', () => {
  test('joins truthy classes and flattens lists', () => {
    expect(cn('a', false, null, undefined, 0, ['b', ['c', false]], '')).toBe('a b c')
  })
})

describe('initials', () => {
  test('first and last word, upper-cased', () => {
    expect(initials('Ada King Lovelace')).toBe('AL')
    expect(initials('grace')).toBe('G')
    expect(initials('  ')).toBe('?')
    expect(initials('ada.lovelace@example.com')).toBe('AC')
  })
})

describe('avatarHue', () => {
  test('is stable, case-insensitive and within 0..359', () => {
    expect(avatarHue('Ada')).toBe(avatarHue(' ada '))
    for (const name of ['a', 'Grace Hopper', 'x'.repeat(500)]) {
      const hue = avatarHue(name)
      expect(hue).toBeGreaterThanOrEqual(0)
      expect(hue).toBeLessThan(360)
    }
  })
})

describe('fieldAria', () => {
  test('describes the control by the error when there is one, else by the hint', () => {
    expect(fieldAria({ id: 'f', hasHint: true, hasError: true }).describedBy).toBe('f-error')
    expect(fieldAria({ id: 'f', hasHint: true, hasError: false }).describedBy).toBe('f-hint')
    expect(fieldAria({ id: 'f', hasHint: false, hasError: false }).describedBy).toBeUndefined()
  })
})

describe('format', () => {
  test('formatBytes picks the unit', () => {
    expect(formatBytes(0)).toBe('0 B')
    expect(formatBytes(999)).toBe('999 B')
    expect(formatBytes(1500)).toBe('1.5 KB')
    expect(formatBytes(250_000_000)).toBe('250 MB')
    expect(formatBytes(-1)).toBe('—')
  })

  test('formatRelativeTime with an injected now', () => {
    const now = Date.UTC(2026, 10, 20, 12)
    expect(formatRelativeTime(now - 10_000, now)).toBe('just now')
    expect(formatRelativeTime(now - 5 * 60_000, now)).toBe('5 min ago')
    expect(formatRelativeTime(now - 3 * 3_600_000, now)).toBe('3 h ago')
    expect(formatRelativeTime(now - 2 * 86_400_000, now)).toBe('2 d ago')
    expect(formatRelativeTime(Date.UTC(2026, 0, 5, 12), now)).toBe('Jan 5')
    expect(formatRelativeTime('not a date', now)).toBe('')
  })

  test('plural', () => {
    expect(plural(1, 'canvas', 'canvases')).toBe('1 canvas')
    expect(plural(0, 'canvas', 'canvases')).toBe('0 canvases')
  })
})

describe('newPasswordCheck', () => {
  test('flags a short password and a differing repetition only once typed', () => {
    expect(newPasswordCheck('', '', 8)).toEqual({ tooShort: false, mismatch: false, ready: false })
    expect(newPasswordCheck('short', '', 8)).toEqual({ tooShort: true, mismatch: false, ready: false })
    expect(newPasswordCheck('long enough', 'long', 8)).toEqual({
      tooShort: false,
      mismatch: true,
      ready: false,
    })
    expect(newPasswordCheck('long enough', 'long enough', 8)).toEqual({
      tooShort: false,
      mismatch: false,
      ready: true,
    })
  })
})
