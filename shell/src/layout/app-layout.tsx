import { canViewBilling } from '@pinpoint/domain'
import { currentUserAtom, toDomainUser } from '@pinpoint/state'
import { Avatar, cn, Logo, Menu, MenuItem, MenuLabel, MenuSeparator } from '@pinpoint/ui'
import { useAtomValue } from 'jotai'
import { CreditCard, LayoutGrid, LogOut, Settings, ShieldCheck, Users } from 'lucide-react'
import { Link, NavLink, Outlet, useNavigate, useSearchParams } from 'react-router'
import { TrialExpiredNotice } from '../billing/trial-expired'
import { LazyPage, lazyNamed } from '../lazy-page'
import { NotificationsPanel } from '../notifications/panel'
import { useRealtimeNotifications } from '../notifications/realtime'
import { useSignOut } from '../session'
import { HelpMenu } from './help-menu'

// Loaded only when an invite link brought a member here (/dashboard?inviteCode=...).
const PendingInviteDialog = lazyNamed(
  () => import('../pages/auth/invite'),
  (m) => m.PendingInviteDialog,
)

function PendingInvite() {
  const [params] = useSearchParams()
  return params.get('inviteCode') ? <LazyPage page={PendingInviteDialog} fallback={null} /> : null
}

function navClass({ isActive }: { isActive: boolean }) {
  return cn(
    'flex h-8 items-center gap-2 rounded-md px-2.5 text-sm font-medium transition-colors [&_svg]:size-4',
    isActive ? 'bg-selected text-ink' : 'text-ink-muted hover:bg-hover hover:text-ink',
  )
}

function UserMenu() {
  const user = useAtomValue(currentUserAtom)
  const signOut = useSignOut()
  const navigate = useNavigate()
  if (!user) return null
  const domainUser = toDomainUser(user)
  return (
    <Menu
      trigger={
        <button
          type="button"
          data-testid="header-user"
          className="flex items-center gap-2 rounded-full p-0.5 pr-0.5 hover:bg-hover sm:pr-2.5"
        >
          {/*
            Named by its text, so the visible name is part of the accessible one (axe label-content-name-
            mismatch): the initials repeat the name and are hidden; on phones the name is for screen readers.
          */}
          <span aria-hidden="true" className="contents">
            <Avatar name={user.name} src={user.avatarUrl} size="sm" />
          </span>
          <span className="sr-only">Account menu for </span>
          <span className="sr-only max-w-40 truncate text-sm font-medium text-ink sm:not-sr-only sm:block">
            {user.name}
          </span>
        </button>
      }
    >
      <MenuLabel>
        <span className="block normal-case tracking-normal">
          <span className="block truncate text-sm font-semibold text-ink">{user.name}</span>
          <span className="block truncate text-xs font-normal text-ink-muted">{user.email}</span>
        </span>
      </MenuLabel>
      <MenuSeparator />
      <MenuItem icon={<Settings />} onSelect={() => void navigate('/settings')}>
        Profile and settings
      </MenuItem>
      {user.TeamId ? (
        <MenuItem icon={<Users />} onSelect={() => void navigate('/settings/team')}>
          Team
        </MenuItem>
      ) : null}
      {canViewBilling(domainUser) ? (
        <MenuItem icon={<CreditCard />} onSelect={() => void navigate('/billing')}>
          Billing
        </MenuItem>
      ) : null}
      {user.isStaff ? (
        <MenuItem icon={<ShieldCheck />} onSelect={() => void navigate('/staff')}>
          Staff tools
        </MenuItem>
      ) : null}
      <MenuSeparator />
      <MenuItem icon={<LogOut />} onSelect={() => void signOut()}>
        Sign out
      </MenuItem>
    </Menu>
  )
}

/** Frame of signed-in pages: header with navigation, notifications and the account menu. */
export function AppLayout() {
  useRealtimeNotifications()
  return (
    <div className="flex min-h-dvh flex-col">
      <header
        data-print="hide"
        // Below the impersonation banner when there is one (staff/impersonation-banner.tsx).
        className="sticky top-[var(--impersonation-offset,0px)] z-30 border-b border-line bg-surface/85 backdrop-blur-md"
      >
        <div className="flex h-14 items-center gap-2 px-3 sm:gap-4 sm:px-5">
          <Link to="/dashboard" className="rounded-control">
            <Logo />
          </Link>
          <nav aria-label="Main" className="ml-2 hidden items-center gap-1 sm:flex">
            <NavLink to="/dashboard" className={navClass}>
              <LayoutGrid />
              Canvases
            </NavLink>
            <NavLink to="/settings/team" className={navClass}>
              <Users />
              Team
            </NavLink>
          </nav>
          <div className="ml-auto flex items-center gap-1.5">
            <HelpMenu />
            <NotificationsPanel />
            <UserMenu />
          </div>
        </div>
      </header>
      <TrialExpiredNotice />
      <div className="flex min-h-0 flex-1 flex-col">
        <Outlet />
      </div>
      <PendingInvite />
    </div>
  )
}

/** A centred page column for settings-like pages. */
export function PageContainer({ children, className }: { children: React.ReactNode; className?: string }) {
  return (
    <main className={cn('mx-auto w-full max-w-5xl px-4 py-8 sm:px-6 sm:py-10', className)}>{children}</main>
  )
}
