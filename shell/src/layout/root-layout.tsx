import { navigatorAtom } from '@pinpoint/state'
import { TooltipProvider } from '@pinpoint/ui'
import { useSetAtom } from 'jotai'
import { useEffect } from 'react'
import { Outlet, useNavigate } from 'react-router'
import { useSessionBootstrap } from '../session'
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

/** Every route: settles the session, provides tooltips and the toaster. */
export function RootLayout() {
  useSessionBootstrap()
  useProvideNavigator()
  return (
    <TooltipProvider>
      <Outlet />
      <Toaster />
    </TooltipProvider>
  )
}
