import { describe, expect, test } from 'bun:test'
import { ApiError } from '@pinpoint/api'
import { parseGuestTours } from './tours'
import { parseTrackingSettings, reportCanvasCreation } from './tracking'

describe('tracking settings from the page bootstrap', () => {
  test('events only when the server says so; cookies unless it says no', () => {
    expect(parseTrackingSettings('{"user":null,"tracking":{"events":true,"cookies":false}}')).toEqual({
      events: true,
      cookies: false,
    })
    expect(parseTrackingSettings('{"user":null}')).toEqual({ events: false, cookies: true })
    expect(parseTrackingSettings(null)).toEqual({ events: false, cookies: true })
    expect(parseTrackingSettings('{bad')).toEqual({ events: false, cookies: true })
  })
})

describe('reportCanvasCreation', () => {
  test('the creation error reaches the caller unchanged (SPEC 8: reported, then rethrown)', async () => {
    const failure = new ApiError({
      message: 'Enter a valid address.',
      error: 'ValidationFailed',
      status: 422,
    })
    await expect(reportCanvasCreation('website', () => Promise.reject(failure))).rejects.toBe(failure)
  })

  test('a success passes through', async () => {
    expect(await reportCanvasCreation('design', async () => 'created')).toBe('created')
  })
})

test('guest tours: an unreadable stored value counts as nothing seen', () => {
  expect(parseGuestTours('{"guest-canvas":"2026-11-24T10:00:00.000Z"}')).toEqual({
    'guest-canvas': '2026-11-24T10:00:00.000Z',
  })
  expect(parseGuestTours('[1]')).toEqual({})
  expect(parseGuestTours('nope')).toEqual({})
  expect(parseGuestTours(null)).toEqual({})
})
