/** The canvas detail: everything the review screen needs about one canvas. */
import {
  canvasAssets,
  canvasReviews,
  canvasRevisions,
  type DbOrTx,
  deadlineReminders,
  users,
} from '@pinpoint/db'
import { asc, eq } from 'drizzle-orm'
import type { Actor } from '../auth/actor'
import { type CanvasRecord, canvasStateFor } from './access'
import { ownerColumns } from './list-columns'
import { peopleFor } from './people'
import { invitedRoleOf } from './roles'
import { type AssetUrlContext, type CanvasOwnerJson, serializeCanvas } from './serialize'

/** Everything the review screen needs about one canvas (revisions, all assets, reviews, reminders for editors). */
export async function loadCanvasDetail(
  db: DbOrTx,
  record: CanvasRecord,
  viewer: Actor['user'],
  options: { editable: boolean; now: Date; urls: AssetUrlContext },
) {
  const id = record.canvas.id
  const [ownerRows, revisions, assets, reviews, reminders, viewerRole] = await Promise.all([
    db.select(ownerColumns).from(users).where(eq(users.id, record.canvas.userId)),
    db
      .select()
      .from(canvasRevisions)
      .where(eq(canvasRevisions.canvasId, id))
      .orderBy(asc(canvasRevisions.number)),
    db
      .select()
      .from(canvasAssets)
      .where(eq(canvasAssets.canvasId, id))
      .orderBy(asc(canvasAssets.position), asc(canvasAssets.createdAt)),
    db
      .select()
      .from(canvasReviews)
      .where(eq(canvasReviews.canvasId, id))
      .orderBy(asc(canvasReviews.createdAt)),
    options.editable
      ? db
          .select()
          .from(deadlineReminders)
          .where(eq(deadlineReminders.canvasId, id))
          .orderBy(asc(deadlineReminders.reminderDate))
      : Promise.resolve([]),
    // An invited person's role: the review screen turns commenting off for a viewer (roles.ts).
    invitedRoleOf(db, { user: viewer, via: 'none' }, record),
  ])
  const people = peopleFor(viewer, record.domain)
  const owner: CanvasOwnerJson | null = ownerRows[0] ? people.person(ownerRows[0]) : null
  const json = serializeCanvas(
    {
      canvas: record.canvas,
      owner,
      planId: record.domain.planId ?? null,
      state: canvasStateFor(record, viewer, options.now),
      revisions,
      assets,
      reviews,
      reminders: reminders.map((reminder) => people.reminder(reminder)),
      editable: options.editable,
    },
    options.urls,
  )
  return { ...json, viewerRole }
}
