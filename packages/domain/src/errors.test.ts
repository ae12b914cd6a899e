import { describe, expect, test } from 'bun:test'
import {
  AppError,
  Conflict,
  errorFromBody,
  Forbidden,
  isAppError,
  NetworkError,
  NotFound,
  NotLoggedIn,
  TooManyRequests,
  toErrorBody,
  ValidationFailed,
} from './errors'

describe('AppError', () => {
  test('defaults: name AppError, status 400, flag, no meta', () => {
    const error = new AppError('Bad input')
    expect(error).toBeInstanceOf(Error)
    expect(error.message).toBe('Bad input')
    expect(error.name).toBe('AppError')
    expect(error.status).toBe(400)
    expect(error.isAppError).toBe(true)
    expect(error.meta).toBeUndefined()
    expect(error.stack).toContain('Bad input')
  })

  test('options override name, status and meta, and keep the cause', () => {
    const cause = new Error('root')
    const error = new AppError('Gone', { name: 'Gone', status: 410, meta: { id: 1 }, cause })
    expect(error.name).toBe('Gone')
    expect(error.status).toBe(410)
    expect(error.meta).toEqual({ id: 1 })
    expect(error.cause).toBe(cause)
  })
})

describe('subclasses', () => {
  const cases: [AppError, string, number, string][] = [
    [new NotFound(), 'NotFound', 404, 'Not found.'],
    [new NotLoggedIn(), 'NotLoggedIn', 401, 'Not logged in.'],
    [new Forbidden(), 'Forbidden', 403, 'You are not allowed to do this.'],
    [new ValidationFailed(), 'ValidationFailed', 422, 'Validation failed.'],
    [new Conflict(), 'Conflict', 409, 'This conflicts with the current state.'],
    [new TooManyRequests(), 'TooManyRequests', 429, 'Too many requests. Please try again later.'],
    [new NetworkError(), 'NetworkError', 0, 'Network error'],
  ]
  for (const [error, name, status, message] of cases) {
    test(`${name}: ${status} '${message}'`, () => {
      expect(error).toBeInstanceOf(AppError)
      expect(error).toBeInstanceOf(Error)
      expect(error.name).toBe(name)
      expect(error.status).toBe(status)
      expect(error.message).toBe(message)
      expect(error.isAppError).toBe(true)
    })
  }

  test('custom message and meta', () => {
    const error = new NotFound('Comment not found.', { annotationId: 'a1' })
    expect(error.message).toBe('Comment not found.')
    expect(error.meta).toEqual({ annotationId: 'a1' })
    expect(error).toBeInstanceOf(NotFound)
  })

  test('TooManyRequests carries meta.retryAfter', () => {
    expect(new TooManyRequests(30).meta).toEqual({ retryAfter: 30 })
    expect(new TooManyRequests().meta).toBeUndefined()
  })
})

describe('isAppError', () => {
  test('instances and look-alikes from another bundle', () => {
    expect(isAppError(new NotFound())).toBe(true)
    expect(isAppError({ isAppError: true, message: 'x', status: 404, name: 'NotFound' })).toBe(true)
  })

  test('rejects plain errors and partial look-alikes', () => {
    expect(isAppError(new Error('x'))).toBe(false)
    expect(isAppError({ isAppError: true, message: 'x' })).toBe(false)
    expect(isAppError({ isAppError: 'yes', message: 'x', status: 400, name: 'A' })).toBe(false)
    expect(isAppError(null)).toBe(false)
    expect(isAppError('NotFound')).toBe(false)
  })
})

describe('toErrorBody', () => {
  test('app errors keep message, name, status and meta', () => {
    expect(toErrorBody(new TooManyRequests(12))).toEqual({
      message: 'Too many requests. Please try again later.',
      error: 'TooManyRequests',
      status: 429,
      meta: { retryAfter: 12 },
    })
    expect(toErrorBody(new NotFound())).toEqual({
      message: 'Not found.',
      error: 'NotFound',
      status: 404,
      meta: {},
    })
  })

  test('anything else is a generic 500 without internals', () => {
    const body = toErrorBody(new Error('password=hunter2 in SQL'))
    expect(body).toEqual({
      message: 'Something went wrong on our side. Please try again.',
      error: 'InternalError',
      status: 500,
      meta: {},
    })
    expect(toErrorBody('boom').status).toBe(500)
  })
})

describe('errorFromBody', () => {
  test('round-trips known errors to their classes', () => {
    const original = new ValidationFailed('Invalid email', { issues: [{ path: 'email', message: 'bad' }] })
    const copy = errorFromBody(toErrorBody(original))
    expect(copy).toBeInstanceOf(ValidationFailed)
    expect(copy.message).toBe('Invalid email')
    expect(copy.meta).toEqual({ issues: [{ path: 'email', message: 'bad' }] })
    expect(errorFromBody(toErrorBody(new NotLoggedIn()))).toBeInstanceOf(NotLoggedIn)
    expect(errorFromBody(toErrorBody(new TooManyRequests(5))).meta).toEqual({ retryAfter: 5 })
  })

  test('unknown names stay AppError with their name and status', () => {
    const error = errorFromBody({ message: 'Nope', error: 'PaymentRequired', status: 402, meta: {} })
    expect(error.constructor).toBe(AppError)
    expect(error.name).toBe('PaymentRequired')
    expect(error.status).toBe(402)
  })

  test('a non-SPEC body uses the fallback status', () => {
    const error = errorFromBody('<html>Bad gateway</html>', 502)
    expect(error.name).toBe('AppError')
    expect(error.status).toBe(502)
    expect(error.message).toBe('Something went wrong.')
  })
})
