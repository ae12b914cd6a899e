/**
 * `GET /api/v1/health`: one database round trip. 200 with the database kind and version when
 * the database answers, 503 (SPEC error shape) when it does not, so a load balancer takes a
 * process out of rotation while its database is unreachable.
 */
import { Elysia } from 'elysia'
import type { AppContext } from '../../context'
import { errorResponse } from '../../errors'

export function healthModule({ database }: Pick<AppContext, 'database'>) {
  const startedAt = Date.now()
  return new Elysia({ name: 'health', prefix: '/health' }).get(
    '/',
    async () => {
      try {
        const version = await database.version()
        return {
          status: 'ok' as const,
          database: { kind: database.kind, version },
          uptimeSeconds: Math.round((Date.now() - startedAt) / 1000),
        }
      } catch {
        return errorResponse({
          message: 'The database is unreachable.',
          error: 'ServiceUnavailable',
          status: 503,
          meta: { database: database.kind },
        })
      }
    },
    { detail: { summary: 'Health check', tags: ['System'] } },
  )
}
