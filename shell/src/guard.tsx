import { authAtom, type PageAccess, pageGuardRedirect } from '@pinpoint/state'
import { LogoMark } from '@pinpoint/ui'
import { useAtomValue } from 'jotai'
import type { ReactNode } from 'react'
import { Navigate, useLocation } from 'react-router'

/** The whole-page wait while the session is settled (only without the embedded bootstrap). */
export function SplashScreen() {
  return (
    <div className="grid min-h-dvh place-items-center" role="status" aria-label="Loading Pinpoint">
      <LogoMark className="size-10 animate-pulse motion-reduce:animate-none" />
    </div>
  )
}

/**
 * Client side of the page guard (SPEC section 2): the server answers the same rule with a 307 at
 * page load; in-app navigation is redirected here.
 */
export function Guard({
  access,
  sendToSignup,
  children,
}: {
  access: PageAccess
  sendToSignup?: boolean
  children: ReactNode
}) {
  const { user, loaded } = useAtomValue(authAtom)
  const location = useLocation()
  if (access !== 'public' && !loaded) return <SplashScreen />
  const target = pageGuardRedirect({
    access,
    sendToSignup,
    user,
    from: `${location.pathname}${location.search}`,
  })
  // A member who opens a sign-up invite link lands on the dashboard, where the invite is offered.
  const inviteCode = new URLSearchParams(location.search).get('inviteCode')
  if (target === '/dashboard' && inviteCode) {
    return <Navigate to={`/dashboard?inviteCode=${encodeURIComponent(inviteCode)}`} replace />
  }
  if (target) return <Navigate to={target} replace />
  return children
}
