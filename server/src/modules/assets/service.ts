/**
 * Canvas assets: upload (multipart), replace, delete, reorder. The slow part of an upload (content checks,
 * PDF rendering, storing) runs outside any transaction after the caller's rights were checked; the row is
 * then inserted in a short transaction that re-checks the canvas under its row lock. Files written for an
 * upload that fails later are deleted again.
 */
import {
  annotations,
  type CanvasAsset,
  canvasAssets,
  canvases,
  canvasRevisions,
  type DbOrTx,
} from '@pinpoint/db'
import { AppError, NotFound, ValidationFailed } from '@pinpoint/domain'
import { and, asc, eq, sql } from 'drizzle-orm'
import type { AppContext } from '../../context'
import { type AssetKind, type ProcessedFile, processAssetFile } from '../../media'
import type { Actor } from '../auth/actor'
import { assertCanvasWritable, loadCanvasForEdit } from '../canvases/access'
import { inTransaction } from '../canvases/transaction'
import { recordEvent, recordEvents } from '../events/service'
import { loadEditableFolder } from '../folders/service'
import { deleteStoredFiles, keysOfAsset, storeProcessedFile } from './files'

const KINDS_BY_CANVAS_TYPE: Record<string, readonly AssetKind[]> = {
  design: ['image', 'svg', 'pdf'],
  pdf: ['pdf'],
  other: ['image', 'svg', 'pdf'],
  email: ['email'],
}

export function allowedKinds(canvasType: string): readonly AssetKind[] {
  const kinds = KINDS_BY_CANVAS_TYPE[canvasType]
  if (!kinds) {
    const hint = canvasType === 'video' ? ' Videos are uploaded with the video upload.' : ''
    throw new AppError(`A ${canvasType} canvas does not take uploaded files here.${hint}`, {
      name: 'UnsupportedFileType',
      status: 415,
    })
  }
  return kinds
}

function assetType(kind: AssetKind): CanvasAsset['type'] {
  return kind === 'pdf' ? 'pdf' : kind === 'email' ? 'email' : 'image'
}

/** The revision an asset goes to: the given one (it must be this canvas's) or the canvas's current one. */
export async function resolveRevisionId(
  db: DbOrTx,
  canvas: { id: string; currentRevisionId: string | null },
  revisionId?: string | null,
): Promise<string> {
  const id = revisionId || canvas.currentRevisionId
  if (!id) throw new ValidationFailed('This canvas has no revision to add files to.', { field: 'revisionId' })
  const [revision] = await db
    .select({ id: canvasRevisions.id })
    .from(canvasRevisions)
    .where(and(eq(canvasRevisions.id, id), eq(canvasRevisions.canvasId, canvas.id)))
  if (!revision) throw new NotFound('Revision not found.')
  return revision.id
}

export async function nextPosition(db: DbOrTx, revisionId: string): Promise<number> {
  const [row] = await db
    .select({ max: sql<number | null>`max(${canvasAssets.position})` })
    .from(canvasAssets)
    .where(eq(canvasAssets.canvasRevisionId, revisionId))
  return row?.max === null || row?.max === undefined ? 0 : Number(row.max) + 1
}

function fileColumns(file: ProcessedFile, key: string) {
  return {
    type: assetType(file.kind),
    mimeType: file.mime,
    sizeBytes: file.size,
    storageKey: key,
    pageCount: file.pageCount,
    width: file.width,
    height: file.height,
    uploadStatus: 'ready' as const,
  }
}

export interface UploadAssetInput {
  canvasId: string
  file: File
  position?: number
  revisionId?: string | null
  folderId?: string | null
}

export async function uploadAsset(context: AppContext, actor: Actor, input: UploadAssetInput) {
  const { db } = context.database
  const view = await loadCanvasForEdit(db, actor, input.canvasId)
  assertCanvasWritable(view, actor.user, context.now())
  const revisionId = await resolveRevisionId(db, view.canvas, input.revisionId)
  // An unknown or foreign folder is a 404 like everywhere else, not a foreign-key failure.
  if (input.folderId) await loadEditableFolder(db, actor, input.folderId)
  const processed = await processAssetFile(input.file, allowedKinds(view.canvas.type))
  const key = await storeProcessedFile(context, processed)
  try {
    return await inTransaction(db, async (tx) => {
      const locked = await loadCanvasForEdit(tx, actor, input.canvasId, true)
      const position = input.position ?? (await nextPosition(tx, revisionId))
      const [asset] = await tx
        .insert(canvasAssets)
        .values({
          canvasId: locked.canvas.id,
          canvasRevisionId: revisionId,
          name: input.file.name || 'Untitled',
          position,
          folderId: input.folderId ?? locked.canvas.folderId,
          ...fileColumns(processed, key),
        })
        .returning()
      if (!asset) throw new Error('inserting the asset returned no row')
      await tx.update(canvases).set({ updatedAt: new Date() }).where(eq(canvases.id, locked.canvas.id))
      await recordEvent(tx, {
        type: 'asset.created',
        canvasId: asset.canvasId,
        actorUserId: actor.user?.id ?? null,
        data: { assetId: asset.id, revisionId },
      })
      return asset
    })
  } catch (error) {
    await deleteStoredFiles(
      context,
      keysOfAsset({ storageKey: key, type: assetType(processed.kind), pageCount: processed.pageCount }),
    )
    throw error
  }
}

async function loadAsset(db: DbOrTx, canvasId: string, assetId: string): Promise<CanvasAsset> {
  const [asset] = await db
    .select()
    .from(canvasAssets)
    .where(and(eq(canvasAssets.id, assetId), eq(canvasAssets.canvasId, canvasId)))
  if (!asset) throw new NotFound('Asset not found.')
  return asset
}

/** POST /canvases/{id}/assets/{assetId}: a new file for an existing asset (its id, position and comments stay). */
export async function replaceAsset(
  context: AppContext,
  actor: Actor,
  canvasId: string,
  assetId: string,
  file: File,
) {
  const { db } = context.database
  const view = await loadCanvasForEdit(db, actor, canvasId)
  assertCanvasWritable(view, actor.user, context.now())
  await loadAsset(db, canvasId, assetId)
  const processed = await processAssetFile(file, allowedKinds(view.canvas.type))
  const key = await storeProcessedFile(context, processed)
  let old: CanvasAsset
  let asset: CanvasAsset
  try {
    ;({ old, asset } = await inTransaction(db, async (tx) => {
      await loadCanvasForEdit(tx, actor, canvasId, true)
      const before = await loadAsset(tx, canvasId, assetId)
      const [after] = await tx
        .update(canvasAssets)
        .set({ name: file.name || before.name, ...fileColumns(processed, key) })
        .where(eq(canvasAssets.id, assetId))
        .returning()
      if (!after) throw new NotFound('Asset not found.')
      await recordEvent(tx, {
        type: 'asset.replaced',
        canvasId,
        actorUserId: actor.user?.id ?? null,
        data: { assetId },
      })
      return { old: before, asset: after }
    }))
  } catch (error) {
    await deleteStoredFiles(
      context,
      keysOfAsset({ storageKey: key, type: assetType(processed.kind), pageCount: processed.pageCount }),
    )
    throw error
  }
  await deleteStoredFiles(context, keysOfAsset(old))
  return asset
}

/** DELETE /canvases/{id}/assets/{assetId}: the asset and the comments pinned to it. */
export async function deleteAsset(context: AppContext, actor: Actor, canvasId: string, assetId: string) {
  const { db } = context.database
  const result = await inTransaction(db, async (tx) => {
    // A read-only canvas keeps its files like it keeps its comments (uploads and replacements are refused too).
    assertCanvasWritable(await loadCanvasForEdit(tx, actor, canvasId, true), actor.user, context.now())
    const asset = await loadAsset(tx, canvasId, assetId)
    const removed = await tx
      .select({
        id: annotations.id,
        CanvasId: annotations.canvasId,
        CanvasRevisionId: annotations.canvasRevisionId,
        CanvasAssetId: annotations.canvasAssetId,
        isPrivate: annotations.isPrivate,
      })
      .from(annotations)
      .where(eq(annotations.canvasAssetId, assetId))
    await tx.delete(canvasAssets).where(eq(canvasAssets.id, assetId))
    // The public feed names only public comments; the ids of private ones go on the team feed (issue 21),
    // so team viewers learn of every removed comment and link holders of none they could not see.
    const privateIds = removed.filter((a) => a.isPrivate).map((a) => a.id)
    await recordEvents(tx, [
      {
        type: 'asset.deleted',
        canvasId,
        actorUserId: actor.user?.id ?? null,
        data: { assetId, annotationIds: removed.filter((a) => !a.isPrivate).map((a) => a.id) },
      },
      ...(privateIds.length > 0
        ? [
            {
              type: 'asset.deleted',
              canvasId,
              actorUserId: actor.user?.id ?? null,
              isPrivate: true,
              data: { assetId, annotationIds: privateIds },
            },
          ]
        : []),
    ])
    return { asset, annotations: removed.map(({ isPrivate: _, ...rest }) => rest) }
  })
  await deleteStoredFiles(context, keysOfAsset(result.asset))
  return result
}

/** POST /canvases/{id}/assets/reorder: sets positions; ids of other canvases are ignored. */
export async function reorderAssets(
  db: DbOrTx,
  actor: Actor,
  canvasId: string,
  order: { id: string; position: number }[],
  now: Date,
) {
  assertCanvasWritable(await loadCanvasForEdit(db, actor, canvasId, true), actor.user, now)
  for (const { id, position } of order) {
    await db
      .update(canvasAssets)
      .set({ position })
      .where(and(eq(canvasAssets.id, id), eq(canvasAssets.canvasId, canvasId)))
  }
  await recordEvent(db, {
    type: 'asset.reordered',
    canvasId,
    actorUserId: actor.user?.id ?? null,
    data: { order },
  })
  return db
    .select()
    .from(canvasAssets)
    .where(eq(canvasAssets.canvasId, canvasId))
    .orderBy(asc(canvasAssets.canvasRevisionId), asc(canvasAssets.position))
}
