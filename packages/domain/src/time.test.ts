import { describe, expect, test } from 'bun:test'
import { toEpochMs } from './time'

describe('toEpochMs', () => {
  test('Date, ISO string and number', () => {
    expect(toEpochMs(new Date(1000))).toBe(1000)
    expect(toEpochMs('1970-01-01T00:00:01.000Z')).toBe(1000)
    expect(toEpochMs(0)).toBe(0)
  })

  test('missing or invalid is null', () => {
    expect(toEpochMs(null)).toBeNull()
    expect(toEpochMs(undefined)).toBeNull()
    expect(toEpochMs('')).toBeNull()
    expect(toEpochMs('soon')).toBeNull()
    expect(toEpochMs(new Date('nope'))).toBeNull()
    expect(toEpochMs(Number.POSITIVE_INFINITY)).toBeNull()
  })
})
