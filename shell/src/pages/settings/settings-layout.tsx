import { canViewBilling, canViewLabels } from '@pinpoint/domain'
import { currentUserAtom, toDomainUser } from '@pinpoint/state'
import { cn } from '@pinpoint/ui'
import { useAtomValue } from 'jotai'
import { Bell, CreditCard, KeyRound, Tag, UserRound, Users } from 'lucide-react'
import { NavLink, Outlet } from 'react-router'

const linkClass = ({ isActive }: { isActive: boolean }) =>
  cn(
    'flex h-9 shrink-0 items-center gap-2.5 rounded-md px-3 text-sm font-medium whitespace-nowrap [&_svg]:size-4',
    isActive ? 'bg-selected text-ink [&_svg]:text-brand-600' : 'text-ink-muted hover:bg-hover hover:text-ink',
  )

/** Settings: a side navigation (a scrolling row on phones) and the chosen section. */
export function SettingsLayout() {
  const user = useAtomValue(currentUserAtom)
  const domainUser = toDomainUser(user)
  return (
    <main className="mx-auto grid w-full max-w-5xl gap-6 px-4 py-8 sm:px-6 sm:py-10 md:grid-cols-[13rem_minmax(0,1fr)] md:gap-10">
      <div className="min-w-0">
        <h1 className="mb-4 text-2xl font-semibold tracking-tight">Settings</h1>
        <nav aria-label="Settings" className="-mx-1 flex gap-1 overflow-x-auto px-1 pb-1 md:flex-col">
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
