/**
 * Loading one annotation (or reply) for a caller, with the canvas it lives on. A missing comment and one
 * the caller may not see (its canvas is hidden from them, or it is private and they lack the
 * private-comments permission) are the same NotFound (SPEC 5), so ids reveal nothing.
 */
import {
  type Annotation,
  type AnnotationReply,
  annotationReplies,
  annotations,
  type DbOrTx,
} from '@pinpoint/db'
import { NotFound } from '@pinpoint/domain'
import { eq } from 'drizzle-orm'
import type { AppContext } from '../../context'
import type { Actor } from '../auth/actor'
import { type CommentCanvas, viewCommentCanvas } from './canvas-access'

export interface LoadInput {
  context: AppContext
  db: DbOrTx
  actor: Actor
  request?: Request
  /** Take the row lock (inside a transaction that changes it). */
  lock?: boolean
}

export interface LoadedAnnotation {
  annotation: Annotation
  canvas: CommentCanvas
}

export interface LoadedReply extends LoadedAnnotation {
  reply: AnnotationReply
}

/** Rewords a NotFound (of the canvas) as the comment's own; other errors pass unchanged. */
function asNotFound(message: string) {
  return (error: unknown): never => {
    if (error instanceof NotFound) throw new NotFound(message)
    throw error
  }
}

export function canvasFor(input: LoadInput, canvasId: string): Promise<CommentCanvas> {
  return viewCommentCanvas({
    db: input.db,
    actor: input.actor,
    canvasId,
    now: input.context.now(),
    request: input.request,
    secret: input.context.config.sessionSecret,
  })
}

export async function loadAnnotation(input: LoadInput, annotationId: string): Promise<LoadedAnnotation> {
  const query = input.db.select().from(annotations).where(eq(annotations.id, annotationId)).limit(1)
  const [annotation] = input.lock ? await query.for('update') : await query
  if (!annotation) throw new NotFound('Comment not found.')
  const canvas = await canvasFor(input, annotation.canvasId).catch(asNotFound('Comment not found.'))
  if (annotation.isPrivate && !canvas.privateComments) throw new NotFound('Comment not found.')
  return { annotation, canvas }
}

export async function loadReply(input: LoadInput, replyId: string): Promise<LoadedReply> {
  const query = input.db.select().from(annotationReplies).where(eq(annotationReplies.id, replyId)).limit(1)
  const [reply] = input.lock ? await query.for('update') : await query
  if (!reply) throw new NotFound('Reply not found.')
  const loaded = await loadAnnotation({ ...input, lock: false }, reply.annotationId).catch(
    asNotFound('Reply not found.'),
  )
  if (reply.isPrivate && !loaded.canvas.privateComments) throw new NotFound('Reply not found.')
  return { ...loaded, reply }
}
