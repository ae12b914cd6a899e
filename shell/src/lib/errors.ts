import { ApiError } from '@pinpoint/api'

/** A sentence to show for a failed call: the server's message, or a plain fallback. */
export function errorMessage(error: unknown, fallback = 'Something went wrong. Please try again.'): string {
  if (error instanceof ApiError) {
    if (error.error === 'NetworkError')
      return 'You appear to be offline. Check your connection and try again.'
    if (error.status === 429) return 'Too many attempts. Please wait a moment and try again.'
    if (error.status >= 500) return fallback
    return error.message || fallback
  }
  return fallback
}

/**
 * Field errors of a ValidationFailed answer: meta.issues [{ path, message }] (path 'email' or
 * '/email') -> { email: message }. The first issue of a field wins.
 */
export function fieldErrors(error: unknown): Record<string, string> {
  if (!(error instanceof ApiError)) return {}
  const issues = (error.meta as { issues?: unknown }).issues
  if (!Array.isArray(issues)) return {}
  const out: Record<string, string> = {}
  for (const issue of issues) {
    if (typeof issue !== 'object' || issue === null) continue
    const { path, message } = issue as { path?: unknown; message?: unknown }
    if (typeof path !== 'string' || typeof message !== 'string') continue
    const field = path.replace(/^\//, '').split(/[/.]/)[0] ?? ''
    if (field && !(field in out)) out[field] = message
  }
  return out
}
