/**
 * The page guard of SPEC section 2, as one pure function shared by the shell's router. The server
 * answers the same decisions with a 307 at page load; the client navigates for in-app moves.
 */

import type { PageAccess } from '@pinpoint/domain'

export type { PageAccess }

export type GuardInput = {
  access: PageAccess
  /** Flag of login-required pages that send logged-out visitors to sign-up instead of login. */
  sendToSignup?: boolean
  user: { isGuest?: boolean | null } | null
  /** Where the visitor wanted to go (path + search), kept as ?next= for after login. */
  from: string
}

/** Where to send the visitor, or null to let them in. Guests count as not logged in. */
export function pageGuardRedirect({ access, sendToSignup = false, user, from }: GuardInput): string | null {
  const loggedIn = user !== null && user.isGuest !== true
  if (access === 'login-required' && !loggedIn) {
    const target = sendToSignup ? '/signup' : '/login'
    return from && from !== '/' ? `${target}?next=${encodeURIComponent(from)}` : target
  }
  if (access === 'logged-out-only' && loggedIn) return '/dashboard'
  return null
}

/** A ?next= value is followed only when it is a path on this site (no open redirect). */
export function safeNextPath(next: string | null | undefined, fallback = '/dashboard'): string {
  if (!next?.startsWith('/') || next.startsWith('//') || next.startsWith('/\\')) return fallback
  return next
}
