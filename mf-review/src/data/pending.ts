/**
 * Local changes in flight, kept per query client and canvas, so that server state arriving late cannot
 * roll the screen back.
 *
 * Why: a change is shown at once (optimistic) and sent. Before its echo arrives, the screen can receive
 * older server state: a real-time frame committed before the change (e.g. `annotation.created` of a comment
 * just labelled), or the answer of an earlier call. Neither the frames nor the answers carry a version of
 * the annotation (`updatedAt` does not move on label changes), but the frames of one canvas arrive in
 * commit order (NOTIFY is delivered in commit order, decision 011). So each change stays pending until the
 * server's record of it, its echo frame, has arrived, and is re-applied on top of every server snapshot
 * received meanwhile. Once the echo is in, later frames are newer than the change and apply as they are.
 *
 * Deleted comments and replies are remembered (ids are never reused) so a late frame cannot bring them
 * back; a deletion for privacy reasons ('made-private') is not final and is not remembered.
 */
import type { QueryClient } from '@tanstack/react-query'
import type { Annotation, Label } from './types'

/** The fields of a canvas feed event that say which change it records. */
export interface FeedEvent {
  type: string
  annotationId?: string | null
  data: Record<string, unknown>
}

export interface LocalChange {
  apply(annotation: Annotation): Annotation
  /** Is this event the server's record of this very change? */
  isEcho(event: FeedEvent): boolean
}

type OpState = 'sent' | 'answered' | 'echoed'

interface Op {
  annotationId: string
  change: LocalChange
  state: OpState
  timer?: ReturnType<typeof setTimeout>
}

/**
 * After an answer, how long to wait for the echo: a change that altered nothing records no event, and a
 * closed socket delivers none. Dropping the op then changes nothing on screen (the answer is applied).
 */
export const ECHO_WAIT_MS = 15_000

export interface CanvasPending {
  ops: Op[]
  /** Latest server snapshot of each annotation that has ops (to recompute when one fails). */
  bases: Map<string, Annotation>
  goneAnnotations: Set<string>
  goneReplies: Set<string>
}

const stores = new WeakMap<QueryClient, Map<string, CanvasPending>>()

export function pendingOf(client: QueryClient, canvasId: string): CanvasPending {
  let byCanvas = stores.get(client)
  if (!byCanvas) {
    byCanvas = new Map()
    stores.set(client, byCanvas)
  }
  let store = byCanvas.get(canvasId)
  if (!store) {
    store = { ops: [], bases: new Map(), goneAnnotations: new Set(), goneReplies: new Set() }
    byCanvas.set(canvasId, store)
  }
  return store
}

export function opsFor(store: CanvasPending, annotationId: string): Op[] {
  return store.ops.filter((op) => op.annotationId === annotationId)
}

/** The snapshot with every local change still in flight applied, oldest first. */
export function withPending(store: CanvasPending, snapshot: Annotation): Annotation {
  return opsFor(store, snapshot.id).reduce((annotation, op) => op.change.apply(annotation), snapshot)
}

export function dropOp(store: CanvasPending, op: Op): void {
  if (op.timer) clearTimeout(op.timer)
  store.ops = store.ops.filter((o) => o !== op)
  if (!store.ops.some((o) => o.annotationId === op.annotationId)) store.bases.delete(op.annotationId)
}

export function addOp(store: CanvasPending, annotationId: string, change: LocalChange): Op {
  const op: Op = { annotationId, change, state: 'sent' }
  store.ops.push(op)
  return op
}

/**
 * A server snapshot arrived (optionally as the frame of `event`): the oldest matching op that was answered
 * is done; one not yet answered is marked so its (same or older) answer is not applied over newer frames.
 */
export function noteEcho(store: CanvasPending, annotationId: string, event: FeedEvent): void {
  const op = opsFor(store, annotationId).find((o) => o.state !== 'echoed' && o.change.isEcho(event))
  if (!op) return
  if (op.state === 'answered') dropOp(store, op)
  else op.state = 'echoed'
}

export function markAnswered(store: CanvasPending, op: Op): void {
  op.state = 'answered'
  op.timer = setTimeout(() => dropOp(store, op), ECHO_WAIT_MS)
}

const idOf = (value: unknown): string | null =>
  value && typeof value === 'object' && typeof (value as { id?: unknown }).id === 'string'
    ? (value as { id: string }).id
    : null

export function labelChange(label: Label, add: boolean): LocalChange {
  return {
    apply: (annotation) => {
      const has = annotation.Labels.some((l) => l.id === label.id)
      if (add === has) return annotation
      const Labels = add ? [...annotation.Labels, label] : annotation.Labels.filter((l) => l.id !== label.id)
      return { ...annotation, Labels }
    },
    isEcho: (event) =>
      event.type === (add ? 'annotation.label-added' : 'annotation.label-removed') &&
      idOf(event.data.label) === label.id,
  }
}

export function assignChange(
  assignedUserId: string | null,
  assignedUser: Annotation['assignedUser'],
): LocalChange {
  return {
    apply: (annotation) => ({ ...annotation, assignedUserId, assignedUser }),
    isEcho: (event) =>
      (event.type === 'annotation.assigned' || event.type === 'annotation.unassigned') &&
      (event.data.assignedUserId ?? null) === assignedUserId,
  }
}

/** PUT /annotations/{id} fields: the server records `annotation.updated` or `.status-changed` with the keys. */
export function fieldsChange(patch: Partial<Annotation>): LocalChange {
  const keys = Object.keys(patch).sort()
  return {
    apply: (annotation) => ({ ...annotation, ...patch }),
    isEcho: (event) => {
      if (event.type !== 'annotation.updated' && event.type !== 'annotation.status-changed') return false
      const changes = event.data.changes
      if (!Array.isArray(changes)) return false
      const sent = [...changes].filter((key) => key !== 'fileAttachmentIds').sort()
      return sent.length === keys.length && sent.every((key, i) => key === keys[i])
    },
  }
}
