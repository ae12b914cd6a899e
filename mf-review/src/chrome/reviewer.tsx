/** Who is reviewing: the signed-in member or guest, shown in the top bar (and on the link's error states). */
import { Avatar, Button, Menu, MenuItem, MenuLabel } from '@pinpoint/ui'
import { LogOut } from 'lucide-react'
import { useSignOut } from '../lib/sign-out'

/**
 * The top bar's account menu: who is reviewing, and Sign out. Not on phones: the bar there needs its room
 * for the revision, the verdict and the comments; the Help menu carries the same entries there.
 */
export function Reviewer({ name }: { name: string | null }) {
  const signOut = useSignOut()
  if (!name) return null
  return (
    <Menu
      trigger={
        <Button
          variant="ghost"
          size="sm"
          className="gap-1.5 px-1 max-sm:hidden"
          title={`Reviewing as ${name}`}
        >
          {/*
            Named by its text, so the visible name is part of the accessible one (axe label-content-name-
            mismatch, as the shell's account button): the initials repeat the name and are hidden.
          */}
          <span aria-hidden="true" className="contents">
            <Avatar name={name} size="sm" />
          </span>
          <span className="sr-only">Reviewing as </span>
          <span
            className="sr-only xl:not-sr-only xl:max-w-32 xl:truncate xl:text-sm xl:font-normal xl:text-ink-muted"
            data-testid="review-user"
          >
            {name}
          </span>
        </Button>
      }
    >
      <AccountEntries name={name} onSignOut={() => void signOut()} />
    </Menu>
  )
}

/** "Signed in as …" and Sign out, inside a menu (the account menu, or the Help menu on phones). */
export function AccountEntries({ name, onSignOut }: { name: string; onSignOut: () => void }) {
  return (
    <>
      <MenuLabel>Signed in as {name}</MenuLabel>
      <MenuItem icon={<LogOut />} onSelect={onSignOut}>
        Sign out
      </MenuItem>
    </>
  )
}

/** The same, as a line under a message ("Signed in as Ada"), so a wrong account is easy to spot. */
export function SignedInAs({ name }: { name: string | null }) {
  if (!name) return null
  return (
    <p className="mt-4 text-center text-sm text-ink-muted">
      Signed in as <span data-testid="review-user">{name}</span>
    </p>
  )
}
