import { TooltipProvider } from '@pinpoint/ui'
import { Outlet } from 'react-router'
import { useSessionBootstrap } from '../session'
import { Toaster } from './toaster'

/** Every route: settles the session, provides tooltips and the toaster. */
export function RootLayout() {
  useSessionBootstrap()
  return (
    <TooltipProvider>
      <Outlet />
      <Toaster />
    </TooltipProvider>
  )
}
