/**
 * Stored files of assets and attachments: which keys belong to a canvas (to delete them with it), storing a
 * processed asset with its thumbnails, and deleting files after the database change that dropped them.
 */
import { annotations, canvasAssets, canvasRevisions, type DbOrTx, fileAttachments } from '@pinpoint/db'
import { and, eq, isNotNull } from 'drizzle-orm'
import type { AppContext } from '../../context'
import type { ProcessedFile } from '../../media'
import { newStorageKey } from '../../platform/storage'
import { thumbnailKey } from '../canvases/serialize'

/** Keys of an asset: its file and, for a PDF, one thumbnail per page. */
export function keysOfAsset(asset: {
  storageKey: string | null
  type: string
  pageCount: number | null
}): string[] {
  if (!asset.storageKey) return []
  const thumbs =
    asset.type === 'pdf'
      ? Array.from({ length: asset.pageCount ?? 0 }, (_, i) => thumbnailKey(asset.storageKey ?? '', i))
      : []
  return [asset.storageKey, ...thumbs]
}

export async function storageKeysOfCanvas(db: DbOrTx, canvasId: string): Promise<string[]> {
  const assets = await db
    .select({
      storageKey: canvasAssets.storageKey,
      type: canvasAssets.type,
      pageCount: canvasAssets.pageCount,
    })
    .from(canvasAssets)
    .where(and(eq(canvasAssets.canvasId, canvasId), isNotNull(canvasAssets.storageKey)))
  const attachments = await db
    .select({ storageKey: fileAttachments.storageKey })
    .from(fileAttachments)
    .innerJoin(annotations, eq(annotations.id, fileAttachments.annotationId))
    .where(eq(annotations.canvasId, canvasId))
  const pictures = await db
    .select({ key: canvasRevisions.thumbnailKey })
    .from(canvasRevisions)
    .where(and(eq(canvasRevisions.canvasId, canvasId), isNotNull(canvasRevisions.thumbnailKey)))
  return [
    ...assets.flatMap(keysOfAsset),
    ...attachments.map((row) => row.storageKey),
    ...pictures.flatMap((row) => (row.key ? [row.key] : [])),
  ]
}

/** Best effort: a file left behind is garbage, not an error for the user whose change already committed. */
export async function deleteStoredFiles(
  context: Pick<AppContext, 'storage' | 'logger'>,
  keys: readonly string[],
): Promise<void> {
  const results = await Promise.allSettled(keys.map((key) => context.storage.delete(key)))
  const failed = results.filter((result) => result.status === 'rejected').length
  if (failed > 0) context.logger.warn('stored files not deleted', { failed, total: keys.length })
}

/** Stores a processed file and its PDF thumbnails; returns the key. Cleans up what it wrote on failure. */
export async function storeProcessedFile(
  context: Pick<AppContext, 'storage' | 'logger'>,
  file: ProcessedFile,
): Promise<string> {
  const key = newStorageKey('assets', file.ext)
  const written: string[] = []
  try {
    await context.storage.put(key, file.body, { contentType: file.mime })
    written.push(key)
    for (const [index, png] of file.thumbnails.entries()) {
      const thumb = thumbnailKey(key, index)
      await context.storage.put(thumb, png, { contentType: 'image/png' })
      written.push(thumb)
    }
    return key
  } catch (error) {
    await deleteStoredFiles(context, written)
    throw error
  }
}
