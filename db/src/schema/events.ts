import { sql } from 'drizzle-orm'
import { bigint, bigserial, boolean, index, jsonb, pgTable, text } from 'drizzle-orm/pg-core'
import { canvases } from './canvases.ts'
import { createdAt, tstz } from './columns.ts'
import { users } from './users.ts'

/** Payload of an event. SPEC names data.annotationId; the rest depends on the event type. */
export interface EventData {
  annotationId?: string
  replyId?: string
  [key: string]: unknown
}

/**
 * Append-only activity log: notifications (user_id = recipient) and the realtime feed of a canvas
 * (canvas_id). The bigserial id gives a total order, so a reconnecting client asks for "everything after id N".
 *
 * canvas_id, annotation_id and reply_id are deliberately NOT foreign keys: "deleted" events must be
 * written (and replayed) after the row they describe is gone. Old events are pruned by a job.
 */
export const events = pgTable(
  'events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** e.g. annotation.created, reply.created, annotation.updated, canvas.updated */
    type: text('type').notNull(),
    /** Recipient of a notification; null for canvas-feed events that notify nobody. */
    userId: text('user_id').references(() => users.id, { onDelete: 'cascade' }),
    actorUserId: text('actor_user_id').references(() => users.id, { onDelete: 'set null' }),
    canvasId: text('canvas_id'),
    annotationId: text('annotation_id'),
    replyId: text('reply_id'),
    data: jsonb('data').$type<EventData>().notNull().default({}),
    /** Private (team-only) content: only delivered on topics whose subscribers may read it. */
    isPrivate: boolean('is_private').notNull().default(false),
    readAt: tstz('read_at'),
    createdAt: createdAt(),
    /**
     * A canvas feed event's `canvas_versions.version` after its transaction's bump: the comment list cache
     * reads the events between two versions to learn which annotations changed (decision 052).
     */
    canvasVersion: bigint('canvas_version', { mode: 'number' }),
  },
  (t) => [
    index('events_user_id_id_idx').on(t.userId, t.id),
    index('events_canvas_id_id_idx').on(t.canvasId, t.id),
    index('events_actor_user_id_idx').on(t.actorUserId),
    index('events_user_id_unread_idx').on(t.userId).where(sql`read_at is null`),
    // The dashboard's New activity (badge and filter): a viewer's unread notifications on one canvas,
    // looked up per listed card, so neither all their unread nor all the canvas's feed is walked.
    index('events_user_id_canvas_id_unread_idx')
      .on(t.userId, t.canvasId)
      .where(sql`read_at is null and user_id is not null`),
    index('events_created_at_idx').on(t.createdAt),
    index('events_canvas_id_canvas_version_idx')
      .on(t.canvasId, t.canvasVersion)
      .where(sql`canvas_version is not null`),
  ],
)

/**
 * A change counter per canvas, bumped in the transaction of every canvas feed event (see the events
 * service). Readers use it as a cheap, exact cache validator for a canvas's comment list (ETag): unlike
 * max(events.id), it cannot go backwards or miss a transaction that committed out of id order, because
 * writers update the same row and so commit one after the other. public_version moves only for events that
 * everyone may see, so a viewer without private-comment rights cannot notice private activity.
 */
export const canvasVersions = pgTable('canvas_versions', {
  canvasId: text('canvas_id')
    .primaryKey()
    .references(() => canvases.id, { onDelete: 'cascade' }),
  version: bigint('version', { mode: 'number' }).notNull().default(0),
  publicVersion: bigint('public_version', { mode: 'number' }).notNull().default(0),
})

export type Event = typeof events.$inferSelect
export type NewEvent = typeof events.$inferInsert
export type CanvasVersion = typeof canvasVersions.$inferSelect
