/**
 * Folder canvas counts (SPEC 4) kept right in SQL: every change is an atomic `canvases_count = canvases_count
 * ± 1` in the same transaction as the canvas change, so concurrent moves never lose an update (no
 * read-modify-write in application code). Folders are updated in id order, so two transactions moving
 * canvases between the same two folders in opposite directions lock the rows in the same order and cannot
 * deadlock. `recountFolders` rebuilds counts from the canvases (repair tool and test oracle).
 */
import { canvases, type DbOrTx, folders } from '@pinpoint/db'
import { and, eq, inArray, isNull, sql } from 'drizzle-orm'

export type CountChange = [folderId: string | null | undefined, delta: number]

/** Applies count deltas (null folders and zero sums are skipped), in folder id order. */
export async function adjustFolderCounts(db: DbOrTx, changes: readonly CountChange[]): Promise<void> {
  const sums = new Map<string, number>()
  for (const [folderId, delta] of changes) if (folderId) sums.set(folderId, (sums.get(folderId) ?? 0) + delta)
  const ordered = [...sums].filter(([, delta]) => delta !== 0).sort(([a], [b]) => (a < b ? -1 : 1))
  for (const [folderId, delta] of ordered) {
    await db
      .update(folders)
      .set({ canvasesCount: sql`greatest(0, ${folders.canvasesCount} + ${delta})` })
      .where(eq(folders.id, folderId))
  }
}

/** Sets each folder's count to its real number of non-archived canvases. */
export async function recountFolders(db: DbOrTx, folderIds: readonly string[]): Promise<void> {
  if (folderIds.length === 0) return
  await db
    .update(folders)
    .set({
      canvasesCount: sql`(select count(*)::int from ${canvases} where ${canvases.folderId} = ${folders.id} and ${canvases.archiveDate} is null)`,
    })
    .where(inArray(folders.id, [...folderIds]))
}

/** The real count of a folder (what canvasesCount must equal). */
export async function realFolderCount(db: DbOrTx, folderId: string): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(canvases)
    .where(and(eq(canvases.folderId, folderId), isNull(canvases.archiveDate)))
  return row?.count ?? 0
}
