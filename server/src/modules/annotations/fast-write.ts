/**
 * Shared parts of the fast write path (decision 052): one read (write-context.ts), the rules in
 * TypeScript on what it read, one write statement (write-statement.ts). A write whose gate finds the row
 * changed since the read (another writer won the race) reads and decides again; a deadlock or
 * serialisation failure of the write statement is retried like a transaction (canvases/transaction.ts).
 */
import type { Annotation, FileAttachment } from '@pinpoint/db'
import { NotFound, ValidationFailed } from '@pinpoint/domain'
import type { AppContext } from '../../context'
import type { Actor } from '../auth/actor'
import { sqlState } from '../canvases/transaction'
import { type CommentCanvas, commentCanvasWith } from './canvas-access'
import { jsonTextsOfRows } from './json-sql'
import { FILE, type FlatRow, REPLY } from './json-statement'
import type { AnnotationJson, FileAttachmentJson } from './json-types'
import type { WriteContext } from './write-context'

const RETRYABLE = new Set(['40P01', '40001'])
const ATTEMPTS = 5

/** Thrown by a step whose gate did not pass: the whole write is read and decided again. */
export class LostRace extends Error {}

/** The attachment check in the write statement raises this text (see `attachmentCheck`). */
export const ATTACHMENT_CONFLICT = 'attachments-conflict'

export function attachmentsConflict(): ValidationFailed {
  return new ValidationFailed('Some files cannot be attached: upload them again.', {
    issues: [{ path: 'fileAttachmentIds', message: 'Unknown, foreign or already attached file.' }],
  })
}

/** Runs read + decide + write again after a lost race or a retryable failure. */
export async function withRetries<T>(work: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await work()
    } catch (error) {
      if (error instanceof Error && error.message.includes(ATTACHMENT_CONFLICT)) throw attachmentsConflict()
      const code = sqlState(error)
      const retry = error instanceof LostRace || (code !== undefined && RETRYABLE.has(code))
      if (!retry || attempt >= ATTEMPTS) throw error
      await Bun.sleep(attempt + Math.random() * 5)
    }
  }
}

export interface FastInput {
  context: AppContext
  actor: Actor
  request?: Request
}

/** The canvas for the writer, from the context (viewCommentCanvas's rules). */
export function canvasOf(input: FastInput, ctx: WriteContext): CommentCanvas {
  return commentCanvasWith(
    {
      actor: input.actor,
      now: input.context.now(),
      request: input.request,
      secret: input.context.config.sessionSecret,
    },
    ctx.record,
    ctx.viewerRole !== null,
  )
}

/** loadAnnotation's rules on the context: missing and invisible are the same NotFound. */
export function annotationOf(
  input: FastInput,
  ctx: WriteContext,
): { annotation: Annotation; canvas: CommentCanvas } {
  const { annotation } = ctx
  if (!annotation) throw new NotFound('Comment not found.')
  let canvas: CommentCanvas
  try {
    canvas = canvasOf(input, ctx)
  } catch (error) {
    if (error instanceof NotFound) throw new NotFound('Comment not found.')
    throw error
  }
  if (annotation.isPrivate && !canvas.privateComments) throw new NotFound('Comment not found.')
  return { annotation, canvas }
}

/** A file's JSON (json-write.ts `fileJson`), from its row. */
export function fileJsonOf(
  file: FileAttachment,
  annotationId: string,
  replyId: string | null,
): FileAttachmentJson {
  return {
    id: file.id,
    AnnotationId: annotationId,
    AnnotationReplyId: replyId,
    name: file.name,
    mimeType: file.mimeType,
    sizeBytes: file.sizeBytes,
    url: `/api/v1/annotations/${annotationId}/file-attachments/${file.id}`,
    createdAt: file.createdAt.toISOString(),
  }
}

/**
 * The annotation's JSON from its flat rows (read with every reply): with replies for the caller (private
 * ones only when `includePrivate`), or without (an event snapshot).
 */
export function jsonOfRows(rows: readonly FlatRow[], withReplies: boolean, includePrivate: boolean) {
  let kept = rows
  if (withReplies && !includePrivate) {
    const hidden = new Set(rows.filter((row) => row.k === REPLY && row.c4 === 'true').map((row) => row.id))
    kept = rows.filter(
      (row) => !hidden.has(row.id) && !(row.k === FILE && row.c2 !== null && hidden.has(row.c2)),
    )
  }
  const [entry] = jsonTextsOfRows([...kept], withReplies)
  if (!entry) throw new Error('the annotation has no JSON rows')
  return JSON.parse(entry.json) as AnnotationJson
}
