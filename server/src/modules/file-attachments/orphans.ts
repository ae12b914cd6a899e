/**
 * Collecting orphaned uploads. A file can be uploaded before its comment exists (the composer sends it
 * first, then creates the comment with `fileAttachmentIds`); one that is never attached would otherwise
 * stay stored forever. An hourly pg-boss job (jobs/handlers.ts) deletes rows attached to nothing that are
 * older than ORPHAN_AFTER_MS, then their stored files.
 *
 * Safe against a comment attaching the file at the same moment: the DELETE's condition (still attached
 * to nothing) is re-checked on the locked row, so a file attached first is skipped, and a file deleted
 * first makes the attach fail with "upload them again" (annotations/attachments.ts).
 */
import { fileAttachments } from '@pinpoint/db'
import { and, inArray, isNull, lt } from 'drizzle-orm'
import type { AppContext } from '../../context'

/** A day: long enough for any comment being written, short enough not to keep abandoned files. */
export const ORPHAN_AFTER_MS = 24 * 60 * 60 * 1000
/** Rows per statement; the job loops until none are left. */
const BATCH = 500

export async function collectOrphanAttachments(context: AppContext): Promise<{ deleted: number }> {
  const { db } = context.database
  const cutoff = new Date(context.now().getTime() - ORPHAN_AFTER_MS)
  let deleted = 0
  for (;;) {
    const candidates = db
      .select({ id: fileAttachments.id })
      .from(fileAttachments)
      .where(
        and(
          isNull(fileAttachments.annotationId),
          isNull(fileAttachments.replyId),
          lt(fileAttachments.createdAt, cutoff),
        ),
      )
      .limit(BATCH)
    const rows = await db
      .delete(fileAttachments)
      .where(
        and(
          inArray(fileAttachments.id, candidates),
          isNull(fileAttachments.annotationId),
          isNull(fileAttachments.replyId),
        ),
      )
      .returning({ key: fileAttachments.storageKey })
    for (const row of rows) await context.storage.delete(row.key).catch(() => {})
    deleted += rows.length
    if (rows.length < BATCH) break
  }
  if (deleted > 0) context.logger.info('orphaned uploads collected', { deleted })
  return { deleted }
}
