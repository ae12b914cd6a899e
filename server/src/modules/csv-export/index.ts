/** CSV export of a canvas's comments (SPEC 2 export panels: CSV). */
import { Elysia, t } from 'elysia'
import type { AppContext } from '../../context'
import { authPlugin } from '../auth/plugin'
import { exportCommentsCsv } from './service'

export function csvExportModule(context: AppContext) {
  return new Elysia({ name: 'csv-export' }).use(authPlugin(context)).post(
    '/canvases/:id/annotations/export.csv',
    async ({ actor, params, body, request }) => {
      const { csv, filename } = await exportCommentsCsv(
        context,
        actor,
        request,
        params.id,
        body?.annotationIds,
      )
      context.analytics.track(
        'annotations_exported',
        { canvasId: params.id, target: 'csv', count: body?.annotationIds?.length },
        actor.user?.id,
      )
      return new Response(csv, {
        headers: {
          'content-type': 'text/csv; charset=utf-8',
          'content-disposition': `attachment; filename="${filename.replace(/[^\x20-\x7e]|"/g, '_')}"; filename*=UTF-8''${encodeURIComponent(filename)}`,
          'cache-control': 'no-store',
        },
      })
    },
    {
      params: t.Object({ id: t.String({ minLength: 1, maxLength: 100 }) }),
      body: t.Optional(
        t.Object({
          annotationIds: t.Optional(t.Array(t.String({ minLength: 1, maxLength: 100 }), { maxItems: 5000 })),
        }),
      ),
      detail: { tags: ['Annotations'], summary: "Export a canvas's comments as CSV (all, or the given ids)" },
    },
  )
}
