/**
 * Query keys and the edits the screen makes to its cached annotation list, shared by its own calls
 * (optimistic updates) and by real-time events, so both paths apply a change the same way.
 *
 * Server state never rolls back a local change in flight, nor brings back a deleted comment or reply
 * (see pending.ts for why and how).
 *
 * Snapshot rule (from the server's feed): an annotation snapshot never removes replies; it carries none,
 * or (on privacy changes) the thread the receiver may see. Replies change through reply events only.
 */
import type { QueryClient } from '@tanstack/react-query'
import {
  addOp,
  type CanvasPending,
  dropOp,
  type FeedEvent,
  type LocalChange,
  markAnswered,
  noteEcho,
  opsFor,
  pendingOf,
  withPending,
} from './pending'
import type { Annotation, AnnotationReply } from './types'

export const reviewKeys = {
  link: (subdomain: string) => ['review', 'link', subdomain] as const,
  annotations: (canvasId: string) => ['review', 'annotations', canvasId] as const,
  users: (canvasId: string) => ['review', 'users', canvasId] as const,
  labels: (teamId: string) => ['review', 'labels', teamId] as const,
  proxy: (canvasId: string) => ['review', 'proxy', canvasId] as const,
}

export interface AnnotationsData {
  annotations: Annotation[]
}

function edit(client: QueryClient, canvasId: string, change: (list: Annotation[]) => Annotation[]) {
  client.setQueryData<AnnotationsData>(reviewKeys.annotations(canvasId), (data) =>
    data ? { annotations: change(data.annotations) } : data,
  )
}

/** Replies of a snapshot, without those deleted here or by a final deletion frame. */
function liveReplies(store: CanvasPending, replies: AnnotationReply[] | undefined) {
  return replies?.filter((reply) => !store.goneReplies.has(reply.id))
}

/**
 * Server state of one annotation (an answer, a real-time frame as `event`, a restored copy): shown with
 * the local changes still in flight on top, so it never rolls back a change the user just made.
 */
export function upsertAnnotation(
  client: QueryClient,
  canvasId: string,
  incoming: Annotation,
  event?: FeedEvent,
): void {
  const store = pendingOf(client, canvasId)
  if (store.goneAnnotations.has(incoming.id)) return
  if (event) noteEcho(store, incoming.id, event)
  if (opsFor(store, incoming.id).length > 0) store.bases.set(incoming.id, incoming)
  const shown = withPending(store, incoming)
  const incomingReplies = liveReplies(store, incoming.AnnotationReplies)
  edit(client, canvasId, (list) => {
    const index = list.findIndex((annotation) => annotation.id === incoming.id)
    if (index < 0) return [...list, { ...shown, AnnotationReplies: incomingReplies ?? [] }]
    const current = list[index] as Annotation
    const merged = { ...current, ...shown, AnnotationReplies: incomingReplies ?? current.AnnotationReplies }
    return list.map((annotation, i) => (i === index ? merged : annotation))
  })
}

function replaceShown(
  client: QueryClient,
  canvasId: string,
  id: string,
  next: (a: Annotation) => Annotation,
) {
  edit(client, canvasId, (list) =>
    list.map((annotation) =>
      annotation.id === id
        ? { ...next(annotation), AnnotationReplies: annotation.AnnotationReplies }
        : annotation,
    ),
  )
}

export interface ChangeInFlight {
  /** The server's answer: applied unless the change's echo frame (same state or newer) came first. */
  answered(snapshot: Annotation): void
  /** Refused: the change is taken out and the annotation shown as the server last had it. */
  failed(): void
}

/** Shows `change` at once and keeps it on top of incoming server state until its echo frame arrives. */
export function beginChange(
  client: QueryClient,
  canvasId: string,
  annotationId: string,
  change: LocalChange,
): ChangeInFlight {
  const store = pendingOf(client, canvasId)
  const current = annotationsOf(client, canvasId).find((annotation) => annotation.id === annotationId)
  if (current && !store.bases.has(annotationId)) store.bases.set(annotationId, current)
  const op = addOp(store, annotationId, change)
  replaceShown(client, canvasId, annotationId, change.apply)
  return {
    answered(snapshot) {
      if (op.state === 'echoed') {
        dropOp(store, op)
        return
      }
      markAnswered(store, op)
      upsertAnnotation(client, canvasId, snapshot)
    },
    failed() {
      const base = store.bases.get(annotationId)
      dropOp(store, op)
      if (base) replaceShown(client, canvasId, annotationId, () => withPending(store, base))
    },
  }
}

/** A freshly loaded list, with the local changes in flight and the deletions seen here applied. */
export function rebaseList(client: QueryClient, canvasId: string, data: AnnotationsData): AnnotationsData {
  const store = pendingOf(client, canvasId)
  const annotations = data.annotations
    .filter((annotation) => !store.goneAnnotations.has(annotation.id))
    .map((annotation) => {
      if (opsFor(store, annotation.id).length > 0) store.bases.set(annotation.id, annotation)
      const shown = withPending(store, annotation)
      const replies = liveReplies(store, annotation.AnnotationReplies)
      return replies ? { ...shown, AnnotationReplies: replies } : shown
    })
  return { ...data, annotations }
}

/**
 * `final`: the comment is gone for good (deleted), so late frames of it are ignored; a comment hidden
 * because it was made private may come back.
 */
export function removeAnnotation(client: QueryClient, canvasId: string, id: string, final = true): void {
  if (final) pendingOf(client, canvasId).goneAnnotations.add(id)
  edit(client, canvasId, (list) => list.filter((annotation) => annotation.id !== id))
}

/** Puts back a comment whose deletion the server refused. */
export function restoreAnnotation(client: QueryClient, canvasId: string, annotation: Annotation): void {
  pendingOf(client, canvasId).goneAnnotations.delete(annotation.id)
  upsertAnnotation(client, canvasId, annotation)
}

export function upsertReply(client: QueryClient, canvasId: string, reply: AnnotationReply): void {
  if (pendingOf(client, canvasId).goneReplies.has(reply.id)) return
  edit(client, canvasId, (list) =>
    list.map((annotation) => {
      if (annotation.id !== reply.AnnotationId) return annotation
      const replies = annotation.AnnotationReplies ?? []
      const exists = replies.some((r) => r.id === reply.id)
      return {
        ...annotation,
        AnnotationReplies: exists ? replies.map((r) => (r.id === reply.id ? reply : r)) : [...replies, reply],
      }
    }),
  )
}

/** `final` as for annotations: a reply hidden because it was made private may come back. */
export function removeReply(
  client: QueryClient,
  canvasId: string,
  annotationId: string,
  replyId: string,
  final = true,
): void {
  if (final) pendingOf(client, canvasId).goneReplies.add(replyId)
  edit(client, canvasId, (list) =>
    list.map((annotation) =>
      annotation.id === annotationId
        ? {
            ...annotation,
            AnnotationReplies: (annotation.AnnotationReplies ?? []).filter((r) => r.id !== replyId),
          }
        : annotation,
    ),
  )
}

/** Puts back a reply whose deletion was undone or refused. */
export function restoreReply(client: QueryClient, canvasId: string, reply: AnnotationReply): void {
  pendingOf(client, canvasId).goneReplies.delete(reply.id)
  upsertReply(client, canvasId, reply)
}

export function annotationsOf(client: QueryClient, canvasId: string): Annotation[] {
  return client.getQueryData<AnnotationsData>(reviewKeys.annotations(canvasId))?.annotations ?? []
}
