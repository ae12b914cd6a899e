/** The guided tours a member has seen: GET /users/me/tours, PUT /users/me/tours/{tour}. */
import { Elysia, t } from 'elysia'
import type { AppContext } from '../../context'
import { authPlugin } from '../auth/plugin'
import { listToursSeen, markTourSeen } from './service'

export function toursModule(context: AppContext) {
  return new Elysia({ name: 'tours' })
    .use(authPlugin(context))
    .get('/users/me/tours', async ({ actor }) => ({ tours: await listToursSeen(context, actor) }), {
      detail: { tags: ['Users'], summary: 'Guided tours the caller has seen' },
    })
    .put(
      '/users/me/tours/:tour',
      async ({ actor, params }) => ({ tours: await markTourSeen(context, actor, params.tour) }),
      {
        params: t.Object({ tour: t.String({ minLength: 1, maxLength: 40 }) }),
        detail: { tags: ['Users'], summary: 'Mark a guided tour as seen (finished or skipped)' },
      },
    )
}
