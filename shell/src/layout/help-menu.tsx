/**
 * The header's help menu: "Restart tour" for the screen on show (the dashboard offers its tour through
 * `availableTourAtom`). Shown only while there is something in it, so it never opens onto nothing.
 */
import { availableTourAtom, requestTourAtom } from '@pinpoint/state'
import { Button, Menu, MenuItem } from '@pinpoint/ui'
import { useAtomValue, useSetAtom } from 'jotai'
import { CircleQuestionMark, Route } from 'lucide-react'

export function HelpMenu() {
  const tour = useAtomValue(availableTourAtom)
  const requestTour = useSetAtom(requestTourAtom)
  if (!tour) return null
  return (
    <Menu
      trigger={
        <Button
          variant="ghost"
          size="icon-sm"
          aria-label="Help"
          data-tour="help-menu"
          data-testid="help-menu"
        >
          <CircleQuestionMark />
        </Button>
      }
    >
      <MenuItem icon={<Route />} onSelect={() => requestTour(tour)}>
        Restart tour
      </MenuItem>
    </Menu>
  )
}
