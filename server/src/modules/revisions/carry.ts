/**
 * POST /canvas-revisions/{id}/carry-comments: the open comments of an earlier revision move to this one
 * with their threads (issue 17 item 2; decision 047). Each is re-anchored where its spot still exists,
 * otherwise it "needs a new spot" (inactiveReason 'needs-new-spot') until someone re-attaches it.
 *
 * - Websites and e-mails: the review screen resolves the pins in the new revision's page (the bridge's
 *   carryAnchor, where the DOM is) and sends each comment's new anchor, or null. Only the comments it names
 *   move: a website page's comments are carried from that page.
 * - Designs, PDFs, videos: decided here. A comment goes to the file at the same position of the new
 *   revision, keeping its spot, page and time; when that file or page is missing it goes to the first
 *   file's first page and needs a new spot.
 * Resolved comments stay where they were. Only the canvas's editors carry comments (they move other
 * people's); private comments move only for callers who may see them.
 */
import { type Annotation, annotations, canvasAssets, canvasRevisions, type DbOrTx } from '@pinpoint/db'
import { AppError, canSeePrivateComments, NotFound, ValidationFailed } from '@pinpoint/domain'
import { and, asc, eq, inArray, ne } from 'drizzle-orm'
import type { Actor } from '../auth/actor'
import { requireUser } from '../auth/plugin'
import { loadCanvasForEdit } from '../canvases/access'
import { recordEvents } from '../events/service'

export const NEEDS_NEW_SPOT = 'needs-new-spot'

export interface CarryBody {
  fromRevisionId: string
  /** Websites: the path of the new revision's page the comments move to (default: their own). */
  path?: string
  /** Website and e-mail canvases: the comments to carry, each with its anchor on the new page or null. */
  results?: { id: string; anchor: Record<string, unknown> | null }[]
}

export interface CarryOutcome {
  id: string
  status: 'reanchored' | 'needs-new-spot'
}

async function revisionOf(db: DbOrTx, revisionId: string) {
  const [revision] = await db.select().from(canvasRevisions).where(eq(canvasRevisions.id, revisionId))
  if (!revision) throw new NotFound('Revision not found.')
  return revision
}

export async function carryComments(db: DbOrTx, actor: Actor, targetId: string, body: CarryBody) {
  const user = requireUser(actor)
  const target = await revisionOf(db, targetId)
  const view = await loadCanvasForEdit(db, actor, target.canvasId, true)
  const source = await revisionOf(db, body.fromRevisionId)
  if (source.canvasId !== target.canvasId) throw new NotFound('Revision not found.')
  if (source.id === target.id)
    throw new ValidationFailed('Choose another revision to carry comments from.', { field: 'fromRevisionId' })
  const framed = view.canvas.type === 'website' || view.canvas.type === 'email'
  if (framed && !body.results)
    throw new ValidationFailed('Send where each comment lands on the new page.', { field: 'results' })

  const named = body.results ? [...new Set(body.results.map((r) => r.id))] : null
  const open = await db
    .select()
    .from(annotations)
    .where(
      and(
        eq(annotations.canvasRevisionId, source.id),
        ne(annotations.status, 'resolved'),
        canSeePrivateComments(user, view.domain) ? undefined : eq(annotations.isPrivate, false),
        framed && named ? inArray(annotations.id, named.length ? named : ['']) : undefined,
      ),
    )
    .orderBy(asc(annotations.createdAt))
    .for('update')
  const assets = framed
    ? []
    : await db
        .select()
        .from(canvasAssets)
        .where(eq(canvasAssets.canvasRevisionId, target.id))
        .orderBy(asc(canvasAssets.position), asc(canvasAssets.createdAt))
  if (!framed && open.length > 0 && assets.length === 0) {
    throw new AppError('Upload the files of the new revision before carrying comments to it.', {
      name: 'RevisionEmpty',
      status: 409,
    })
  }
  const oldAssets = framed
    ? []
    : await db.select().from(canvasAssets).where(eq(canvasAssets.canvasRevisionId, source.id))
  const oldIndex = new Map(
    [...oldAssets]
      .sort((a, b) => a.position - b.position || a.createdAt.getTime() - b.createdAt.getTime())
      .map((asset, index) => [asset.id, index]),
  )
  const anchors = new Map((body.results ?? []).map((r) => [r.id, r.anchor]))
  const carriedFrom = { revisionId: source.id, number: source.number }

  const outcomes: CarryOutcome[] = []
  for (const annotation of open) {
    const change = framed
      ? framedChange(annotation, anchors.get(annotation.id) ?? null)
      : fileChange(annotation, assets, oldIndex)
    const { anchor: oldAnchor, ...metadata } = annotation.metadata
    await db
      .update(annotations)
      .set({
        canvasRevisionId: target.id,
        inactiveReason: change.reanchored ? null : NEEDS_NEW_SPOT,
        metadata: {
          ...metadata,
          ...(change.anchor ? { anchor: change.anchor } : {}),
          carriedFrom: {
            ...carriedFrom,
            ...(oldAnchor && !change.anchor ? { anchor: oldAnchor } : {}),
            ...(!change.reanchored && annotation.x !== null ? { x: annotation.x, y: annotation.y } : {}),
          },
        },
        ...change.placement,
        ...(view.canvas.type === 'website' && body.path ? { path: body.path } : {}),
      })
      .where(eq(annotations.id, annotation.id))
    outcomes.push({ id: annotation.id, status: change.reanchored ? 'reanchored' : NEEDS_NEW_SPOT })
  }
  const sides = [false, true].map((isPrivate) =>
    open.filter((a) => a.isPrivate === isPrivate).map((a) => a.id),
  )
  await recordEvents(
    db,
    sides.flatMap((ids, index) =>
      ids.length === 0
        ? []
        : [
            {
              type: 'annotations.carried',
              canvasId: view.canvas.id,
              actorUserId: user.id,
              isPrivate: index === 1,
              data: { annotationIds: ids, fromRevisionId: source.id, toRevisionId: target.id },
            },
          ],
    ),
  )
  return { outcomes, ids: open.map((a) => a.id), includePrivate: canSeePrivateComments(user, view.domain) }
}

interface Change {
  reanchored: boolean
  anchor?: Record<string, unknown>
  placement?: Partial<Pick<Annotation, 'canvasAssetId' | 'canvasAssetPageIndex' | 'x' | 'y'>>
}

function framedChange(annotation: Annotation, anchor: Record<string, unknown> | null): Change {
  // A website or e-mail comment without an anchor (placed by coordinates) keeps them.
  if (!annotation.metadata.anchor && anchor === null) return { reanchored: annotation.x !== null }
  return anchor ? { reanchored: true, anchor } : { reanchored: false }
}

function fileChange(
  annotation: Annotation,
  assets: (typeof canvasAssets.$inferSelect)[],
  oldIndex: Map<string, number>,
): Change {
  const first = assets[0]
  const index = annotation.canvasAssetId ? oldIndex.get(annotation.canvasAssetId) : 0
  const counterpart = index !== undefined ? assets[index] : undefined
  const page = annotation.canvasAssetPageIndex
  const pageFits =
    page === null || page === undefined || page < (counterpart?.pageCount ?? (counterpart ? 1 : 0))
  if (counterpart && pageFits) return { reanchored: true, placement: { canvasAssetId: counterpart.id } }
  // No spot: no pin until someone re-attaches it (the old spot is kept in metadata.carriedFrom).
  return {
    reanchored: false,
    placement: {
      canvasAssetId: first?.id ?? null,
      canvasAssetPageIndex: page === null ? null : 0,
      x: null,
      y: null,
    },
  }
}
