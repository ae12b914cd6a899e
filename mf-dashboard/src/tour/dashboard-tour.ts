/**
 * The dashboard's guided tour (SPEC 1): five short steps, shown once per member (the server remembers) when
 * the canvas list first shows, and again from the help menu's "Restart tour". Steps whose element is not
 * on this screen size (the projects sidebar on a phone) are left out by the runner.
 */
import {
  availableTourAtom,
  currentUserAtom,
  hasSeenTour,
  markTourSeen,
  restartTourAtom,
  toursAutostart,
} from '@pinpoint/state'
import { type TourStep, useGuidedTour } from '@pinpoint/ui'
import { useAtomValue, useSetAtom } from 'jotai'
import { useEffect } from 'react'

export const DASHBOARD_TOUR_STEPS: readonly TourStep[] = [
  {
    element: '[data-tour="new-canvas"]',
    title: 'Add something to review',
    description:
      'A website address, an HTML e-mail, images and PDFs, or a video. You can also drop files anywhere on this page.',
    side: 'bottom',
  },
  {
    element: '[data-tour="projects"]',
    title: 'Projects',
    description: 'Group canvases into projects, and share a whole project from its menu.',
    side: 'right',
  },
  {
    element: '[data-tour="canvas-filters"]',
    title: 'Find a canvas',
    description: 'Search by name, filter by status and sort the list.',
    side: 'bottom',
  },
  {
    element: '[data-tour="canvas-list"]',
    title: 'Your canvases',
    description: 'Open one to see its comments. Its menu shares, moves or archives it.',
    side: 'top',
  },
  {
    element: '[data-tour="help-menu"]',
    title: 'Help is here',
    description: 'Run this tour again from the help menu whenever you like.',
    side: 'bottom',
  },
]

/** Offers the tour to the shell's help menu while the dashboard is on screen, and runs it once. */
export function useDashboardTour(ready: boolean) {
  const user = useAtomValue(currentUserAtom)
  const restart = useAtomValue(restartTourAtom)
  const setAvailable = useSetAtom(availableTourAtom)
  useEffect(() => {
    setAvailable('dashboard')
    return () => setAvailable(null)
  }, [setAvailable])
  useGuidedTour({
    steps: DASHBOARD_TOUR_STEPS,
    label: 'Dashboard tour',
    // TOURS_AUTOSTART=0: only the help menu runs it.
    ready: ready && !!user && toursAutostart(),
    wasSeen: () => hasSeenTour(user, 'dashboard'),
    onEnd: () => void markTourSeen(user, 'dashboard').catch(() => {}),
    restart: restart?.tour === 'dashboard' ? restart.count : 0,
  })
}
