/**
 * What a database driver error means for the caller, decided in one place (used by errors.ts):
 *
 * - **unavailable**: the database cannot be reached or is restarting, which a retry a moment later fixes:
 *   connection refused/reset/timed out (ECONNREFUSED, ECONNRESET, ETIMEDOUT, ...), postgres.js's
 *   CONNECTION_CLOSED / CONNECTION_ENDED / CONNECTION_DESTROYED / CONNECT_TIMEOUT, and PostgreSQL's
 *   class 08 (connection exception), 57P01 admin_shutdown, 57P02 crash_shutdown, 57P03 cannot_connect_now
 *   and 53300 too_many_connections. Answered 503 with Retry-After while the pool reconnects (postgres.js
 *   opens a fresh connection for the next query by itself).
 * - **invalid input**: a value the database refuses as data, which no retry fixes: 22021 (invalid byte
 *   sequence), 22P05 (untranslatable character), 22P02 (invalid text representation), 22003 (numeric value
 *   out of range), 22007/22008 (invalid or out-of-range date/time), 54000 (a value too large to index).
 *   The edge checks (text-input.ts and the route schemas) should stop these first; this is the backstop
 *   that keeps a missed case a 422 instead of a 500.
 *
 * Anything else stays an internal error (500): a constraint violation or a syntax error is a bug to fix
 * where it happens, not something to map.
 */

export type DatabaseFailure = { kind: 'unavailable'; code: string } | { kind: 'invalid-input'; code: string }

const UNAVAILABLE = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'CONNECTION_CLOSED',
  'CONNECTION_ENDED',
  'CONNECTION_DESTROYED',
  'CONNECT_TIMEOUT',
  '57P01',
  '57P02',
  '57P03',
  '53300',
])
const INVALID_INPUT = new Set(['22021', '22P05', '22P02', '22003', '22007', '22008', '54000'])

/** Seconds a client should wait before retrying while the database is unavailable. */
export const DATABASE_RETRY_AFTER_SECONDS = 3

/** Looks through wrappers (Drizzle's "Failed query" keeps the driver error in `cause`). */
export function classifyDatabaseError(error: unknown): DatabaseFailure | undefined {
  let current: unknown = error
  for (let depth = 0; current && typeof current === 'object' && depth < 5; depth++) {
    const code = (current as { code?: unknown }).code
    if (typeof code === 'string') {
      if (UNAVAILABLE.has(code) || code.startsWith('08')) return { kind: 'unavailable', code }
      if (INVALID_INPUT.has(code)) return { kind: 'invalid-input', code }
    }
    current = (current as { cause?: unknown }).cause
  }
  return undefined
}
