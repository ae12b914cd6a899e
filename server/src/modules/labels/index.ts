/**
 * Label routes (SPEC 7): POST /labels, PUT and DELETE /labels/{id}, GET /teams/{id}/labels. Putting labels
 * on annotations is in the annotations module.
 */
import { Elysia, t } from 'elysia'
import type { AppContext } from '../../context'
import { authPlugin } from '../auth/plugin'
import { CreateLabelBody, UpdateLabelBody } from './model'
import { createLabel, deleteLabel, listTeamLabels, updateLabel } from './service'

const IdParam = t.Object({ id: t.String({ minLength: 1, maxLength: 100 }) })

export function labelsModule(context: AppContext) {
  return new Elysia({ name: 'labels' })
    .use(authPlugin(context))
    .model({ CreateLabelBody, UpdateLabelBody })
    .get(
      '/teams/:id/labels',
      async ({ actor, params }) => ({ labels: await listTeamLabels(context, actor, params.id) }),
      {
        params: IdParam,
        detail: { tags: ['Labels'] },
      },
    )
    .post('/labels', async ({ actor, body }) => ({ label: await createLabel(context, actor, body) }), {
      body: 'CreateLabelBody',
      detail: { tags: ['Labels'] },
    })
    .put(
      '/labels/:id',
      async ({ actor, params, body }) => ({ label: await updateLabel(context, actor, params.id, body) }),
      {
        params: IdParam,
        body: 'UpdateLabelBody',
        detail: { tags: ['Labels'] },
      },
    )
    .delete(
      '/labels/:id',
      async ({ actor, params }) => {
        await deleteLabel(context, actor, params.id)
        return { deleted: true }
      },
      { params: IdParam, detail: { tags: ['Labels'] } },
    )
}
