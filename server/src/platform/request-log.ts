/**
 * One log line per request: method, path, status and duration. The start time is kept per
 * Request object, so it works for every route, including errors and unknown paths.
 */
import { Elysia } from 'elysia'
import type { Logger } from './logger'

export function requestLog(logger: Logger, enabled: boolean) {
  const started = new WeakMap<Request, number>()
  // Hooks cost time on every request even when they do nothing: register none when disabled.
  if (!enabled) return new Elysia({ name: 'request-log' })
  return new Elysia({ name: 'request-log' })
    .onRequest(({ request }) => {
      started.set(request, performance.now())
    })
    .onAfterResponse({ as: 'global' }, ({ request, set, responseValue }) => {
      const start = started.get(request)
      const response = responseValue instanceof Response ? responseValue : undefined
      const status = response?.status ?? (typeof set.status === 'number' ? set.status : 200)
      logger.info('request', {
        method: request.method,
        path: new URL(request.url).pathname,
        status,
        ms: start === undefined ? undefined : Number((performance.now() - start).toFixed(1)),
      })
    })
}
