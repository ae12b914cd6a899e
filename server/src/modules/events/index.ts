/**
 * Event routes: the caller's notifications (GET /users/me/events), a canvas's lifecycle feed (GET
 * /canvases/{id}/events) and read state (POST /events/mark-as-read). Private events reach only viewers who
 * may see private comments on that canvas.
 */
import { type Event, events } from '@pinpoint/db'
import { canSeePrivateComments } from '@pinpoint/domain'
import { and, desc, eq, gt, inArray, isNull, lt, type SQL, sql } from 'drizzle-orm'
import { Elysia, t } from 'elysia'
import type { AppContext } from '../../context'
import { authPlugin, requireUser } from '../auth/plugin'
import { loadCanvasForView } from '../canvases/access'

export function serializeEvent(event: Event) {
  return {
    id: event.id,
    type: event.type,
    UserId: event.userId,
    actorUserId: event.actorUserId,
    CanvasId: event.canvasId,
    data: { ...event.data, annotationId: event.annotationId ?? event.data.annotationId },
    isPrivate: event.isPrivate,
    read: event.readAt !== null,
    readAt: event.readAt?.toISOString() ?? null,
    createdAt: event.createdAt.toISOString(),
  }
}

const paging = t.Object({
  before: t.Optional(t.Numeric({ minimum: 1 })),
  after: t.Optional(t.Numeric({ minimum: 0 })),
  limit: t.Optional(t.Numeric({ minimum: 1, maximum: 200 })),
})

function pageWhere(query: { before?: number; after?: number }): SQL[] {
  const conditions: SQL[] = []
  if (query.before !== undefined) conditions.push(lt(events.id, query.before))
  if (query.after !== undefined) conditions.push(gt(events.id, query.after))
  return conditions
}

export function eventsModule(context: AppContext) {
  const { db } = context.database
  return new Elysia({ name: 'events' })
    .use(authPlugin(context))
    .get(
      '/users/me/events',
      async ({ actor, query }) => {
        const user = requireUser(actor)
        const rows = await db
          .select()
          .from(events)
          .where(and(eq(events.userId, user.id), ...pageWhere(query)))
          .orderBy(desc(events.id))
          .limit(query.limit ?? 50)
        const [unread] = await db
          .select({ n: sql<number>`count(*)::int` })
          .from(events)
          .where(and(eq(events.userId, user.id), isNull(events.readAt)))
        return { events: rows.map(serializeEvent), unreadCount: unread?.n ?? 0 }
      },
      { query: paging },
    )
    .get(
      '/canvases/:id/events',
      async ({ actor, params, query }) => {
        const view = await loadCanvasForView(db, actor, params.id)
        const conditions = [eq(events.canvasId, view.canvas.id), isNull(events.userId), ...pageWhere(query)]
        if (!canSeePrivateComments(actor.user, view.domain)) conditions.push(eq(events.isPrivate, false))
        const rows = await db
          .select()
          .from(events)
          .where(and(...conditions))
          .orderBy(desc(events.id))
          .limit(query.limit ?? 50)
        return { events: rows.map(serializeEvent) }
      },
      { query: paging },
    )
    .post(
      '/events/mark-as-read',
      async ({ actor, body }) => {
        const user = requireUser(actor)
        const ids = body.eventIds.map(Number).filter((id) => Number.isSafeInteger(id) && id > 0)
        const updated = ids.length
          ? await db
              .update(events)
              .set({ readAt: context.now() })
              .where(and(eq(events.userId, user.id), inArray(events.id, ids), isNull(events.readAt)))
              .returning({ id: events.id })
          : []
        return { eventIds: updated.map((row) => row.id) }
      },
      {
        body: t.Object({
          eventIds: t.Array(t.Union([t.Integer(), t.String({ maxLength: 20 })]), { maxItems: 1000 }),
        }),
      },
    )
}
