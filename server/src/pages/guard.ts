/**
 * The server-side page guard of SPEC section 2, as a table. Pages flagged `login` bounce logged-out
 * visitors and guests (guests count as not logged in) to /login, or to /signup when the page is flagged so;
 * `logged-out` pages bounce logged-in non-guests to /dashboard. Bounces are 307 with a Location header.
 */

export type PageAccess = 'login' | 'logged-out' | 'public'

export interface PageRule {
  /** Matches the path itself and everything under it (`/dashboard` matches `/dashboard/folders/1`). */
  prefix: string
  access: PageAccess
  /** Where a `login` page sends logged-out visitors; /login unless flagged. */
  loggedOutTo?: '/login' | '/signup'
}

/**
 * The table. Routes the SPEC leaves unnamed are ours: settings, team and billing pages need a login;
 * choosing a plan (/plans) is flagged to send visitors to sign-up, since someone picking a plan has no
 * account yet. Everything else (/, the feedback link /link/..., /reset-password) is public.
 */
export const PAGE_RULES: readonly PageRule[] = [
  { prefix: '/dashboard', access: 'login' },
  { prefix: '/settings', access: 'login' },
  { prefix: '/profile', access: 'login' },
  { prefix: '/team', access: 'login' },
  { prefix: '/billing', access: 'login' },
  { prefix: '/plans', access: 'login', loggedOutTo: '/signup' },
  { prefix: '/login', access: 'logged-out' },
  { prefix: '/signup', access: 'logged-out' },
  { prefix: '/forgot-password', access: 'logged-out' },
]

export function pageRule(pathname: string): PageRule | null {
  return PAGE_RULES.find((rule) => pathname === rule.prefix || pathname.startsWith(`${rule.prefix}/`)) ?? null
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
  if (rule.access === 'login' && !loggedIn) {
    const next = new URLSearchParams({ next: `${url.pathname}${url.search}` })
    return `${rule.loggedOutTo ?? '/login'}?${next}`
  }
  if (rule.access === 'logged-out' && loggedIn) {
    const next = url.searchParams.get('next')
    if (isSafeLocalPath(next) && pageRule(new URL(next, url).pathname)?.access !== 'logged-out') return next
    const inviteCode = url.searchParams.get('inviteCode')
    return inviteCode ? `/dashboard?${new URLSearchParams({ inviteCode })}` : '/dashboard'
  }
  return null
}
