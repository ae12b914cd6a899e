/**
 * Live updates of an open canvas over the real-time channel: new and changed comments, replies and
 * statuses from others patch the cached list (no reload), announce themselves with the SPEC notifications
 * ('{user} left a new comment', ...), which open the comment on click, and presence shows who else is
 * looking. A `resync` (too much missed to replay) reloads the list over HTTP.
 */
import { createRealtimeClient, type RealtimeEvent } from '@pinpoint/api'
import { pushNotificationAtom } from '@pinpoint/state'
import { useQueryClient } from '@tanstack/react-query'
import { useSetAtom } from 'jotai'
import { useEffect, useRef, useState } from 'react'
import { createdHere } from './actions'
import { removeAnnotation, removeReply, reviewKeys, upsertAnnotation, upsertReply } from './cache'
import type { Annotation, AnnotationReply } from './types'

export interface Viewer {
  userId: string | null
  name: string
  avatarUrl: string | null
  /** A nameless entry of a link holder's presence frame (they see how many, not who). */
  anonymous?: boolean
}

const PRESENCE_REFRESH_MS = 10_000

function str(value: unknown): string | null {
  return typeof value === 'string' && value ? value : null
}

export function useCanvasRealtime({
  canvasId,
  subdomain,
  viewerId,
  commentHref,
}: {
  canvasId: string
  subdomain: string
  viewerId: string | null
  commentHref: (annotationId: string) => string
}) {
  const client = useQueryClient()
  const notify = useSetAtom(pushNotificationAtom)
  const [viewers, setViewers] = useState<Viewer[]>([])
  const latest = useRef({ viewerId, commentHref })
  latest.current = { viewerId, commentHref }

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new identity (a guest who just gave a name) needs a new socket, authenticated on connect
  useEffect(() => {
    if (typeof WebSocket === 'undefined') return
    const announce = (event: RealtimeEvent, annotationId: string, createdId: string) => {
      if (createdHere.has(createdId)) return
      const mine = !!latest.current.viewerId && event.actorUserId === latest.current.viewerId
      const text = str(mine ? event.data.selfText : event.data.text)
      if (!text) return
      const actorName = str(event.data.actorName)
      notify({
        text,
        href: latest.current.commentHref(annotationId),
        eventId: String(event.id),
        actor: actorName ? { name: actorName } : null,
      })
    }
    const apply = (event: RealtimeEvent) => {
      const data = event.data
      const annotationId = event.annotationId ?? str(data.annotationId)
      switch (event.type) {
        case 'annotation.deleted':
          // Final unless it was only hidden from this viewer (made private): a late frame must not revive it.
          if (annotationId) removeAnnotation(client, canvasId, annotationId, data.reason !== 'made-private')
          break
        case 'reply.created':
        case 'reply.updated': {
          const reply = data.reply as AnnotationReply | undefined
          if (reply) upsertReply(client, canvasId, reply)
          if (event.type === 'reply.created' && annotationId && reply) announce(event, annotationId, reply.id)
          break
        }
        case 'reply.deleted':
          if (annotationId && event.replyId)
            removeReply(client, canvasId, annotationId, event.replyId, data.reason !== 'made-private')
          break
        default:
          // annotation.created, .updated, .status-changed, ...: each carries the annotation's snapshot.
          if (event.type.startsWith('annotation.')) {
            const annotation = data.annotation as Annotation | undefined
            if (annotation) upsertAnnotation(client, canvasId, annotation, event)
            if (event.type === 'annotation.created' && annotationId)
              announce(event, annotationId, annotationId)
          }
          // Bulk changes (annotations.exported, annotations.inactive-reason) name ids, not snapshots.
          else if (event.type.startsWith('annotations.')) {
            void client.invalidateQueries({ queryKey: reviewKeys.annotations(canvasId) })
          }
          // Canvas, revision and asset changes: reload the canvas behind the link.
          else if (/^(canvas|asset|revision)\./.test(event.type)) {
            void client.invalidateQueries({ queryKey: reviewKeys.link(subdomain) })
          }
      }
    }
    const realtime = createRealtimeClient({
      onMessage(message) {
        if (message.type === 'event' && message.event.canvasId === canvasId) apply(message.event)
        else if (message.type === 'presence' && message.canvasId === canvasId)
          setViewers(message.viewers.map((viewer) => ({ ...viewer, anonymous: message.anonymous === true })))
        else if (message.type === 'resync' && (message.canvasId === canvasId || message.canvasId === null)) {
          void client.invalidateQueries({ queryKey: reviewKeys.annotations(canvasId) })
        }
        // A billing change of the viewer's account (a card paid an ended trial): the canvas's read-only
        // state is the server's to say, so the canvas behind the link is fetched again.
        else if (message.type === 'customer.updated') {
          void client.invalidateQueries({ queryKey: reviewKeys.link(subdomain) })
        }
      },
    })
    const unsubscribe = realtime.subscribeCanvas(canvasId)
    const timer = window.setInterval(
      () => realtime.send({ type: 'presence.refresh', canvasId }),
      PRESENCE_REFRESH_MS,
    )
    return () => {
      window.clearInterval(timer)
      unsubscribe()
      realtime.close()
    }
  }, [canvasId, subdomain, client, notify, viewerId])

  return { viewers }
}
