/**
 * The initial-visit cookie at sign-up (SPEC 9): the shell sends what it recorded as `initialVisitData`;
 * a sign-up from anywhere else (the review screen, a script with the browser's cookies) still carries the
 * cookie, so the server reads it itself when the body has none. TRACKING_COOKIES=0 stores nothing.
 */
import { INITIAL_VISIT_COOKIE, parseInitialVisit } from '@pinpoint/domain'
import type { Config } from '../../config'
import { parseCookieHeader } from '../auth/cookies'

export function initialVisitForSignup(
  config: Pick<Config, 'trackingCookies'>,
  request: Request,
  fromBody: Record<string, unknown> | null | undefined,
): Record<string, unknown> | null {
  if (!config.trackingCookies) return null
  if (fromBody) return fromBody
  return parseInitialVisit(parseCookieHeader(request.headers.get('cookie')).get(INITIAL_VISIT_COOKIE))
}
