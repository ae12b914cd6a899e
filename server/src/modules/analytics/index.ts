/**
 * POST /analytics/events: what only the browser sees (SPEC 8: a failed canvas creation, with its message)
 * reaches the sink through the server, which applies the same allow-list as for its own events and names
 * the user from the session. The browser never talks to the sink, so its address and key stay private.
 */
import { isClientAnalyticsEvent, ValidationFailed } from '@pinpoint/domain'
import { Elysia, type Static, t } from 'elysia'
import type { AppContext } from '../../context'
import { consume, type RateLimitRule } from '../../platform/rate-limit'
import { authorize } from '../../policy'
import { authPlugin, requireUser } from '../auth/plugin'

export const ClientEventBody = t.Object({
  event: t.String({ minLength: 1, maxLength: 64 }),
  properties: t.Optional(
    t.Record(
      t.String({ maxLength: 64 }),
      t.Union([t.String({ maxLength: 2000 }), t.Number(), t.Boolean(), t.Null()]),
    ),
  ),
})
export type ClientEventBody = Static<typeof ClientEventBody>

/** A browser has no business sending more than a few a minute; a script looping on the route stops here. */
const CLIENT_EVENTS_PER_USER: RateLimitRule = {
  name: 'analytics:user',
  limit: 60,
  windowMs: 60 * 60 * 1000,
  message: 'Too many analytics events.',
}

export function analyticsModule(context: AppContext) {
  return new Elysia({ name: 'analytics' })
    .use(authPlugin(context))
    .model({ ClientEventBody })
    .post(
      '/analytics/events',
      async ({ actor, body, set }) => {
        authorize(actor, 'analytics.report', undefined)
        const user = requireUser(actor)
        if (!isClientAnalyticsEvent(body.event)) {
          throw new ValidationFailed('Unknown analytics event.', {
            issues: [{ path: 'event', message: 'Not an event the browser reports' }],
          })
        }
        set.status = 202
        // Off (no ANALYTICS_URL): accepted and dropped, without touching the database.
        if (!context.analytics.enabled) return { accepted: false }
        await consume(context.database.db, CLIENT_EVENTS_PER_USER, user.id, context.now())
        context.analytics.track(body.event, body.properties ?? {}, user.id, 'client')
        return { accepted: true }
      },
      { body: 'ClientEventBody', detail: { tags: ['Analytics'], summary: 'Report a browser-side event' } },
    )
}
