/**
 * The one place where anything thrown while handling a request becomes the SPEC's error body
 * `{ message, error, status, meta }`. AppError subclasses (from packages/domain) keep their
 * message; Elysia's own failures get a stable name; a database that is unreachable or restarting
 * is a 503 with Retry-After, and a value the database refuses as data a 422 (platform/
 * database-errors.ts); anything unexpected becomes a 500 whose body says nothing about internals
 * (the details go to the log only).
 */
import { AppError, isAppError, toErrorBody } from '@pinpoint/domain'
import { Elysia, ValidationError } from 'elysia'
import { classifyDatabaseError, DATABASE_RETRY_AFTER_SECONDS } from './platform/database-errors'
import type { Logger } from './platform/logger'

export interface ErrorBody {
  message: string
  error: string
  status: number
  meta: Record<string, unknown>
}

export function errorResponse(body: ErrorBody, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), {
    status: body.status,
    headers: { 'content-type': 'application/json; charset=utf-8', ...headers },
  })
}

interface ValidationIssue {
  path: string
  message: string
}

/** Turns Elysia's validation error into a short list of `{path, message}` a form can show next to its fields. */
function validationIssues(error: ValidationError): ValidationIssue[] {
  return error.all.slice(0, 20).map((issue) => {
    const raw = issue as { path?: string; message?: string; summary?: string }
    return {
      path: (raw.path ?? '').replace(/^\//, '').replaceAll('/', '.'),
      message: raw.summary ?? raw.message ?? 'Invalid value',
    }
  })
}

function validationMessage(issues: ValidationIssue[]): string {
  const first = issues[0]
  if (!first) return 'Invalid request.'
  return first.path ? `Invalid ${first.path}: ${first.message}` : first.message
}

/** Maps any thrown value to the JSON error body. Exported for the WebSocket route and tests. */
export function mapError(code: string | number | undefined, error: unknown): ErrorBody {
  if (isAppError(error)) return toErrorBody(error) as ErrorBody
  if (error instanceof ValidationError || code === 'VALIDATION') {
    const issues = error instanceof ValidationError ? validationIssues(error) : []
    return { message: validationMessage(issues), error: 'ValidationFailed', status: 422, meta: { issues } }
  }
  switch (code) {
    case 'NOT_FOUND':
      return { message: 'Not found.', error: 'NotFound', status: 404, meta: {} }
    case 'PARSE':
      return { message: 'The request body is not valid JSON.', error: 'MalformedBody', status: 400, meta: {} }
    case 'INVALID_COOKIE_SIGNATURE':
      return {
        message: 'Your session is invalid. Please log in again.',
        error: 'NotLoggedIn',
        status: 401,
        meta: {},
      }
    case 'INVALID_FILE_TYPE':
      return { message: 'This file type is not allowed.', error: 'InvalidFileType', status: 415, meta: {} }
  }
  const database = classifyDatabaseError(error)
  if (database?.kind === 'unavailable')
    return {
      message: 'The service is briefly unavailable. Please try again in a few seconds.',
      error: 'ServiceUnavailable',
      status: 503,
      meta: { retryAfter: DATABASE_RETRY_AFTER_SECONDS },
    }
  if (database?.kind === 'invalid-input')
    return {
      message: 'A value in the request cannot be stored (out of range, too large or not valid text).',
      error: 'ValidationFailed',
      status: 422,
      meta: { code: database.code },
    }
  const status = (error as { status?: unknown })?.status
  if (typeof status === 'number' && status >= 400 && status < 500) {
    const message = error instanceof Error && error.message ? error.message : 'Bad request.'
    return { message, error: 'AppError', status, meta: {} }
  }
  return {
    message: 'Something went wrong on our side. Please try again.',
    error: 'InternalError',
    status: 500,
    meta: {},
  }
}

/** The driver error under a wrapper (Drizzle's "Failed query" keeps PostgreSQL's code and message in `cause`). */
function describeCause(error: unknown): string | undefined {
  const cause = (error as { cause?: unknown })?.cause
  if (!cause) return undefined
  const { code, message } = cause as { code?: unknown; message?: unknown }
  return [code, message].filter((part) => part !== undefined).join(' ')
}

/** Registers the error mapping. Must be `.use()`d before the routes it covers. */
export function errorHandler(logger: Logger) {
  return new Elysia({ name: 'error-handler' })
    .error({ AppError })
    .onError({ as: 'global' }, ({ code, error, request }) => {
      const body = mapError(code, error)
      if (body.status === 503) {
        logger.warn('service unavailable (database or another backing service unreachable)', {
          method: request.method,
          path: new URL(request.url).pathname,
          cause: describeCause(error) ?? (error instanceof Error ? error.message : String(error)),
        })
      } else if (body.status >= 500) {
        logger.error('request failed', {
          method: request.method,
          path: new URL(request.url).pathname,
          error: error instanceof Error ? (error.stack ?? error.message) : String(error),
          cause: describeCause(error),
        })
      }
      const headers: Record<string, string> = {}
      const retryAfter = body.meta.retryAfter
      if ((body.status === 429 || body.status === 503) && typeof retryAfter === 'number')
        headers['retry-after'] = String(Math.ceil(retryAfter))
      return errorResponse(body, headers)
    })
}
