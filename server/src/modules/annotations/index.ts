/**
 * Annotation routes (SPEC 7 "Annotations"): the canvas's list, one annotation, create, update, delete,
 * labels on an annotation, the assignee, the exported mark, the inactive reason of a page and attachment
 * downloads. Rules live in policy/comments.ts; privacy (NotFound for hidden comments) in load.ts.
 */
import { Elysia, t } from 'elysia'
import type { AppContext } from '../../context'
import { authPlugin } from '../auth/plugin'
import { assignAnnotation } from './assign'
import { attachmentDownloadUrl } from './attachments'
import { markAnnotationsExported, setInactiveReason } from './bulk'
import { addAnnotationLabel, removeAnnotationLabel } from './labels'
import { listCanvasAnnotations } from './list'
import { CreateAnnotationBody, InactiveReasonBody, MarkExportedBody, UpdateAnnotationBody } from './model'
import { createAnnotation, deleteAnnotation, getAnnotation, updateAnnotation } from './service'

const IdParam = t.String({ minLength: 1, maxLength: 100 })

export function annotationsModule(context: AppContext) {
  return new Elysia({ name: 'annotations' })
    .use(authPlugin(context))
    .model({ CreateAnnotationBody, UpdateAnnotationBody, MarkExportedBody, InactiveReasonBody })
    .get(
      '/canvases/:id/annotations',
      async ({ actor, params, request }) => {
        const result = await listCanvasAnnotations(
          { context, actor, request },
          params.id,
          request.headers.get('if-none-match'),
          request.headers.get('accept-encoding'),
        )
        // no-cache: the browser keeps the body but asks every time; the ETag makes that a 304.
        const headers: Record<string, string> = {
          etag: result.etag,
          'cache-control': 'private, no-cache',
          vary: 'Cookie, Authorization, Accept-Encoding',
        }
        if (result.status === 304) return new Response(null, { status: 304, headers })
        headers['content-type'] = 'application/json; charset=utf-8'
        if (result.gzip) {
          // Another encoding of the same list: a weak validator (If-None-Match compares weakly).
          headers.etag = `W/${result.etag}`
          headers['content-encoding'] = 'gzip'
        }
        return new Response(result.body, { headers })
      },
      {
        params: t.Object({ id: IdParam }),
        detail: { tags: ['Annotations'], summary: 'List the annotations of a canvas' },
      },
    )
    .post(
      '/canvases/:id/annotations/mark-as-exported',
      async ({ actor, params, body, request }) => {
        const annotations = await markAnnotationsExported(
          { context, actor, request },
          params.id,
          body.annotationIds,
        )
        context.analytics.track(
          'annotations_exported',
          { canvasId: params.id, count: body.annotationIds.length },
          actor.user?.id,
        )
        return { annotations }
      },
      { params: t.Object({ id: IdParam }), body: 'MarkExportedBody', detail: { tags: ['Annotations'] } },
    )
    .put(
      '/canvases/:id/annotations/inactive-reason',
      async ({ actor, params, body, request }) => ({
        annotations: await setInactiveReason({ context, actor, request }, params.id, body),
      }),
      { params: t.Object({ id: IdParam }), body: 'InactiveReasonBody', detail: { tags: ['Annotations'] } },
    )
    .post(
      '/annotations',
      async ({ actor, body, request }) => {
        const annotation = await createAnnotation({ context, actor, request }, body)
        // Where and what kind of comment, never its text (the allow-list would drop it anyway).
        context.analytics.track(
          'comment_created',
          {
            canvasId: annotation.CanvasId,
            annotationId: annotation.id,
            isReply: false,
            isPrivate: annotation.isPrivate,
            byGuest: actor.user?.isGuest === true,
            attachmentCount: annotation.FileAttachments.length,
          },
          actor.user?.id,
        )
        return { annotation }
      },
      { body: 'CreateAnnotationBody', detail: { tags: ['Annotations'], summary: 'Create an annotation' } },
    )
    .get(
      '/annotations/:id',
      async ({ actor, params, request }) => ({
        annotation: await getAnnotation({ context, actor, request }, params.id),
      }),
      { params: t.Object({ id: IdParam }), detail: { tags: ['Annotations'] } },
    )
    .put(
      '/annotations/:id',
      async ({ actor, params, body, request }) => ({
        annotation: await updateAnnotation({ context, actor, request }, params.id, body),
      }),
      { params: t.Object({ id: IdParam }), body: 'UpdateAnnotationBody', detail: { tags: ['Annotations'] } },
    )
    .delete(
      '/annotations/:id',
      async ({ actor, params, request }) => {
        await deleteAnnotation({ context, actor, request }, params.id)
        return { deleted: true }
      },
      { params: t.Object({ id: IdParam }), detail: { tags: ['Annotations'] } },
    )
    .post(
      '/annotations/:id/labels/:labelId',
      async ({ actor, params, request }) => ({
        annotation: await addAnnotationLabel({ context, actor, request }, params.id, params.labelId),
      }),
      { params: t.Object({ id: IdParam, labelId: IdParam }), detail: { tags: ['Annotations'] } },
    )
    .delete(
      '/annotations/:id/labels/:labelId',
      async ({ actor, params, request }) => ({
        annotation: await removeAnnotationLabel({ context, actor, request }, params.id, params.labelId),
      }),
      { params: t.Object({ id: IdParam, labelId: IdParam }), detail: { tags: ['Annotations'] } },
    )
    .post(
      '/annotations/:id/assigned-user/:userId',
      async ({ actor, params, request }) => ({
        annotation: await assignAnnotation({ context, actor, request }, params.id, params.userId),
      }),
      { params: t.Object({ id: IdParam, userId: IdParam }), detail: { tags: ['Annotations'] } },
    )
    .delete(
      '/annotations/:id/assigned-user',
      async ({ actor, params, request }) => ({
        annotation: await assignAnnotation({ context, actor, request }, params.id, null),
      }),
      { params: t.Object({ id: IdParam }), detail: { tags: ['Annotations'] } },
    )
    .get(
      '/annotations/:id/file-attachments/:attachmentId',
      async ({ actor, params, request, redirect }) =>
        redirect(
          await attachmentDownloadUrl(
            { context, actor, request, db: context.database.db },
            params.id,
            params.attachmentId,
          ),
          302,
        ),
      { params: t.Object({ id: IdParam, attachmentId: IdParam }), detail: { tags: ['Annotations'] } },
    )
}
