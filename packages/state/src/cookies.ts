/**
 * Cookies the front ends write (SPEC sections 2 and 9). Pure builders and parsers, so the rules are
 * tested without a browser; `document.cookie` is only touched by the thin helpers at the bottom.
 */
import {
  INITIAL_VISIT_COOKIE,
  INITIAL_VISIT_COOKIE_MAX_AGE_S,
  type InitialVisit,
  isOneOf,
  parseInitialVisit,
  VIEW_MODES,
  type ViewMode,
} from '@pinpoint/domain'

export { INITIAL_VISIT_COOKIE, type InitialVisit }

export const VIEW_MODE_COOKIE = 'pinpoint_view_mode'
/** Written by the server at login ('member' or 'guest'); read-only here. */
export const LOGIN_STATUS_COOKIE = 'pinpoint_login'

const ONE_YEAR_S = 365 * 24 * 60 * 60

/** Parses `document.cookie` into name -> value (first occurrence wins). */
export function parseCookies(header: string): Map<string, string> {
  const cookies = new Map<string, string>()
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

/**
 * The view-mode cookie (desktop or mobile). SameSite=None; Secure as the SPEC requires, so the
 * choice also reaches the review screen when it is embedded on another site.
 */
export function viewModeCookie(mode: ViewMode): string {
  return `${VIEW_MODE_COOKIE}=${mode}; Path=/; Max-Age=${ONE_YEAR_S}; SameSite=None; Secure`
}

export function readViewMode(cookieHeader: string): ViewMode | null {
  const value = parseCookies(cookieHeader).get(VIEW_MODE_COOKIE)
  return isOneOf(VIEW_MODES, value) ? value : null
}

/** Query parameters that carry secrets (invite codes, reset tokens, SSO codes): never recorded. */
const SECRET_PARAMS =
  /^(token|code|invitecode|password|pass|secret|key|apikey|api_key|auth|session|state|signature|sig|access_token|id_token)$/i

function stripSecrets(url: URL): URL {
  url.username = ''
  url.password = ''
  for (const name of [...url.searchParams.keys()]) {
    if (SECRET_PARAMS.test(name)) url.searchParams.delete(name)
  }
  return url
}

/**
 * The first visit, with host and auth parts stripped: the landing URL keeps only its path, query
 * and hash (without secret parameters); the referrer loses user and password and secret
 * parameters (its host is the information, so it stays).
 */
export function initialVisitData(href: string, referrer: string | null | undefined): InitialVisit {
  const landing = stripSecrets(new URL(href))
  let from: string | null = null
  if (referrer) {
    try {
      from = stripSecrets(new URL(referrer)).toString()
    } catch {
      from = null
    }
  }
  return { referrer: from, url: `${landing.pathname}${landing.search}${landing.hash}` }
}

/** The cookie string of the initial visit: 30 days (SPEC section 9). */
export function initialVisitCookie(visit: InitialVisit, secure: boolean): string {
  const value = encodeURIComponent(JSON.stringify(visit))
  return `${INITIAL_VISIT_COOKIE}=${value}; Path=/; Max-Age=${INITIAL_VISIT_COOKIE_MAX_AGE_S}; SameSite=Lax${secure ? '; Secure' : ''}`
}

export function readInitialVisit(cookieHeader: string): InitialVisit | null {
  return parseInitialVisit(parseCookies(cookieHeader).get(INITIAL_VISIT_COOKIE))
}

// Browser helpers -------------------------------------------------------------------------------

/** Records the first visit once (kept 30 days); later visits leave it alone. Off with TRACKING_COOKIES=0. */
export function rememberInitialVisit(enabled = true): void {
  if (!enabled || typeof document === 'undefined') return
  if (readInitialVisit(document.cookie)) return
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is not in every browser we support.
  document.cookie = initialVisitCookie(
    initialVisitData(location.href, document.referrer),
    location.protocol === 'https:',
  )
}

/** The recorded first visit, sent with sign-up as `initialVisitData`. */
export function getInitialVisit(): InitialVisit | null {
  return typeof document === 'undefined' ? null : readInitialVisit(document.cookie)
}

export function setViewMode(mode: ViewMode): void {
  if (typeof document === 'undefined') return
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is not in every browser we support.
  document.cookie = viewModeCookie(mode)
}

export function getViewMode(): ViewMode | null {
  return typeof document === 'undefined' ? null : readViewMode(document.cookie)
}
