/** Team calls: members list, admins, removing a member. Invites live in the invites module. */
import { ValidationFailed } from '@pinpoint/domain'
import { Elysia } from 'elysia'
import type { AppContext } from '../../context'
import { authPlugin, contextSeed } from '../auth/plugin'
import { syncSeats } from '../billing/seats'
import { teamModels } from './model'
import { listTeamUsers, removeTeamMember, setTeamAdmin } from './service'

export function teamsModule(context: AppContext) {
  return (
    new Elysia({ name: 'teams', prefix: '/teams', seed: contextSeed(context) })
      .use(authPlugin(context))
      .model(teamModels)
      .get('/:id/users', async ({ actor, params }) => ({
        users: await listTeamUsers(context, actor, params.id),
      }))
      .post(
        '/:id/admins',
        async ({ actor, params, body }) => ({
          user: await setTeamAdmin(context, actor, params.id, body.userId, true),
        }),
        { body: 'teams.adminBody' },
      )
      // DELETE carries userId in the JSON body (SPEC) or, for clients that cannot send a DELETE body, the query.
      .delete(
        '/:id/admins',
        async ({ actor, params, body, query }) => {
          const userId = (body as { userId?: unknown } | undefined)?.userId ?? query.userId
          if (typeof userId !== 'string' || !userId) {
            throw new ValidationFailed('Say which user should stop being an admin.', {
              issues: [{ path: 'userId', message: 'Required' }],
            })
          }
          return { user: await setTeamAdmin(context, actor, params.id, userId, false) }
        },
        { query: 'teams.adminQuery' },
      )
      .delete(
        '/:id/users/:userId',
        async ({ actor, params, body, query }) => {
          const result = await removeTeamMember(
            context,
            actor,
            params.id,
            params.userId,
            body?.transferCanvasesAndFolders ?? query.transferCanvasesAndFolders ?? false,
          )
          await syncSeats(context, params.id)
          return result
        },
        { body: 'teams.removeBody', query: 'teams.removeQuery' },
      )
  )
}
