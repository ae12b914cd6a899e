/**
 * The changes a reviewer makes: each applied to the cached list at once, sent to the server, and undone
 * with an error toast when it is refused. Own new comments and replies raise the SPEC's notifications
 * ('You left a comment', 'You replied to a comment'); ids made here are remembered so their real-time echo
 * does not raise a second one.
 */

import { withText } from '@pinpoint/anchoring'
import { notificationText, TOAST_TIMEOUT_MS } from '@pinpoint/domain'
import { addToastAtom, pushNotificationAtom } from '@pinpoint/state'
import { useQueryClient } from '@tanstack/react-query'
import { useSetAtom } from 'jotai'
import { useMemo } from 'react'
import { sendShot, shootAfterResolve } from '../screenshots/shots'
import {
  annotationsOf,
  beginChange,
  removeAnnotation,
  removeReply,
  restoreAnnotation,
  restoreReply,
  upsertAnnotation,
  upsertReply,
} from './cache'
import { deferDelete } from './deferred'
import { assignChange, fieldsChange, type LocalChange, labelChange } from './pending'
import { useReviewApi } from './queries'
import type { Annotation, AnnotationReply, AnnotationUpdate, CanvasUser, Label, NewAnnotation } from './types'

/** Ids of comments and replies created in this tab (their real-time echo is not announced again). */
export const createdHere = new Set<string>()

function message(error: unknown): string {
  return error instanceof Error && error.message ? error.message : 'Something went wrong. Try again.'
}

export function useAnnotationActions(canvasId: string, commentHref: (annotationId: string) => string) {
  const api = useReviewApi()
  const client = useQueryClient()
  const addToast = useSetAtom(addToastAtom)
  const notify = useSetAtom(pushNotificationAtom)

  return useMemo(() => {
    const fail = (error: unknown) => {
      addToast({ type: 'error', message: message(error) })
    }
    const find = (id: string) => annotationsOf(client, canvasId).find((annotation) => annotation.id === id)
    /**
     * Shows `change` now and keeps it on top of late server state until its echo arrives (cache.ts);
     * takes it out again if `call` fails.
     */
    const optimistic = async (
      id: string,
      change: LocalChange,
      call: () => Promise<{ annotation: Annotation }>,
    ) => {
      const inFlight = beginChange(client, canvasId, id, change)
      try {
        inFlight.answered((await call()).annotation)
        return true
      } catch (error) {
        inFlight.failed()
        fail(error)
        return false
      }
    }

    /** Sends a picture taken for a comment; the comment shows it when the answer (or its echo) comes. */
    const attachScreenshot = async (
      id: string,
      kind: 'screenshot' | 'after-screenshot',
      shot: Promise<Blob | null>,
    ) => {
      const annotation = await sendShot(id, kind, shot)
      if (annotation && find(id)) upsertAnnotation(client, canvasId, annotation)
    }

    return {
      async create(body: NewAnnotation): Promise<Annotation | null> {
        try {
          const { annotation } = await api.createAnnotation(body)
          createdHere.add(annotation.id)
          upsertAnnotation(client, canvasId, annotation)
          notify({
            text: notificationText({ kind: 'comment', isSelf: true, isPrivate: annotation.isPrivate }),
            href: commentHref(annotation.id),
            eventId: null,
            actor: null,
          })
          return annotation
        } catch (error) {
          fail(error)
          return null
        }
      },
      async update(id: string, patch: AnnotationUpdate) {
        const before = find(id)
        // A copy change resolved: the spot is pictured again, showing the new copy (decision 055).
        const after =
          before && patch.status === 'resolved' && before.status !== 'resolved'
            ? shootAfterResolve(before, withText)
            : null
        const done = await optimistic(id, fieldsChange(patch), () => api.updateAnnotation(id, patch))
        if (done && after !== null) void attachScreenshot(id, 'after-screenshot', after)
        return done
      },
      attachScreenshot,
      /**
       * Takes the comments off the screen at once and deletes them when the Undo toast has gone
       * (deferred.ts); Undo puts them back untouched.
       */
      remove(ids: readonly string[]) {
        const removed = ids.map(find).filter((a): a is Annotation => !!a)
        for (const id of ids) removeAnnotation(client, canvasId, id)
        const restore = () => {
          for (const annotation of removed) restoreAnnotation(client, canvasId, annotation)
        }
        const deletion = deferDelete({
          onUndo: restore,
          send: async (leaving) => {
            const results = await Promise.allSettled(
              ids.map((id) => (leaving ? api.deleteOnLeave('annotations', id) : api.deleteAnnotation(id))),
            )
            results.forEach((result, i) => {
              const annotation = removed[i]
              if (result.status === 'rejected' && annotation) restoreAnnotation(client, canvasId, annotation)
            })
            const failed = results.find((result) => result.status === 'rejected')
            if (failed) fail(failed.reason)
          },
        })
        addToast({
          type: 'success',
          message: ids.length === 1 ? 'Comment deleted' : `${ids.length} comments deleted`,
          timeout: TOAST_TIMEOUT_MS,
          action: { label: 'Undo', onClick: () => void deletion.undo() },
          onLeave: () => void deletion.flush(false),
        })
      },
      /** The author's new text; "edited" comes back with the server's answer (editedAt). */
      editComment: (id: string, comment: string) =>
        optimistic(id, fieldsChange({ comment }), () => api.updateAnnotation(id, { comment })),
      toggleLabel(annotation: Annotation, label: Label) {
        const has = annotation.Labels.some((l) => l.id === label.id)
        return optimistic(annotation.id, labelChange(label, !has), () =>
          has ? api.removeLabel(annotation.id, label.id) : api.addLabel(annotation.id, label.id),
        )
      },
      assign(annotation: Annotation, user: CanvasUser | null) {
        const assignedUser = user ? { id: user.id, name: user.name, avatarUrl: user.avatarUrl } : null
        return optimistic(annotation.id, assignChange(user?.id ?? null, assignedUser), () =>
          api.assign(annotation.id, user?.id ?? null),
        )
      },
      async reply(
        annotationId: string,
        body: { comment: string; isPrivate?: boolean; fileAttachmentIds?: string[] },
      ) {
        try {
          const { reply } = await api.createReply(annotationId, body)
          createdHere.add(reply.id)
          upsertReply(client, canvasId, reply)
          notify({
            text: notificationText({ kind: 'reply', isSelf: true }),
            href: commentHref(annotationId),
            eventId: null,
            actor: null,
          })
          return true
        } catch (error) {
          fail(error)
          return false
        }
      },
      async editReply(reply: AnnotationReply, comment: string) {
        upsertReply(client, canvasId, { ...reply, comment })
        try {
          upsertReply(client, canvasId, (await api.updateReply(reply.id, { comment })).reply)
          return true
        } catch (error) {
          upsertReply(client, canvasId, reply)
          fail(error)
          return false
        }
      },
      /** As `remove`: off the screen now, deleted when its Undo toast has gone. */
      deleteReply(annotationId: string, replyId: string) {
        const reply = find(annotationId)?.AnnotationReplies?.find((r) => r.id === replyId)
        removeReply(client, canvasId, annotationId, replyId)
        const deletion = deferDelete({
          onUndo: () => {
            if (reply) restoreReply(client, canvasId, reply)
          },
          send: async (leaving) => {
            try {
              if (leaving) await api.deleteOnLeave('replies', replyId)
              else await api.deleteReply(replyId)
            } catch (error) {
              if (reply) restoreReply(client, canvasId, reply)
              fail(error)
            }
          },
        })
        addToast({
          type: 'success',
          message: 'Reply deleted',
          timeout: TOAST_TIMEOUT_MS,
          action: { label: 'Undo', onClick: () => void deletion.undo() },
          onLeave: () => void deletion.flush(false),
        })
      },
    }
  }, [api, client, canvasId, addToast, notify, commentHref])
}

export type AnnotationActions = ReturnType<typeof useAnnotationActions>
