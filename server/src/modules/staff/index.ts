/**
 * Staff tools (decision 043): GET /staff/users?query=, PUT /staff/users/{id}/beta-features and
 * GET /staff/impersonations. Impersonation itself stays a session call (POST/DELETE
 * /sessions/impersonation, decision 007); its audit rows are written there.
 */
import { Elysia } from 'elysia'
import type { AppContext } from '../../context'
import { authPlugin } from '../auth/plugin'
import { staffModels } from './model'
import { listImpersonations, searchUsers, setBetaFeatures } from './service'

export function staffModule(context: AppContext) {
  return new Elysia({ name: 'staff' })
    .use(authPlugin(context))
    .model(staffModels)
    .get(
      '/staff/users',
      async ({ actor, query }) => ({ users: await searchUsers(context, actor, query.query) }),
      { query: 'staff.userSearch', detail: { tags: ['Staff'] } },
    )
    .put(
      '/staff/users/:id/beta-features',
      async ({ actor, params, body }) => ({ user: await setBetaFeatures(context, actor, params.id, body) }),
      { body: 'staff.betaFeatures', detail: { tags: ['Staff'] } },
    )
    .get(
      '/staff/impersonations',
      async ({ actor, query }) => ({
        impersonations: await listImpersonations(context, actor, query.limit ?? 50),
      }),
      { query: 'staff.impersonationsQuery', detail: { tags: ['Staff'] } },
    )
}
