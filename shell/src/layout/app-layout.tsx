import { authAtom } from '@pinpoint/state'
import { useAtomValue } from 'jotai'
import { Link, Outlet } from 'react-router'
import { useSessionBootstrap } from '../session'

function Logo() {
  return (
    <svg viewBox="0 0 32 32" aria-hidden="true" className="size-7">
      <path
        className="fill-brand-600"
        d="M16 2a10 10 0 0 0-10 10c0 7.5 10 18 10 18s10-10.5 10-18A10 10 0 0 0 16 2Z"
      />
      <circle cx="16" cy="12" r="4" className="fill-white" />
    </svg>
  )
}

function initials(name: string): string {
  const letters = name
    .split(/\s+/)
    .filter(Boolean)
    .map((part) => part[0]?.toUpperCase())
  return (letters.length > 1 ? `${letters[0]}${letters.at(-1)}` : (letters[0] ?? '?')) as string
}

function UserStatus() {
  const { user, loaded } = useAtomValue(authAtom)
  if (!loaded) return <span className="text-sm text-ink-muted">Checking session…</span>
  if (!user) return <span className="text-sm text-ink-muted">Not signed in</span>
  return (
    <span className="flex items-center gap-2 text-sm font-medium text-ink" data-testid="header-user">
      <span
        aria-hidden="true"
        className="grid size-8 place-items-center rounded-full bg-brand-100 text-xs font-semibold text-brand-700"
      >
        {initials(user.name)}
      </span>
      {user.name}
    </span>
  )
}

/** Page frame of every shell route: header with the product name and the signed-in user. */
export function AppLayout() {
  useSessionBootstrap()
  return (
    <div className="flex min-h-dvh flex-col">
      <header className="sticky top-0 z-10 border-b border-line bg-surface/90 backdrop-blur">
        <div className="mx-auto flex h-16 max-w-7xl items-center justify-between px-6">
          <Link
            to="/"
            className="flex items-center gap-2 rounded-control text-lg font-semibold tracking-tight"
          >
            <Logo />
            Pinpoint
          </Link>
          <UserStatus />
        </div>
      </header>
      <main className="mx-auto w-full max-w-7xl flex-1 px-6 py-10">
        <Outlet />
      </main>
    </div>
  )
}
