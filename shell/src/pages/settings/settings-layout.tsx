import { canViewBilling, canViewLabels } from '@pinpoint/domain'
import { currentUserAtom, toDomainUser } from '@pinpoint/state'
import { cn } from '@pinpoint/ui'
import { useAtomValue } from 'jotai'
import { Bell, CreditCard, KeyRound, Plug, Tag, UserRound, Users } from 'lucide-react'
import { NavLink, Outlet } from 'react-router'

const linkClass = ({ isActive }: { isActive: boolean }) =>
  cn(
    'flex h-9 shrink-0 items-center gap-2.5 rounded-md px-3 text-sm font-medium whitespace-nowrap [&_svg]:size-4',
    isActive ? 'bg-selected text-ink [&_svg]:text-brand-600' : 'text-ink-muted hover:bg-hover hover:text-ink',
  )

/**
 * Settings: a side navigation and the chosen section. On phones the links wrap onto a second row rather
 * than scroll sideways: a row that scrolled hid Team and Billing off-screen with no cue (issue 19 item 3).
 */
export function SettingsLayout() {
  const user = useAtomValue(currentUserAtom)
  const domainUser = toDomainUser(user)
  return (
    <main className="mx-auto grid w-full max-w-5xl gap-6 px-4 py-8 sm:px-6 sm:py-10 md:grid-cols-[13rem_minmax(0,1fr)] md:gap-10">
      <div className="min-w-0">
        <h1 className="mb-4 text-2xl font-semibold tracking-tight">Settings</h1>
        <nav
          aria-label="Settings"
          className="-mx-1 flex flex-wrap gap-1 px-1 pb-1 md:flex-col md:flex-nowrap"
        >
          <NavLink end to="/settings" className={linkClass}>
            <UserRound />
            Profile
          </NavLink>
          <NavLink to="/settings/notifications" className={linkClass}>
            <Bell />
            Notifications
          </NavLink>
          <NavLink to="/settings/security" className={linkClass}>
            <KeyRound />
            Password
          </NavLink>
          <NavLink to="/settings/team" className={linkClass}>
            <Users />
            Team
          </NavLink>
          {canViewLabels(domainUser) ? (
            <NavLink to="/settings/labels" className={linkClass}>
              <Tag />
              Labels
            </NavLink>
          ) : null}
          <NavLink to="/settings/integrations" className={linkClass}>
            <Plug />
            Connected accounts
          </NavLink>
          {canViewBilling(domainUser) ? (
            <NavLink to="/billing" className={linkClass}>
              <CreditCard />
              Billing
            </NavLink>
          ) : null}
        </nav>
      </div>
      <div className="min-w-0 space-y-6">
        <Outlet />
      </div>
    </main>
  )
}
