import { describe, expect, test } from 'bun:test'
import { ApiError } from '@pinpoint/api'
import { premiumLimitOf } from './premium-limit'

describe('premiumLimitOf', () => {
  test('reads the limit and the replaceable canvases of the 409', () => {
    const error = new ApiError({
      message: 'Your plan includes 1 premium canvases. Choose one to replace.',
      error: 'Conflict',
      status: 409,
      meta: { limit: 1, premiumCanvases: [{ id: 'c1', title: 'Portfolio' }] },
    })
    expect(premiumLimitOf(error)).toEqual({ limit: 1, premiumCanvases: [{ id: 'c1', title: 'Portfolio' }] })
  })

  test('any other failure is not a limit', () => {
    expect(
      premiumLimitOf(new ApiError({ message: 'x', error: 'Conflict', status: 409, meta: {} })),
    ).toBeNull()
    expect(
      premiumLimitOf(new ApiError({ message: 'x', error: 'Forbidden', status: 403, meta: { limit: 1 } })),
    ).toBeNull()
    expect(premiumLimitOf(new Error('offline'))).toBeNull()
  })
})
