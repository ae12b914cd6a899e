/**
 * Composes the server: error mapping and request log first (they must be registered before
 * the routes they cover), then every feature module under `/api/v1`, then the pages.
 */
import { openapi } from '@elysiajs/openapi'
import { NotFound } from '@pinpoint/domain'
import { Elysia } from 'elysia'
import type { AppContext } from './context'
import { errorHandler } from './errors'
import { accountsModule } from './modules/accounts'
import { analyticsModule } from './modules/analytics'
import { annotationsModule } from './modules/annotations'
import { assetsModule } from './modules/assets'
import { authModule } from './modules/auth'
import { billingModule, devClockRoutes } from './modules/billing'
import { canvasesModule } from './modules/canvases'
import { enforceBillingActivity } from './modules/canvases/access'
import { csvExportModule } from './modules/csv-export'
import { eventsModule } from './modules/events'
import { fileAttachmentsModule } from './modules/file-attachments'
import { foldersModule } from './modules/folders'
import { healthModule } from './modules/health'
import { invitesModule } from './modules/invites'
import { labelsModule } from './modules/labels'
import { releasesModule } from './modules/releases'
import { remotesDocument } from './modules/releases/service'
import { releaseStoreOf } from './modules/releases/store'
import { remindersModule } from './modules/reminders'
import { repliesModule } from './modules/replies'
import { reviewsModule } from './modules/reviews'
import { revisionsModule } from './modules/revisions'
import { screenshotsModule } from './modules/screenshots'
import { ssoModule } from './modules/sso'
import { staffModule } from './modules/staff'
import { stripeWebhookModule } from './modules/stripe-webhook'
import { teamsModule } from './modules/teams'
import { thumbnailsModule } from './modules/thumbnails'
import { toursModule } from './modules/tours'
import { uploadsModule } from './modules/uploads'
import { usersModule } from './modules/users'
import { pagesModule } from './pages'
import { createPageSessionResolver } from './pages/session'
import { outboxPage } from './platform/mailer/outbox-page'
import { requestLog } from './platform/request-log'
import { originCheck } from './platform/security'
import { fileRoutes } from './platform/storage'
import { textInputGuard } from './platform/text-input'
import { proxyLinkModule } from './proxy/link'
import { realtimeModule } from './realtime'

export const API_PREFIX = '/api/v1'

/**
 * The API is built from two groups of modules: one chain of thirty `.use()` calls makes Elysia's route
 * type deeper than TypeScript allows (TS2589), and the groups read better anyway.
 */
function accountRoutes(context: AppContext) {
  return new Elysia({ name: 'api-accounts' })
    .use(healthModule(context))
    .use(authModule(context))
    .use(usersModule(context))
    .use(toursModule(context))
    .use(analyticsModule(context))
    .use(teamsModule(context))
    .use(invitesModule(context))
    .use(ssoModule(context))
    .use(billingModule(context))
    .use(devClockRoutes(context))
    .use(stripeWebhookModule(context))
    .use(
      context.config.isProduction || context.config.devOutbox === 'off'
        ? new Elysia()
        : outboxPage(context.database, context.config.devOutbox),
    )
    .use(staffModule(context))
    .use(releasesModule(context))
    .use(accountsModule(context))
}

function reviewRoutes(context: AppContext) {
  return new Elysia({ name: 'api-review' })
    .use(fileRoutes(context))
    .use(canvasesModule(context))
    .use(foldersModule(context))
    .use(revisionsModule(context))
    .use(thumbnailsModule(context))
    .use(assetsModule(context))
    .use(uploadsModule(context))
    .use(reviewsModule(context))
    .use(remindersModule(context))
    .use(eventsModule(context))
    .use(fileAttachmentsModule(context))
    .use(annotationsModule(context))
    .use(screenshotsModule(context))
    .use(repliesModule(context))
    .use(labelsModule(context))
    .use(csvExportModule(context))
    .use(proxyLinkModule(context))
    .use(realtimeModule(context))
}

export function createApi(context: AppContext) {
  return (
    new Elysia({ name: 'api', prefix: API_PREFIX })
      .use(
        openapi({
          path: '/openapi',
          documentation: {
            info: { title: 'Pinpoint API', version: '1.0.0', description: 'Visual feedback and review API.' },
          },
        }),
      )
      .use(accountRoutes(context))
      .use(reviewRoutes(context))
      // Unknown API paths answer the JSON NotFound, never the shell page.
      .all('/*', () => {
        throw new NotFound()
      })
  )
}

export function createApp(context: AppContext) {
  enforceBillingActivity(context.config.billingProvider !== 'disabled')
  // Real-time messages are small JSON commands: a 64 kB cap keeps a client from making us parse megabytes.
  return new Elysia({ name: 'app', websocket: { maxPayloadLength: 64 * 1024 } })
    .use(errorHandler(context.logger))
    .use(requestLog(context.logger, context.config.logRequests))
    .use(originCheck(context.config.publicUrl))
    .use(textInputGuard())
    .use(createApi(context))
    .use(
      pagesModule({
        rootDir: context.config.rootDir,
        remotes: context.config.remotes,
        releases: {
          remotes: () => remotesDocument(context, context.config.remotes),
          file: (slice, version, path) => releaseStoreOf(context).get(slice, version, path),
        },
        session: createPageSessionResolver(context),
      }),
    )
}

export type App = ReturnType<typeof createApp>
