/**
 * Account calls: sign-up (POST /users) and the caller's own profile, password, avatar, billing settings
 * and API token (`/users/me/...`). Avatars are served by GET /avatars/:name.
 */
import { initialVisitSummary } from '@pinpoint/domain'
import { Elysia } from 'elysia'
import type { AppContext } from '../../context'
import { clearAuthCookies, IMPERSONATION_COOKIE, setSessionCookies } from '../auth/cookies'
import { authPlugin, contextSeed, serializeUser } from '../auth/plugin'
import { requestInfo } from '../auth/request-info'
import { setUserInfoCookie } from '../auth/user-info-cookie'
import { getCustomer } from '../billing/service'
import { publishCustomerUpdated } from '../billing/sync'
import { serveAvatar, updateAvatar } from './avatar'
import { initialVisitForSignup } from './initial-visit'
import { userModels } from './model'
import {
  changePassword,
  createApiToken,
  getApiToken,
  revokeApiToken,
  updateCustomerSettings,
  updateProfile,
} from './profile'
import { signUp } from './signup'

export function usersModule(context: AppContext) {
  return new Elysia({ name: 'users', seed: contextSeed(context) })
    .use(authPlugin(context))
    .model(userModels)
    .post(
      '/users',
      async ({ body, actor, request, server, cookie, set }) => {
        const initialVisitData = initialVisitForSignup(context.config, request, body.initialVisitData)
        const { token, user } = await signUp(
          context,
          { ...body, initialVisitData },
          requestInfo(context, request, server, actor),
        )
        context.analytics.track(
          'signed_up',
          {
            planId: user.customer?.planId,
            hasTeam: !!user.teamId,
            joinedByInvite: !!body.inviteCode,
            ...initialVisitSummary(initialVisitData),
          },
          user.id,
        )
        setSessionCookies(cookie, context.config, token, 'member')
        setUserInfoCookie(cookie, context.config, user)
        clearAuthCookies(cookie, context.config, [IMPERSONATION_COOKIE])
        set.status = 201
        return { user: serializeUser(user) }
      },
      { body: 'users.signup' },
    )
    .put(
      '/users/me',
      async ({ actor, body }) => ({ user: serializeUser(await updateProfile(context, actor, body)) }),
      {
        body: 'users.profile',
      },
    )
    .put(
      '/users/me/password',
      async ({ actor, body }) => {
        const { apiTokenRevoked } = await changePassword(context, actor, body)
        return { success: true, apiTokenRevoked }
      },
      { body: 'users.password' },
    )
    .put(
      '/users/me/avatar',
      async ({ actor, body }) => ({ user: serializeUser(await updateAvatar(context, actor, body.avatar)) }),
      {
        body: 'users.avatar',
      },
    )
    .put(
      '/users/me/customer',
      async ({ actor, body }) => {
        const user = await updateCustomerSettings(context, actor, body)
        if (user.customer) await publishCustomerUpdated(context, user.customer)
        // { customer } is the billing contract's answer; { user } is what older clients read.
        return { user: serializeUser(user), customer: await getCustomer(context, actor) }
      },
      {
        body: 'users.customer',
      },
    )
    .get('/users/me/token', ({ actor }) => getApiToken(actor))
    .post('/users/me/token', ({ actor }) => createApiToken(context, actor))
    .delete('/users/me/token', ({ actor }) => revokeApiToken(context, actor))
    .get('/avatars/:name', ({ params }) => serveAvatar(context, params.name))
}
