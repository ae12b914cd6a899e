/**
 * Composes the server: error mapping and request log first (they must be registered before
 * the routes they cover), then every feature module under `/api/v1`, then the pages.
 */
import { openapi } from '@elysiajs/openapi'
import { NotFound } from '@pinpoint/domain'
import { Elysia } from 'elysia'
import type { AppContext } from './context'
import { errorHandler } from './errors'
import { healthModule } from './modules/health'
import { pagesModule } from './pages'
import { requestLog } from './platform/request-log'

export const API_PREFIX = '/api/v1'

export function createApi(context: AppContext) {
  return new Elysia({ name: 'api', prefix: API_PREFIX })
    .use(
      openapi({
        path: '/openapi',
        documentation: {
          info: { title: 'Pinpoint API', version: '1.0.0', description: 'Visual feedback and review API.' },
        },
      }),
    )
    .use(healthModule(context))
    // Unknown API paths answer the JSON NotFound, never the shell page.
    .all('/*', () => {
      throw new NotFound()
    })
}

export function createApp(context: AppContext) {
  return new Elysia({ name: 'app' })
    .use(errorHandler(context.logger))
    .use(requestLog(context.logger, context.config.logRequests))
    .use(createApi(context))
    .use(pagesModule({ rootDir: context.config.rootDir, remotes: context.config.remotes }))
}

export type App = ReturnType<typeof createApp>
