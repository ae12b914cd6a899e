/**
 * Query keys and the edits the screen makes to its cached annotation list, shared by its own calls
 * (optimistic updates) and by real-time events, so both paths apply a change the same way.
 *
 * Snapshot rule (from the server's feed): an annotation snapshot never removes replies; it carries none,
 * or (on privacy changes) the thread the receiver may see. Replies change through reply events only.
 */
import type { QueryClient } from '@tanstack/react-query'
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

export function upsertAnnotation(client: QueryClient, canvasId: string, incoming: Annotation): void {
  edit(client, canvasId, (list) => {
    const index = list.findIndex((annotation) => annotation.id === incoming.id)
    if (index < 0) return [...list, { ...incoming, AnnotationReplies: incoming.AnnotationReplies ?? [] }]
    const current = list[index] as Annotation
    const merged = {
      ...current,
      ...incoming,
      AnnotationReplies: incoming.AnnotationReplies ?? current.AnnotationReplies,
    }
    return list.map((annotation, i) => (i === index ? merged : annotation))
  })
}

export function patchAnnotation(
  client: QueryClient,
  canvasId: string,
  id: string,
  patch: Partial<Annotation>,
): void {
  edit(client, canvasId, (list) =>
    list.map((annotation) => (annotation.id === id ? { ...annotation, ...patch } : annotation)),
  )
}

export function removeAnnotation(client: QueryClient, canvasId: string, id: string): void {
  edit(client, canvasId, (list) => list.filter((annotation) => annotation.id !== id))
}

export function upsertReply(client: QueryClient, canvasId: string, reply: AnnotationReply): void {
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

export function removeReply(
  client: QueryClient,
  canvasId: string,
  annotationId: string,
  replyId: string,
): void {
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

export function annotationsOf(client: QueryClient, canvasId: string): Annotation[] {
  return client.getQueryData<AnnotationsData>(reviewKeys.annotations(canvasId))?.annotations ?? []
}
