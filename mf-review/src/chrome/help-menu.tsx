/**
 * The review bar's help menu: the keyboard shortcuts (where there is a keyboard) and "Restart tour"; on
 * phones, where the bar has no room for the account menu, also who is signed in and Sign out.
 */
import type { TourId } from '@pinpoint/domain'
import { requestTourAtom } from '@pinpoint/state'
import { Button, Menu, MenuItem, MenuSeparator } from '@pinpoint/ui'
import { useSetAtom } from 'jotai'
import { CircleQuestionMark, Keyboard, Route } from 'lucide-react'
import { useSignOut } from '../lib/sign-out'
import { useReviewAtoms } from '../state'
import { AccountEntries } from './reviewer'

// A phone has no keyboard to take shortcuts from: the same test the shortcuts button used.
const noKeyboard = () =>
  typeof window !== 'undefined' && window.matchMedia?.('(max-width: 639px), (pointer: coarse)').matches
// Below the `sm` breakpoint, where the top bar hides the account menu (see Reviewer).
const phone = () => typeof window !== 'undefined' && window.matchMedia?.('(max-width: 639px)').matches

export function HelpMenu({ tour, userName }: { tour: TourId; userName: string | null }) {
  const signOut = useSignOut()
  const setHelp = useSetAtom(useReviewAtoms().helpOpen)
  const requestTour = useSetAtom(requestTourAtom)
  return (
    <Menu
      trigger={
        <Button
          variant="ghost"
          size="icon-sm"
          aria-label="Help"
          data-tour="review-help"
          data-testid="help-menu"
        >
          <CircleQuestionMark />
        </Button>
      }
    >
      {noKeyboard() ? null : (
        <MenuItem icon={<Keyboard />} trailing="?" onSelect={() => setHelp(true)}>
          Keyboard shortcuts
        </MenuItem>
      )}
      <MenuItem icon={<Route />} onSelect={() => requestTour(tour)}>
        Restart tour
      </MenuItem>
      {userName && phone() ? (
        <>
          <MenuSeparator />
          <AccountEntries name={userName} onSignOut={() => void signOut()} />
        </>
      ) : null}
    </Menu>
  )
}
