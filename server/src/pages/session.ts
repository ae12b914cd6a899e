/**
 * What the page guard knows about the visitor, read from the session, login-status and impersonation
 * cookies (SPEC section 2) through the same resolution the API uses.
 */
import { USER_INFO_COOKIE } from '@pinpoint/domain'
import type { AppContext } from '../context'
import { LOGIN_STATUS_COOKIE, parseCookieHeader, SESSION_COOKIE } from '../modules/auth/cookies'
import { resolveActor, serializeUser } from '../modules/auth/plugin'
import { userInfoSetCookie } from '../modules/auth/user-info-cookie'
import type { PageBootstrap } from './bootstrap'

export interface PageSession {
  /** A logged-in non-guest: what login-required pages need. */
  loggedIn: boolean
  bootstrap: PageBootstrap
  /** Auth cookies that no longer match a live session: the response expires them. */
  staleCookies: string[]
  /** Set-Cookie values the page response carries (the user-info cookie, refreshed). */
  setCookies?: string[]
}

export type PageSessionResolver = (request: Request) => Promise<PageSession>

export function createPageSessionResolver(context: AppContext): PageSessionResolver {
  const tracking = { events: context.analytics.enabled, cookies: context.config.trackingCookies }
  return async (request) => {
    const session = await resolve(context, request)
    return { ...session, bootstrap: { ...session.bootstrap, tracking } }
  }
}

async function resolve(context: AppContext, request: Request): Promise<PageSession> {
  const cookies = parseCookieHeader(request.headers.get('cookie'))
  const loginStatus = cookies.get(LOGIN_STATUS_COOKIE) ?? null
  const hasSession = cookies.has(SESSION_COOKIE)
  // Nothing says a session exists: skip the database entirely (most visits to public pages).
  // A user-info cookie without a session is someone else's, or an ended one's: it goes too.
  const staleUserInfo = cookies.has(USER_INFO_COOKIE) ? [USER_INFO_COOKIE] : []
  if (!hasSession && !loginStatus) {
    return {
      loggedIn: false,
      bootstrap: { user: null, loginStatus: null, impersonatedUserId: null },
      staleCookies: staleUserInfo,
    }
  }
  // Page requests are browser navigations: a bearer token has no place here, so only cookies count.
  const cookieOnly = new Request(request.url, { headers: { cookie: request.headers.get('cookie') ?? '' } })
  const actor = await resolveActor(context, cookieOnly)
  const user = actor.user
  if (!user) {
    const stale = [hasSession ? SESSION_COOKIE : null, loginStatus ? LOGIN_STATUS_COOKIE : null].filter(
      (name): name is string => !!name,
    )
    return {
      loggedIn: false,
      bootstrap: { user: null, loginStatus: null, impersonatedUserId: null },
      staleCookies: [...stale, ...staleUserInfo],
    }
  }
  return {
    loggedIn: !user.isGuest,
    bootstrap: {
      user: serializeUser(user),
      loginStatus: user.isGuest ? 'guest' : 'member',
      impersonatedUserId: actor.impersonatorId ? user.id : null,
    },
    staleCookies: [],
    setCookies: [userInfoSetCookie(context.config, user)].filter((value): value is string => !!value),
  }
}
