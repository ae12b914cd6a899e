/**
 * The user-info cookie (SPEC 9, 3600 s; see packages/domain tracking-cookies.ts for what it is for): the
 * signed-in user's id, guest flag and plan, readable by page scripts. Written with every login, sign-up
 * and GET /sessions/me, and with every page the server renders for a signed-in visitor, so it is never
 * more than an hour stale; sign-out and a stale session clear it. TRACKING_COOKIES=0 writes none.
 */
import {
  serializeUserInfo,
  USER_INFO_COOKIE,
  USER_INFO_COOKIE_MAX_AGE_S,
  type UserInfo,
} from '@pinpoint/domain'
import type { Cookie } from 'elysia'
import type { Config } from '../../config'
import type { ActorUser } from './actor'
import { isSecure } from './cookies'

export function userInfoOf(user: ActorUser): UserInfo {
  return {
    id: user.id,
    isGuest: user.isGuest,
    // A team member's features follow the owner's plan, as the rest of the product reads it.
    planId: user.team?.customer?.planId ?? user.customer?.planId ?? null,
  }
}

export function setUserInfoCookie(
  jar: Record<string, Cookie<unknown>>,
  config: Pick<Config, 'publicUrl' | 'trackingCookies'>,
  user: ActorUser,
): void {
  if (!config.trackingCookies) return
  jar[USER_INFO_COOKIE]?.set({
    value: serializeUserInfo(userInfoOf(user)),
    httpOnly: false,
    sameSite: 'lax',
    secure: isSecure(config),
    path: '/',
    maxAge: USER_INFO_COOKIE_MAX_AGE_S,
  })
}

/** The same cookie as a Set-Cookie header, for responses built by hand (the pages). */
export function userInfoSetCookie(
  config: Pick<Config, 'publicUrl' | 'trackingCookies'>,
  user: ActorUser,
): string | null {
  if (!config.trackingCookies) return null
  const value = encodeURIComponent(serializeUserInfo(userInfoOf(user)))
  const secure = isSecure(config) ? '; Secure' : ''
  return `${USER_INFO_COOKIE}=${value}; Path=/; Max-Age=${USER_INFO_COOKIE_MAX_AGE_S}; SameSite=Lax${secure}`
}
