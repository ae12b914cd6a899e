/**
 * The two tracking cookies of SPEC section 9, shared by the server (which reads and writes them) and the
 * front ends. Both are plain data that grant nothing.
 *
 * - initial visit (30 days): the first landing path and the referrer, written by the browser on the first
 *   visit, read at sign-up and stored on the account (`users.initial_visit_data`).
 * - user info (3600 s): who is signed in, for scripts on the page that cannot ask the API (the
 *   customer-messaging and feedback widgets of SPEC 1): the user id, the guest flag and the plan, never a
 *   name or an e-mail address. The server refreshes it with every page and GET /sessions/me, and clears it
 *   at sign-out, so a stale identity outlives a session by an hour at most.
 */

export const INITIAL_VISIT_COOKIE = 'pinpoint_initial_visit'
export const USER_INFO_COOKIE = 'pinpoint_user_info'

/** What the initial-visit cookie records: where the visitor came from and where they landed. */
export type InitialVisit = { referrer: string | null; url: string }

/** The longest referrer or landing URL kept: longer ones are cut (a cookie is at most 4 KB anyway). */
const MAX_VISIT_URL = 1000

/** Parses the cookie's value (JSON, already URI-decoded); null for anything else. */
export function parseInitialVisit(raw: string | null | undefined): InitialVisit | null {
  if (!raw) return null
  try {
    const parsed = JSON.parse(raw) as unknown
    if (typeof parsed !== 'object' || parsed === null) return null
    const { url, referrer } = parsed as { url?: unknown; referrer?: unknown }
    if (typeof url !== 'string' || !url.startsWith('/')) return null
    return {
      url: url.slice(0, MAX_VISIT_URL),
      referrer: typeof referrer === 'string' && referrer ? referrer.slice(0, MAX_VISIT_URL) : null,
    }
  } catch {
    return null
  }
}

/** The part of a recorded visit analytics may see: the referrer's host and the landing path, no query. */
export function initialVisitSummary(visit: unknown): { referrerHost?: string; landingPath?: string } {
  if (typeof visit !== 'object' || visit === null) return {}
  const { url, referrer } = visit as { url?: unknown; referrer?: unknown }
  const summary: { referrerHost?: string; landingPath?: string } = {}
  if (typeof url === 'string' && url.startsWith('/')) summary.landingPath = url.split(/[?#]/)[0]
  if (typeof referrer === 'string') {
    try {
      summary.referrerHost = new URL(referrer).host
    } catch {}
  }
  return summary
}

/** What the user-info cookie carries. */
export type UserInfo = { id: string; isGuest: boolean; planId: string | null }

export function serializeUserInfo(info: UserInfo): string {
  return JSON.stringify({ id: info.id, isGuest: info.isGuest, planId: info.planId })
}

export function parseUserInfo(raw: string | null | undefined): UserInfo | null {
  if (!raw) return null
  try {
    const parsed = JSON.parse(raw) as Partial<UserInfo>
    if (typeof parsed?.id !== 'string') return null
    return {
      id: parsed.id,
      isGuest: parsed.isGuest === true,
      planId: typeof parsed.planId === 'string' ? parsed.planId : null,
    }
  } catch {
    return null
  }
}
