/**
 * Invite calls: the team side (`/teams/:id/invites...`) for admins and the invitee side (`/invites...`).
 */
import { ValidationFailed } from '@pinpoint/domain'
import { Elysia } from 'elysia'
import type { AppContext } from '../../context'
import { authPlugin, contextSeed, serializeUser } from '../auth/plugin'
import { syncSeats } from '../billing/seats'
import { inviteModels } from './model'
import {
  acceptInvite,
  createInvites,
  declineInvite,
  deleteInvite,
  getInviteByCode,
  getInvitesForEmail,
  listTeamInvites,
  resendInvite,
} from './service'

export function invitesModule(context: AppContext) {
  return new Elysia({ name: 'invites', seed: contextSeed(context) })
    .use(authPlugin(context))
    .model(inviteModels)
    .get('/teams/:id/invites', async ({ actor, params }) => ({
      invites: await listTeamInvites(context, actor, params.id),
    }))
    .post(
      '/teams/:id/invites',
      async ({ actor, params, body, set }) => {
        set.status = 201
        return createInvites(context, actor, params.id, body.emails)
      },
      { body: 'invites.create' },
    )
    .post('/teams/:id/invites/:inviteId/resend', ({ actor, params }) =>
      resendInvite(context, actor, params.id, params.inviteId),
    )
    .delete('/teams/:id/invites/:inviteId', async ({ actor, params }) => ({
      invite: await deleteInvite(context, actor, params.id, params.inviteId),
    }))
    .get(
      '/invites',
      async ({ actor, query }) => {
        if (query.code) return { invite: await getInviteByCode(context, query.code) }
        if (query.email) return { invites: await getInvitesForEmail(context, actor, query.email) }
        throw new ValidationFailed('Give an invite code or an e-mail address.', {
          issues: [{ path: 'code', message: 'code or email is required' }],
        })
      },
      { query: 'invites.query' },
    )
    .post('/invites/:id/accept', async ({ actor, params }) => {
      const user = await acceptInvite(context, actor, params.id)
      await syncSeats(context, user.teamId)
      return { user: serializeUser(user) }
    })
    .post('/invites/:id/decline', async ({ actor, params }) => ({
      invite: await declineInvite(context, actor, params.id),
    }))
}
