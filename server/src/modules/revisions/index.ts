/**
 * Revision routes: POST /canvases/{id}/revisions, PUT and DELETE /canvas-revisions/{id}, and ours,
 * POST /canvas-revisions/{id}/carry-comments (carry.ts).
 */
import { Elysia, t } from 'elysia'
import type { AppContext } from '../../context'
import { annotationsJson } from '../annotations/json-sql'
import { deleteStoredFiles } from '../assets/files'
import { authPlugin } from '../auth/plugin'
import { loadCanvasForView } from '../canvases/access'
import { loadCanvasDetail } from '../canvases/detail'
import { serializeRevision } from '../canvases/serialize'
import { inTransaction } from '../canvases/transaction'
import { carryComments } from './carry'
import { createRevision, deleteRevision, updateRevision } from './service'

export function revisionsModule(context: AppContext) {
  const { db } = context.database
  const urls = { storage: context.storage, proxyOrigin: context.config.proxyOrigin }
  const canvasJson = async (actor: Parameters<typeof loadCanvasForView>[1], canvasId: string) => {
    const view = await loadCanvasForView(db, actor, canvasId)
    return loadCanvasDetail(db, view, actor.user, { editable: view.editable, now: context.now(), urls })
  }
  const name = t.Optional(t.Union([t.String({ maxLength: 200 }), t.Null()]))

  return new Elysia({ name: 'revisions' })
    .use(authPlugin(context))
    .post(
      '/canvases/:id/revisions',
      async ({ actor, params, body }) => {
        const revision = await inTransaction(db, (tx) => createRevision(tx, actor, params.id, body ?? {}))
        return {
          canvasRevision: serializeRevision(revision, urls),
          canvas: await canvasJson(actor, revision.canvasId),
        }
      },
      {
        body: t.Optional(
          t.Object({
            name,
            /** Website canvases: the new version's address; left out, the same address is fetched again. */
            localUrl: t.Optional(t.Union([t.String({ maxLength: 2048 }), t.Null()])),
          }),
        ),
      },
    )
    .put(
      '/canvas-revisions/:id',
      async ({ actor, params, body }) => {
        const revision = await inTransaction(db, (tx) => updateRevision(tx, actor, params.id, body))
        return {
          canvasRevision: serializeRevision(revision, urls),
          canvas: await canvasJson(actor, revision.canvasId),
        }
      },
      { body: t.Object({ name, current: t.Optional(t.Boolean()) }) },
    )
    .post(
      '/canvas-revisions/:id/carry-comments',
      async ({ actor, params, body }) =>
        inTransaction(db, async (tx) => {
          const { outcomes, ids, includePrivate } = await carryComments(tx, actor, params.id, body)
          const json = await annotationsJson(tx, { annotationIds: ids, includePrivate })
          return { carried: outcomes, annotations: [...json.values()] }
        }),
      {
        body: t.Object({
          fromRevisionId: t.String({ minLength: 1, maxLength: 100 }),
          /** Websites: the page of the new revision the comments move to (its address may differ). */
          path: t.Optional(t.String({ minLength: 1, maxLength: 2000 })),
          results: t.Optional(
            t.Array(
              t.Object({
                id: t.String({ minLength: 1, maxLength: 100 }),
                anchor: t.Union([t.Record(t.String(), t.Unknown()), t.Null()]),
              }),
              { maxItems: 2000 },
            ),
          ),
        }),
        detail: { tags: ['Canvases'], summary: 'Carry the open comments of a revision to this one' },
      },
    )
    .delete('/canvas-revisions/:id', async ({ actor, params }) => {
      const { revision, storageKeys } = await inTransaction(db, (tx) => deleteRevision(tx, actor, params.id))
      await deleteStoredFiles(context, storageKeys)
      return {
        canvasRevision: serializeRevision(revision, urls),
        canvas: await canvasJson(actor, revision.canvasId),
      }
    })
}
