import { AppError, type ErrorBody, type ErrorMeta } from '@pinpoint/domain'

/** Shape of every error body the API answers with (SPEC section 8). */
export type ApiErrorBody = ErrorBody

/**
 * Thrown by the API client for any response with status >= 400, and for network failures
 * (status 0, error 'NetworkError', message 'Network error'), so callers handle one error type.
 *
 * It is a domain `AppError` whose `name` is the server's error code. Test the code (`error.error`,
 * or the helpers below) rather than `instanceof NotLoggedIn`: micro-frontends may bundle their
 * own copy of @pinpoint/domain, whose classes are not the ones this shared package uses.
 */
export class ApiError extends AppError {
  declare meta: ErrorMeta

  constructor({ message, error, status, meta = {} }: Omit<ApiErrorBody, 'meta'> & { meta?: ErrorMeta }) {
    super(message, { name: error, status, meta })
  }

  /** The server's error code ('NotFound', 'NotLoggedIn', ...). */
  get error(): string {
    return this.name
  }

  toJSON(): ApiErrorBody {
    return { message: this.message, error: this.error, status: this.status, meta: this.meta }
  }
}

/** True when the API said the caller has no session: the client treats it as "logged out". */
export function isNotLoggedIn(error: unknown): boolean {
  return error instanceof ApiError && error.error === 'NotLoggedIn'
}

/** True for a failure that never reached the server (offline, DNS, connection reset). */
export function isNetworkError(error: unknown): boolean {
  return error instanceof ApiError && error.error === 'NetworkError'
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

/**
 * Builds an ApiError from a failed response body. Bodies that follow the API's error shape keep
 * their fields; anything else (a proxy's HTML page, an empty body) still yields a usable error.
 */
export function toApiError(status: number, statusText: string, body: unknown): ApiError {
  if (isRecord(body)) {
    return new ApiError({
      message:
        typeof body.message === 'string' && body.message ? body.message : statusText || `HTTP ${status}`,
      error: typeof body.error === 'string' && body.error ? body.error : 'HttpError',
      status: typeof body.status === 'number' ? body.status : status,
      meta: isRecord(body.meta) ? body.meta : {},
    })
  }
  return new ApiError({ message: statusText || `HTTP ${status}`, error: 'HttpError', status, meta: {} })
}
