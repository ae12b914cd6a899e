/**
 * Session calls (SPEC 7 "Account and session"): log in and out, who am I, guest login, password reset by
 * e-mail, and staff impersonation (decision 007).
 */
import { NotLoggedIn } from '@pinpoint/domain'
import { Elysia } from 'elysia'
import type { AppContext } from '../../context'
import { clearAuthCookies, IMPERSONATION_COOKIE, setImpersonationCookie, setSessionCookies } from './cookies'
import { completeLoginLink } from './login-link'
import { authModels } from './model'
import { completePasswordReset, RESET_REQUESTED_MESSAGE, requestPasswordReset } from './password-reset'
import { authPlugin, contextSeed, requireUser, serializeUser } from './plugin'
import { requestInfo } from './request-info'
import { login, loginGuest, logout, startImpersonation, stopImpersonation } from './service'
import { setUserInfoCookie } from './user-info-cookie'

export function authModule(context: AppContext) {
  return new Elysia({ name: 'auth-routes', seed: contextSeed(context) })
    .use(authPlugin(context))
    .model(authModels)
    .post(
      '/sessions',
      async ({ body, actor, request, server, cookie }) => {
        const { token, user } = await login(context, body, requestInfo(context, request, server, actor))
        setSessionCookies(cookie, context.config, token, user.isGuest ? 'guest' : 'member')
        setUserInfoCookie(cookie, context.config, user)
        clearAuthCookies(cookie, context.config, [IMPERSONATION_COOKIE])
        return { user: serializeUser(user) }
      },
      { body: 'auth.login' },
    )
    .post(
      '/sessions/login-link',
      async ({ body, actor, request, server, cookie }) => {
        const { token, user } = await completeLoginLink(
          context,
          body.token,
          requestInfo(context, request, server, actor),
        )
        setSessionCookies(cookie, context.config, token, 'member')
        setUserInfoCookie(cookie, context.config, user)
        clearAuthCookies(cookie, context.config, [IMPERSONATION_COOKIE])
        return { user: serializeUser(user) }
      },
      { body: 'auth.loginLink' },
    )
    .delete('/sessions', async ({ actor, cookie }) => {
      await logout(context, actor)
      clearAuthCookies(cookie, context.config)
      return { success: true }
    })
    .get('/sessions/me', ({ actor, cookie, request }) => {
      if (!actor.user) {
        // A stale cookie (expired or revoked session) is dropped so the page stops sending it.
        if (request.headers.get('cookie')) clearAuthCookies(cookie, context.config)
        throw new NotLoggedIn()
      }
      setUserInfoCookie(cookie, context.config, actor.user)
      return { user: serializeUser(actor.user), impersonatorId: actor.impersonatorId ?? null }
    })
    .post(
      '/guests',
      async ({ body, actor, request, server, cookie }) => {
        const { token, user } = await loginGuest(context, body, requestInfo(context, request, server, actor))
        setSessionCookies(cookie, context.config, token, 'guest')
        setUserInfoCookie(cookie, context.config, user)
        clearAuthCookies(cookie, context.config, [IMPERSONATION_COOKIE])
        return { user: serializeUser(user) }
      },
      { body: 'auth.guest' },
    )
    .post(
      '/password-resets',
      async ({ body, request, server }) => {
        await requestPasswordReset(context, body.email, requestInfo(context, request, server))
        return { message: RESET_REQUESTED_MESSAGE }
      },
      { body: 'auth.resetRequest' },
    )
    .post(
      '/password-resets/complete',
      async ({ body, request, server, cookie }) => {
        const { token, user } = await completePasswordReset(
          context,
          body,
          requestInfo(context, request, server),
        )
        setSessionCookies(cookie, context.config, token, 'member')
        setUserInfoCookie(cookie, context.config, user)
        clearAuthCookies(cookie, context.config, [IMPERSONATION_COOKIE])
        return { user: serializeUser(user) }
      },
      { body: 'auth.resetComplete' },
    )
    .post(
      '/sessions/impersonation',
      async ({ body, actor, cookie, request, server }) => {
        requireUser(actor)
        const { ip, userAgent } = requestInfo(context, request, server)
        const target = await startImpersonation(context, actor, body.userId, { ip, userAgent })
        setImpersonationCookie(cookie, context.config, target.id)
        return { user: serializeUser(target), impersonatorId: actor.impersonatorId ?? actor.user?.id ?? null }
      },
      { body: 'auth.impersonate' },
    )
    .delete('/sessions/impersonation', async ({ actor, cookie }) => {
      requireUser(actor)
      await stopImpersonation(context, actor)
      clearAuthCookies(cookie, context.config, [IMPERSONATION_COOKIE])
      return { success: true }
    })
}
