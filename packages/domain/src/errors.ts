/**
 * The error catalogue (SPEC 8). Plain classes extending Error, usable in the browser and on the server.
 * The server maps any AppError to the body `{ message, error, status, meta }` with `toErrorBody`; the API
 * client turns such a body back into the matching class with `errorFromBody`.
 */

/** Extra machine-readable details of an error (e.g. `retryAfter`, validation `issues`). */
export type ErrorMeta = Record<string, unknown>

/** Options of the AppError constructor. */
export interface AppErrorOptions {
  /** Stable error name sent as `error` (default 'AppError'). */
  name?: string
  /** HTTP status (default 400). */
  status?: number
  meta?: ErrorMeta
  cause?: unknown
}

/** The JSON body of every failed call. */
export interface ErrorBody {
  message: string
  error: string
  status: number
  meta: ErrorMeta
}

/** Base of every expected error: a user-facing message, a stable name, an HTTP status and optional meta. */
export class AppError extends Error {
  /** Marks app errors across bundles/realms where `instanceof` fails. */
  readonly isAppError = true as const
  status: number
  meta: ErrorMeta | undefined

  constructor(message: string, options: AppErrorOptions = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause })
    this.name = options.name ?? 'AppError'
    this.status = options.status ?? 400
    this.meta = options.meta
  }
}

/** 404: the thing is missing, or the user may not know it exists (e.g. a hidden private comment). */
export class NotFound extends AppError {
  constructor(message = 'Not found.', meta?: ErrorMeta) {
    super(message, { name: 'NotFound', status: 404, meta })
  }
}

/** 401: no session (or a guest where a login is required). Clients treat it as logged out. */
export class NotLoggedIn extends AppError {
  constructor(message = 'Not logged in.', meta?: ErrorMeta) {
    super(message, { name: 'NotLoggedIn', status: 401, meta })
  }
}

/** 403: logged in but not allowed. */
export class Forbidden extends AppError {
  constructor(message = 'You are not allowed to do this.', meta?: ErrorMeta) {
    super(message, { name: 'Forbidden', status: 403, meta })
  }
}

/** 422: the input breaks a validation rule; `meta.issues` may list `{path, message}` pairs. */
export class ValidationFailed extends AppError {
  constructor(message = 'Validation failed.', meta?: ErrorMeta) {
    super(message, { name: 'ValidationFailed', status: 422, meta })
  }
}

/** 409: the request conflicts with the current state (e.g. an e-mail already in use). */
export class Conflict extends AppError {
  constructor(message = 'This conflicts with the current state.', meta?: ErrorMeta) {
    super(message, { name: 'Conflict', status: 409, meta })
  }
}

/** 429: rate limited. `meta.retryAfter` is the wait in seconds when known. */
export class TooManyRequests extends AppError {
  constructor(retryAfterSeconds?: number, message = 'Too many requests. Please try again later.') {
    super(message, {
      name: 'TooManyRequests',
      status: 429,
      meta: retryAfterSeconds === undefined ? undefined : { retryAfter: retryAfterSeconds },
    })
  }
}

/**
 * The request never got a response (offline, DNS, CORS). Decision: status 0, since there is no HTTP
 * status; message 'Network error' as in SPEC 8.
 */
export class NetworkError extends AppError {
  constructor(message = 'Network error', options: { cause?: unknown } = {}) {
    super(message, { name: 'NetworkError', status: 0, cause: options.cause })
  }
}

/** True for an AppError, including one from another copy of this package (checked by its flag). */
export function isAppError(value: unknown): value is AppError {
  if (value instanceof AppError) return true
  if (typeof value !== 'object' || value === null) return false
  const candidate = value as Partial<Record<'isAppError' | 'message' | 'status' | 'name', unknown>>
  return (
    candidate.isAppError === true &&
    typeof candidate.message === 'string' &&
    typeof candidate.status === 'number' &&
    typeof candidate.name === 'string'
  )
}

/**
 * The SPEC body of an error. Anything that is not an AppError becomes a generic 500 that reveals nothing
 * about internals (log the original separately).
 */
export function toErrorBody(error: unknown): ErrorBody {
  if (isAppError(error)) {
    return { message: error.message, error: error.name, status: error.status, meta: error.meta ?? {} }
  }
  return {
    message: 'Something went wrong on our side. Please try again.',
    error: 'InternalError',
    status: 500,
    meta: {},
  }
}

/**
 * Rebuilds an error from a response body (and the response status when the body is not the SPEC shape),
 * as the matching class for known names so `instanceof NotLoggedIn` etc. work on the client.
 */
export function errorFromBody(body: unknown, fallbackStatus = 500): AppError {
  const raw = (typeof body === 'object' && body !== null ? body : {}) as Partial<
    Record<keyof ErrorBody, unknown>
  >
  const message = typeof raw.message === 'string' && raw.message ? raw.message : 'Something went wrong.'
  const name = typeof raw.error === 'string' && raw.error ? raw.error : 'AppError'
  const status = typeof raw.status === 'number' ? raw.status : fallbackStatus
  const meta = typeof raw.meta === 'object' && raw.meta !== null ? (raw.meta as ErrorMeta) : undefined
  let error: AppError
  switch (name) {
    case 'NotFound':
      error = new NotFound(message, meta)
      break
    case 'NotLoggedIn':
      error = new NotLoggedIn(message, meta)
      break
    case 'Forbidden':
      error = new Forbidden(message, meta)
      break
    case 'ValidationFailed':
      error = new ValidationFailed(message, meta)
      break
    case 'Conflict':
      error = new Conflict(message, meta)
      break
    case 'TooManyRequests':
      error = new TooManyRequests(undefined, message)
      error.meta = meta
      break
    default:
      return new AppError(message, { name, status, meta })
  }
  return error
}
