/**
 * Revisions: numbered 1, 2, ... per canvas; the highest number is the latest and becomes the canvas's
 * current revision when created. Numbers are taken under the canvas row lock (plus a unique index), so two
 * concurrent "new revision" calls get different numbers. A canvas always keeps at least one revision.
 * Comments stay on the revision they were made on; deleting a revision deletes its assets and comments.
 *
 * A website revision has its own address (a new one, or the same one fetched again): earlier revisions keep
 * theirs, and the canvas's address is the latest one's (decision 047).
 */
import { type CanvasRevision, canvases, canvasRevisions, type DbOrTx } from '@pinpoint/db'
import { AppError, NotFound, ValidationFailed } from '@pinpoint/domain'
import { and, desc, eq, isNull, sql } from 'drizzle-orm'
import type { Actor } from '../auth/actor'
import { loadCanvasForEdit } from '../canvases/access'
import { normaliseUrl } from '../canvases/service'
import { recordEvent } from '../events/service'
import { storageKeysOfRevision } from './files'

export async function createRevision(
  db: DbOrTx,
  actor: Actor,
  canvasId: string,
  input: { name?: string | null; localUrl?: string | null },
) {
  const view = await loadCanvasForEdit(db, actor, canvasId, true)
  const website = view.canvas.type === 'website'
  if (!website && input.localUrl)
    throw new ValidationFailed('Only a website canvas has an address.', { field: 'localUrl' })
  const localUrl = website ? (input.localUrl ? normaliseUrl(input.localUrl) : view.canvas.localUrl) : null
  if (website) {
    // Earlier revisions made before revisions had addresses keep the one they were reviewed at.
    await db
      .update(canvasRevisions)
      .set({ localUrl: view.canvas.localUrl })
      .where(and(eq(canvasRevisions.canvasId, canvasId), isNull(canvasRevisions.localUrl)))
  }
  const [row] = await db
    .select({ max: sql<number>`coalesce(max(${canvasRevisions.number}), 0)::int` })
    .from(canvasRevisions)
    .where(eq(canvasRevisions.canvasId, canvasId))
  const [revision] = await db
    .insert(canvasRevisions)
    .values({ canvasId, number: (row?.max ?? 0) + 1, name: input.name ?? null, localUrl })
    .returning()
  if (!revision) throw new Error('inserting the revision returned no row')
  await db
    .update(canvases)
    .set({ currentRevisionId: revision.id, ...(website && localUrl ? { localUrl } : {}) })
    .where(eq(canvases.id, view.canvas.id))
  await recordEvent(db, {
    type: 'revision.created',
    canvasId,
    actorUserId: actor.user?.id ?? null,
    data: { revisionId: revision.id, number: revision.number },
  })
  return revision
}

async function loadRevision(db: DbOrTx, revisionId: string): Promise<CanvasRevision> {
  const [revision] = await db.select().from(canvasRevisions).where(eq(canvasRevisions.id, revisionId))
  if (!revision) throw new NotFound('Revision not found.')
  return revision
}

/** PUT /canvas-revisions/{id}: rename, and/or make it the revision shown by default. */
export async function updateRevision(
  db: DbOrTx,
  actor: Actor,
  revisionId: string,
  input: { name?: string | null; current?: boolean },
) {
  const revision = await loadRevision(db, revisionId)
  await loadCanvasForEdit(db, actor, revision.canvasId, true)
  let updated = revision
  if (input.name !== undefined) {
    const [row] = await db
      .update(canvasRevisions)
      .set({ name: input.name })
      .where(eq(canvasRevisions.id, revisionId))
      .returning()
    if (row) updated = row
  }
  if (input.current === true)
    await db
      .update(canvases)
      .set({ currentRevisionId: revisionId, ...(updated.localUrl ? { localUrl: updated.localUrl } : {}) })
      .where(eq(canvases.id, revision.canvasId))
  await recordEvent(db, {
    type: 'revision.updated',
    canvasId: revision.canvasId,
    actorUserId: actor.user?.id ?? null,
    data: { revisionId },
  })
  return updated
}

/** DELETE /canvas-revisions/{id}: refused for the last one; the current revision falls back to the highest left. */
export async function deleteRevision(db: DbOrTx, actor: Actor, revisionId: string) {
  const revision = await loadRevision(db, revisionId)
  const view = await loadCanvasForEdit(db, actor, revision.canvasId, true)
  const [count] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(canvasRevisions)
    .where(eq(canvasRevisions.canvasId, revision.canvasId))
  if ((count?.n ?? 0) <= 1) {
    throw new AppError('A canvas needs at least one revision, so its only revision cannot be deleted.', {
      name: 'LastRevision',
      status: 409,
    })
  }
  const storageKeys = await storageKeysOfRevision(db, revisionId)
  await db.delete(canvasRevisions).where(eq(canvasRevisions.id, revisionId))
  if (view.canvas.currentRevisionId === revisionId || view.canvas.currentRevisionId === null) {
    const [latest] = await db
      .select({ id: canvasRevisions.id, localUrl: canvasRevisions.localUrl })
      .from(canvasRevisions)
      .where(eq(canvasRevisions.canvasId, revision.canvasId))
      .orderBy(desc(canvasRevisions.number))
      .limit(1)
    await db
      .update(canvases)
      .set({
        currentRevisionId: latest?.id ?? null,
        // A website canvas's address is its current revision's.
        ...(view.canvas.type === 'website' && latest?.localUrl ? { localUrl: latest.localUrl } : {}),
      })
      .where(eq(canvases.id, revision.canvasId))
  }
  await recordEvent(db, {
    type: 'revision.deleted',
    canvasId: revision.canvasId,
    actorUserId: actor.user?.id ?? null,
    data: { revisionId, number: revision.number },
  })
  return { revision, storageKeys }
}
