import { canvasAssets, canvasRevisions, type DbOrTx } from '@pinpoint/db'
import { eq } from 'drizzle-orm'
import { keysOfAsset } from '../assets/files'

/** Storage keys of a revision's assets and picture, to delete after the revision is gone. */
export async function storageKeysOfRevision(db: DbOrTx, revisionId: string): Promise<string[]> {
  const assets = await db
    .select({
      storageKey: canvasAssets.storageKey,
      type: canvasAssets.type,
      pageCount: canvasAssets.pageCount,
    })
    .from(canvasAssets)
    .where(eq(canvasAssets.canvasRevisionId, revisionId))
  const [revision] = await db
    .select({ thumbnailKey: canvasRevisions.thumbnailKey })
    .from(canvasRevisions)
    .where(eq(canvasRevisions.id, revisionId))
  return [...assets.flatMap(keysOfAsset), ...(revision?.thumbnailKey ? [revision.thumbnailKey] : [])]
}
