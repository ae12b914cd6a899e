/**
 * The review bar's help menu: the keyboard shortcuts (where there is a keyboard) and "Restart tour".
 */
import type { TourId } from '@pinpoint/domain'
import { requestTourAtom } from '@pinpoint/state'
import { Button, Menu, MenuItem } from '@pinpoint/ui'
import { useSetAtom } from 'jotai'
import { CircleQuestionMark, Keyboard, Route } from 'lucide-react'
import { useReviewAtoms } from '../state'

// A phone has no keyboard to take shortcuts from: the same test the shortcuts button used.
const noKeyboard = () =>
  typeof window !== 'undefined' && window.matchMedia?.('(max-width: 639px), (pointer: coarse)').matches

export function HelpMenu({ tour }: { tour: TourId }) {
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
    </Menu>
  )
}
