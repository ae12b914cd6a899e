/**
 * File attachments of comments. Files are uploaded first (POST /file-attachments, unattached) and then
 * named in the comment or reply that carries them; downloads go through an access check on the comment
 * (so a private comment's files are as hidden as its text) and then a short-lived signed URL.
 */
import { annotationReplies, type DbOrTx, fileAttachments } from '@pinpoint/db'
import { Forbidden, NotFound, ValidationFailed } from '@pinpoint/domain'
import { and, eq, inArray, isNull, or } from 'drizzle-orm'
import { can } from '../../policy'
import type { Actor } from '../auth/actor'
import { type LoadInput, loadAnnotation } from './load'

/** Signed download links live this long: enough to start a download, too short to share. */
const DOWNLOAD_URL_TTL_S = 300

export interface LinkTarget {
  annotationId: string
  replyId?: string | null
}

/**
 * Attaches the caller's own unattached uploads to a comment or reply. Needs the attach-files permission
 * (a paid plan); a file that is someone else's, already attached or missing is a validation error.
 */
export async function linkAttachments(
  db: DbOrTx,
  actor: Actor,
  ids: readonly string[] | undefined,
  target: LinkTarget,
) {
  if (!ids || ids.length === 0) return
  if (!can(actor, 'file.attach')) throw new Forbidden('Attaching files needs a paid plan.')
  const unique = [...new Set(ids)]
  const linked = await db
    .update(fileAttachments)
    .set({ annotationId: target.annotationId, replyId: target.replyId ?? null })
    .where(
      and(
        inArray(fileAttachments.id, unique),
        eq(fileAttachments.userId, actor.user?.id ?? ''),
        isNull(fileAttachments.annotationId),
        isNull(fileAttachments.replyId),
      ),
    )
    .returning({ id: fileAttachments.id })
  if (linked.length !== unique.length) {
    throw new ValidationFailed('Some files cannot be attached: upload them again.', {
      issues: [{ path: 'fileAttachmentIds', message: 'Unknown, foreign or already attached file.' }],
    })
  }
}

/** Storage keys of every file of an annotation (its own and its replies'), to delete after it is gone. */
export async function attachmentKeysOfAnnotation(db: DbOrTx, annotationId: string): Promise<string[]> {
  const rows = await db
    .select({ key: fileAttachments.storageKey })
    .from(fileAttachments)
    .leftJoin(annotationReplies, eq(annotationReplies.id, fileAttachments.replyId))
    .where(
      or(eq(fileAttachments.annotationId, annotationId), eq(annotationReplies.annotationId, annotationId)),
    )
  return rows.map((row) => row.key)
}

export async function attachmentKeysOfReply(db: DbOrTx, replyId: string): Promise<string[]> {
  const rows = await db
    .select({ key: fileAttachments.storageKey })
    .from(fileAttachments)
    .where(eq(fileAttachments.replyId, replyId))
  return rows.map((row) => row.key)
}

/**
 * The signed URL of an attachment of a visible comment: NotFound unless the annotation (and, for a reply's
 * file, the reply) is visible to the caller.
 */
export async function attachmentDownloadUrl(
  input: LoadInput,
  annotationId: string,
  attachmentId: string,
): Promise<string> {
  const { canvas } = await loadAnnotation(input, annotationId)
  const [row] = await input.db
    .select({ file: fileAttachments, reply: annotationReplies })
    .from(fileAttachments)
    .leftJoin(annotationReplies, eq(annotationReplies.id, fileAttachments.replyId))
    .where(eq(fileAttachments.id, attachmentId))
    .limit(1)
  if (!row) throw new NotFound('File not found.')
  const { file, reply } = row
  const belongs = reply ? reply.annotationId === annotationId : file.annotationId === annotationId
  if (!belongs) throw new NotFound('File not found.')
  if (reply?.isPrivate && !canvas.privateComments) throw new NotFound('File not found.')
  return input.context.storage.url(file.storageKey, {
    expiresIn: DOWNLOAD_URL_TTL_S,
    contentType: file.mimeType,
    downloadName: file.name,
  })
}
