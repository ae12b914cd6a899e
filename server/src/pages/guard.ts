/**
 * The server-side page guard of SPEC section 2, over the table shared with the shell (PAGE_ROUTES in
 * @pinpoint/domain). Login-required pages bounce logged-out visitors and guests (guests count as not
 * logged in) to /login, or to /signup when the page is flagged so; logged-out-only pages bounce logged-in
 * non-guests to /dashboard. Bounces are 307 with a Location header.
 */
import { type PageRoute, pageRouteFor } from '@pinpoint/domain'

/** The table's rule for a path (unknown paths are the shell's 404 page: public). */
export function pageRule(pathname: string): PageRoute | null {
  return pageRouteFor(pathname)
}

/** A path of this site (not `//evil.example` nor an absolute URL), safe to redirect to. */
export function isSafeLocalPath(value: string | null | undefined): value is string {
  return !!value && value.startsWith('/') && !value.startsWith('//') && !value.startsWith('/\\')
}

/**
 * The redirect for a page request, or null to serve the page. `loggedIn` means a logged-in non-guest.
 * - A login page for a visitor: `/login?next=<the page>` (or /signup), so they come back after logging in.
 * - A logged-out page for a member: the `next` it names when safe, else /dashboard; an invite code is
 *   carried along so /signup?inviteCode=... still reaches the invite.
 */
export function guardRedirect(url: URL, loggedIn: boolean): string | null {
  const rule = pageRule(url.pathname)
  if (!rule || rule.access === 'public') return null
  if (rule.access === 'login-required' && !loggedIn) {
    const next = new URLSearchParams({ next: `${url.pathname}${url.search}` })
    return `${rule.sendToSignup ? '/signup' : '/login'}?${next}`
  }
  if (rule.access === 'logged-out-only' && loggedIn) {
    const next = url.searchParams.get('next')
    if (isSafeLocalPath(next) && pageRule(new URL(next, url).pathname)?.access !== 'logged-out-only')
      return next
    const inviteCode = url.searchParams.get('inviteCode')
    return inviteCode ? `/dashboard?${new URLSearchParams({ inviteCode })}` : '/dashboard'
  }
  return null
}
