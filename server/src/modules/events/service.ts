/**
 * Recording events: the activity log, the notifications and the real-time feed in one table.
 *
 * Shared by every module that writes something others must see. Call it with the transaction that makes
 * the change: the rows and their `NOTIFY app_events` commit (or roll back) together with it, so a socket is
 * never told of a write that did not happen, and never misses one that did.
 *
 * Addressing (see realtime/topics.ts):
 *  - a canvas feed event has `canvasId` and no `userId`; `isPrivate` keeps it to viewers allowed private
 *    comments (`canvas:ID:team`);
 *  - a notification has `userId` = its recipient (and usually `canvasId` for context): `user:ID` only.
 *
 * A canvas feed event also bumps the canvas's `canvas_versions` row, which validates cached comment lists:
 * anything that changes a canvas's annotations, replies, labels or attachments must record one.
 */
import { type DbOrTx, type Event, type EventData, events } from '@pinpoint/db'
import { sql } from 'drizzle-orm'
import { notifyEvents } from '../../realtime/bus'

export interface RecordEventInput {
  /** e.g. annotation.created, reply.updated, canvas.updated, notification.reply */
  type: string
  canvasId?: string | null
  annotationId?: string | null
  replyId?: string | null
  actorUserId?: string | null
  /** Recipient of a notification; leave empty for a canvas feed event. */
  userId?: string | null
  isPrivate?: boolean
  data?: EventData
}

/** Inserts events (one statement) and announces them to every process when the transaction commits. */
export async function recordEvents(db: DbOrTx, inputs: readonly RecordEventInput[]): Promise<Event[]> {
  if (inputs.length === 0) return []
  const versions = await bumpCanvasVersions(db, inputs)
  const rows = await db
    .insert(events)
    .values(
      inputs.map((input) => ({
        type: input.type,
        canvasId: input.canvasId ?? null,
        annotationId: input.annotationId ?? null,
        replyId: input.replyId ?? null,
        actorUserId: input.actorUserId ?? null,
        userId: input.userId ?? null,
        isPrivate: input.isPrivate ?? false,
        data: input.data ?? {},
        canvasVersion: isFeedEvent(input) ? (versions.get(input.canvasId ?? '') ?? null) : null,
      })),
    )
    .returning()
  // Ids come from one sequence: ascending id order is insertion order within this statement.
  rows.sort((a, b) => a.id - b.id)
  await notifyEvents(db, rows)
  return rows
}

const isFeedEvent = (input: RecordEventInput) => Boolean(input.canvasId) && !input.userId

/**
 * Bumps `canvas_versions` for the canvases that get feed events (the comment list's cache validator) and
 * answers each canvas's new version, which its events carry (`canvas_version`: the list cache learns from
 * them which annotations changed). The row lock serialises the bumps of one canvas until commit, so
 * versions commit in order. In canvas id order, so two transactions touching the same canvases cannot
 * deadlock. A canvas deleted in this transaction has no row to bump.
 */
async function bumpCanvasVersions(
  db: DbOrTx,
  inputs: readonly RecordEventInput[],
): Promise<Map<string, number>> {
  const publicByCanvas = new Map<string, boolean>()
  for (const input of inputs) {
    if (!input.canvasId || !isFeedEvent(input)) continue
    publicByCanvas.set(input.canvasId, (publicByCanvas.get(input.canvasId) ?? false) || !input.isPrivate)
  }
  const versions = new Map<string, number>()
  for (const canvasId of [...publicByCanvas.keys()].sort()) {
    const publicStep = publicByCanvas.get(canvasId) ? 1 : 0
    const result: unknown = await db.execute(sql`
      insert into canvas_versions (canvas_id, version, public_version)
      select id, 1, ${publicStep} from canvases where id = ${canvasId}
      on conflict (canvas_id) do update
        set version = canvas_versions.version + 1,
            public_version = canvas_versions.public_version + excluded.public_version
      returning version::text as version`)
    const rows = (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as {
      version: string
    }[]
    if (rows[0]) versions.set(canvasId, Number(rows[0].version))
  }
  return versions
}

export async function recordEvent(db: DbOrTx, input: RecordEventInput): Promise<Event> {
  const [row] = await recordEvents(db, [input])
  if (!row) throw new Error('recording the event returned no row')
  return row
}
