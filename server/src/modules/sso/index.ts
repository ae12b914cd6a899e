/**
 * SSO calls: the login URL for an e-mail domain (public), the OIDC login itself (`/sso/start` and
 * `/sso/callback`, browser navigations that end in redirects), and the team owner's SSO settings.
 */
import { isSsoFailure, TooManyRequests } from '@pinpoint/domain'
import type { Server } from 'bun'
import { Elysia } from 'elysia'
import type { AppContext } from '../../context'
import { consume, LIMITS } from '../../platform/rate-limit'
import { clearAuthCookies, IMPERSONATION_COOKIE, isSecure, setSessionCookies } from '../auth/cookies'
import { authPlugin, contextSeed } from '../auth/plugin'
import { requestInfo } from '../auth/request-info'
import { setUserInfoCookie } from '../auth/user-info-cookie'
import { SsoLoginFailed } from './errors'
import { completeSsoLogin, SSO_FLOW_MAX_AGE_S, startSsoLogin } from './flow'
import { ssoModels } from './model'
import {
  getSsoSettings,
  parseDomain,
  safeNextUrl,
  saveSsoSettings,
  ssoLoginUrl,
  testSsoConnection,
} from './service'

/** The sealed state of one login in progress; only the two SSO routes receive it. */
export const SSO_FLOW_COOKIE = 'pinpoint_sso'
const FLOW_COOKIE_PATH = '/api/v1/sso'

/** A failed SSO login lands on the login page, which says why (the reason, never free text, in the URL). */
function loginPageFor(reason: string): string {
  return `/login?ssoError=${isSsoFailure(reason) ? reason : 'token'}`
}

export function ssoModule(context: AppContext) {
  /** A browser navigation: over the limit it lands on the login page with the reason, not on JSON. */
  async function limitByAddress(request: Request, server: Server<unknown> | null) {
    try {
      await consume(context.database.db, LIMITS.ssoIp, context.clientIp(request, server), context.now())
    } catch (error) {
      if (error instanceof TooManyRequests) throw new SsoLoginFailed('busy')
      throw error
    }
  }
  const cookieBase = {
    httpOnly: true,
    // Lax: the provider sends the browser back with a top-level GET, which carries Lax cookies.
    sameSite: 'lax' as const,
    secure: isSecure(context.config),
    path: FLOW_COOKIE_PATH,
  }
  return new Elysia({ name: 'sso', seed: contextSeed(context) })
    .use(authPlugin(context))
    .model(ssoModels)
    .get('/sso-login-url', ({ query }) => ssoLoginUrl(context, query), { query: 'sso.loginUrlQuery' })
    .get(
      '/sso/start',
      async ({ query, cookie, redirect, request, server }) => {
        const domain = parseDomain(query.domain, 'domain')
        const next = safeNextUrl(query.next, context.config.publicUrl)
        try {
          await limitByAddress(request, server)
          const { redirectTo, flowCookie } = await startSsoLogin(context, { domain, next })
          cookie[SSO_FLOW_COOKIE]?.set({ ...cookieBase, value: flowCookie, maxAge: SSO_FLOW_MAX_AGE_S })
          return redirect(redirectTo, 302)
        } catch (error) {
          if (error instanceof SsoLoginFailed) return redirect(loginPageFor(error.reason), 303)
          throw error
        }
      },
      { query: 'sso.startQuery' },
    )
    .get('/sso/callback', async ({ request, server, cookie, redirect, actor }) => {
      const flowCookie = cookie[SSO_FLOW_COOKIE]?.value
      // Used once, whatever happens: a second callback with the same cookie is refused as a wrong state.
      cookie[SSO_FLOW_COOKIE]?.set({ ...cookieBase, value: '', maxAge: 0 })
      try {
        await limitByAddress(request, server)
        const { token, user, next } = await completeSsoLogin(context, {
          search: new URL(request.url).search,
          flowCookie: typeof flowCookie === 'string' ? flowCookie : undefined,
          info: requestInfo(context, request, server, actor),
        })
        setSessionCookies(cookie, context.config, token, 'member')
        setUserInfoCookie(cookie, context.config, user)
        clearAuthCookies(cookie, context.config, [IMPERSONATION_COOKIE])
        return redirect(next, 303)
      } catch (error) {
        if (error instanceof SsoLoginFailed) return redirect(loginPageFor(error.reason), 303)
        throw error
      }
    })
    .get('/teams/:id/sso-settings', async ({ actor, params }) => ({
      ssoSettings: await getSsoSettings(context, actor, params.id),
    }))
    .post(
      '/teams/:id/sso-settings',
      async ({ actor, params, body }) => ({
        ssoSettings: await saveSsoSettings(context, actor, params.id, body),
      }),
      { body: 'sso.settings' },
    )
    .post(
      '/teams/:id/sso-settings/test',
      async ({ actor, params, body }) => ({
        connection: await testSsoConnection(context, actor, params.id, body),
      }),
      { body: 'sso.testConnection' },
    )
}
