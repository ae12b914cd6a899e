/**
 * Canvas feed events about annotations and replies, each carrying a snapshot of what changed so a client
 * can apply it without a round trip. The privacy of an event is the privacy of what it shows: a reply of a
 * private annotation is private even when the reply's own flag is not.
 *
 * Snapshot rule for clients: an annotation snapshot never removes replies (it has none, or only those the
 * topic may see); replies change only through reply events.
 */
import type { Annotation, AnnotationReply, DbOrTx, EventData } from '@pinpoint/db'
import { type RecordEventInput, recordEvents } from '../events/service'
import { feedTexts } from '../notifications/texts'
import { type AnnotationJson, type AnnotationReplyJson, annotationsJson } from './json-sql'

export async function annotationSnapshot(
  db: DbOrTx,
  annotationId: string,
  includePrivate: boolean,
  withReplies = false,
): Promise<AnnotationJson | null> {
  return (
    (await annotationsJson(db, { annotationIds: [annotationId], includePrivate, withReplies })).get(
      annotationId,
    ) ?? null
  )
}

export async function replySnapshot(
  db: DbOrTx,
  annotationId: string,
  replyId: string,
): Promise<AnnotationReplyJson | null> {
  const annotation = await annotationSnapshot(db, annotationId, true, true)
  return annotation?.AnnotationReplies?.find((reply) => reply.id === replyId) ?? null
}

interface AnnotationEventInput {
  type: string
  annotation: Pick<Annotation, 'id' | 'canvasId' | 'isPrivate'>
  actorUserId: string | null
  data?: EventData
  /** Include the thread (privacy transitions, where the receiver may not have it yet). */
  withReplies?: boolean
}

function annotationEvent(
  input: AnnotationEventInput,
  snapshot: AnnotationJson | null,
  isPrivate: boolean,
): RecordEventInput {
  return {
    type: input.type,
    canvasId: input.annotation.canvasId,
    annotationId: input.annotation.id,
    actorUserId: input.actorUserId,
    isPrivate,
    data: { annotationId: input.annotation.id, ...(snapshot ? { annotation: snapshot } : {}), ...input.data },
  }
}

/** An annotation change on the topic its current privacy allows; returns the snapshot it carries. */
export async function recordAnnotationEvent(
  db: DbOrTx,
  input: AnnotationEventInput,
): Promise<AnnotationJson | null> {
  const isPrivate = input.annotation.isPrivate
  const snapshot = await annotationSnapshot(db, input.annotation.id, isPrivate, input.withReplies)
  await recordEvents(db, [annotationEvent(input, snapshot, isPrivate)])
  return snapshot
}

/**
 * A change of an annotation's privacy. Made private: public viewers are told it is gone, team viewers get
 * it again with its whole thread (in that order, so they end with it). Made public: everyone gets it with
 * its public thread.
 */
export async function recordPrivacyChange(
  db: DbOrTx,
  input: AnnotationEventInput & { nowPrivate: boolean },
): Promise<void> {
  const { annotation, nowPrivate } = input
  if (!nowPrivate) {
    const snapshot = await annotationSnapshot(db, annotation.id, false, true)
    await recordEvents(db, [annotationEvent(input, snapshot, false)])
    return
  }
  const snapshot = await annotationSnapshot(db, annotation.id, true, true)
  await recordEvents(db, [
    annotationEvent({ ...input, type: 'annotation.deleted', data: { reason: 'made-private' } }, null, false),
    annotationEvent(input, snapshot, true),
  ])
}

interface ReplyEventInput {
  type: 'reply.created' | 'reply.updated' | 'reply.deleted'
  annotation: Pick<Annotation, 'id' | 'canvasId' | 'isPrivate'>
  reply: Pick<AnnotationReply, 'id' | 'isPrivate'>
  actor: { id: string; name: string } | null
  /** The reply's privacy before an update (a change needs the public side told). */
  wasPrivate?: boolean
}

/** A reply change, private when the reply or its annotation is. */
export async function recordReplyEvent(db: DbOrTx, input: ReplyEventInput): Promise<void> {
  const { annotation, reply, actor, type } = input
  const isPrivate = annotation.isPrivate || reply.isPrivate
  const snapshot = type === 'reply.deleted' ? null : await replySnapshot(db, annotation.id, reply.id)
  const base = {
    canvasId: annotation.canvasId,
    annotationId: annotation.id,
    replyId: reply.id,
    actorUserId: actor?.id ?? null,
  }
  const data: EventData = {
    annotationId: annotation.id,
    replyId: reply.id,
    ...(snapshot ? { reply: snapshot } : {}),
  }
  if (type === 'reply.created') Object.assign(data, feedTexts('reply', actor?.name ?? null, isPrivate))
  const events: RecordEventInput[] = []
  const wasPrivate = annotation.isPrivate || (input.wasPrivate ?? reply.isPrivate)
  if (type === 'reply.updated' && !wasPrivate && isPrivate) {
    events.push({
      ...base,
      type: 'reply.deleted',
      isPrivate: false,
      data: { annotationId: annotation.id, replyId: reply.id, reason: 'made-private' },
    })
  }
  events.push({ ...base, type, isPrivate, data })
  await recordEvents(db, events)
}
