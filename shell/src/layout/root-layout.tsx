import { navigatorAtom } from '@pinpoint/state'
import { TooltipProvider } from '@pinpoint/ui'
import { useSetAtom } from 'jotai'
import { useEffect } from 'react'
import { Outlet, useNavigate } from 'react-router'
import { CanvasPeopleHost } from '../canvas-people/host'
import { useSessionBootstrap } from '../session'
import { ImpersonationBanner } from '../staff/impersonation-banner'
import { Toaster } from './toaster'

/** Offers the router's navigation to the micro-frontends (they do not bundle react-router). */
function useProvideNavigator() {
  const navigate = useNavigate()
  const setNavigator = useSetAtom(navigatorAtom)
  useEffect(() => {
    setNavigator({ navigate: (to, options) => void navigate(to, options) })
    return () => setNavigator(null)
  }, [navigate, setNavigator])
}

/** Every route: settles the session, provides tooltips and the toaster, and shows an impersonation. */
export function RootLayout() {
  useSessionBootstrap()
  useProvideNavigator()
  return (
    <TooltipProvider>
      <ImpersonationBanner />
      <Outlet />
      <CanvasPeopleHost />
      <Toaster />
    </TooltipProvider>
  )
}
