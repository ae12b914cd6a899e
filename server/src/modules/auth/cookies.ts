/**
 * The three cookies of SPEC section 2 and how they are written.
 *
 * - session: the opaque session token. HttpOnly so page scripts (and any XSS) cannot read it; SameSite=Lax so
 *   it is not sent on cross-site sub-requests (the Origin check covers the rest); Secure over https.
 * - login status: readable by the page ('member' or 'guest'), so the shell knows a session exists before
 *   asking the server. It grants nothing by itself.
 * - impersonation: the impersonated user id; honoured only for staff sessions that recorded the same id.
 *
 * Sign-out also clears the user-info cookie of SPEC 9 (user-info-cookie.ts).
 */
import { USER_INFO_COOKIE } from '@pinpoint/domain'
import type { Cookie } from 'elysia'
import type { Config } from '../../config'

export const SESSION_COOKIE = 'pinpoint_session'
export const LOGIN_STATUS_COOKIE = 'pinpoint_login'
export const IMPERSONATION_COOKIE = 'pinpoint_impersonate'

export type LoginStatus = 'member' | 'guest'

/** Sessions last 30 days and slide forward while used (see session.ts). */
export const SESSION_MAX_AGE_S = 30 * 24 * 60 * 60

type CookieJar = Record<string, Cookie<unknown>>

export function isSecure(config: Pick<Config, 'publicUrl'>): boolean {
  return config.publicUrl.startsWith('https:')
}

/** Parses a Cookie request header into name -> value (first occurrence wins, like browsers send them). */
export function parseCookieHeader(header: string | null | undefined): Map<string, string> {
  const cookies = new Map<string, string>()
  if (!header) return cookies
  for (const part of header.split(';')) {
    const index = part.indexOf('=')
    if (index < 0) continue
    const name = part.slice(0, index).trim()
    if (!name || cookies.has(name)) continue
    const raw = part.slice(index + 1).trim()
    try {
      cookies.set(name, decodeURIComponent(raw))
    } catch {
      cookies.set(name, raw)
    }
  }
  return cookies
}

export function setSessionCookies(jar: CookieJar, config: Config, token: string, status: LoginStatus): void {
  const secure = isSecure(config)
  jar[SESSION_COOKIE]?.set({
    value: token,
    httpOnly: true,
    sameSite: 'lax',
    secure,
    path: '/',
    maxAge: SESSION_MAX_AGE_S,
  })
  jar[LOGIN_STATUS_COOKIE]?.set({
    value: status,
    httpOnly: false,
    sameSite: 'lax',
    secure,
    path: '/',
    maxAge: SESSION_MAX_AGE_S,
  })
}

export function setImpersonationCookie(jar: CookieJar, config: Config, userId: string): void {
  jar[IMPERSONATION_COOKIE]?.set({
    value: userId,
    httpOnly: true,
    sameSite: 'lax',
    secure: isSecure(config),
    path: '/',
  })
}

/** Sign-out: expires the auth cookies the browser sent (the browser drops them on `Max-Age=0`). */
export function clearAuthCookies(
  jar: CookieJar,
  config: Config,
  names = [SESSION_COOKIE, LOGIN_STATUS_COOKIE, IMPERSONATION_COOKIE, USER_INFO_COOKIE],
): void {
  for (const name of names) {
    const cookie = jar[name]
    if (cookie?.value === undefined || cookie.value === '') continue
    cookie.set({ value: '', path: '/', maxAge: 0, sameSite: 'lax', secure: isSecure(config) })
  }
}
