/**
 * The canvas tours (SPEC 1): "guest-canvas" for guests and visitors (how to leave a comment), "canvas" for
 * members (the same, plus the view controls). Shown once (members: the server remembers; guests: their
 * browser), after the canvas is on screen and after the guest prompt, and again from the help menu.
 */
import type { TourId } from '@pinpoint/domain'
import { hasSeenTour, markTourSeen, restartTourAtom, toursAutostart } from '@pinpoint/state'
import { type TourStep, useGuidedTour } from '@pinpoint/ui'
import { useAtomValue } from 'jotai'
import { useReview } from '../model'

const MODE: TourStep = {
  element: '[data-tour="review-mode"]',
  title: 'Comment or browse',
  description:
    'In Comment mode, click any spot to pin a comment there. Browse mode lets you use the page as usual. Press C to switch.',
  side: 'bottom',
}
const CANVAS: TourStep = {
  element: '#review-viewer',
  title: 'What is being reviewed',
  description: 'Pins mark the comments left so far. Select one to read and answer its thread.',
  side: 'top',
}
const COMMENTS: TourStep = {
  element: '[data-testid="sidebar"]',
  title: 'All comments',
  description: 'Every comment with its replies, with search and filters.',
  side: 'left',
}
const PHONE_COMMENTS: TourStep = {
  element: '[data-tour="review-comments"]',
  title: 'All comments',
  description: 'Open the list of comments and their replies here.',
  side: 'bottom',
}
const VIEW: TourStep = {
  element: '[data-tour="review-view"]',
  title: 'See it as your visitors do',
  description: 'Switch between desktop and phone widths, and zoom.',
  side: 'bottom',
}
const HELP: TourStep = {
  element: '[data-tour="review-help"]',
  title: 'Help',
  description: 'The keyboard shortcuts and this tour are in the help menu.',
  side: 'bottom',
}

export const TOUR_STEPS: Record<'guest-canvas' | 'canvas', readonly TourStep[]> = {
  'guest-canvas': [MODE, CANVAS, COMMENTS, PHONE_COMMENTS, HELP],
  canvas: [MODE, VIEW, CANVAS, COMMENTS, PHONE_COMMENTS, HELP],
}

/** Which tour this viewer gets: members the canvas tour, guests and visitors the guest one. */
export function reviewTourId(user: { isGuest?: boolean | null } | null): 'guest-canvas' | 'canvas' {
  return user && user.isGuest !== true ? 'canvas' : 'guest-canvas'
}

export function useReviewTour(ready: boolean): TourId {
  const { user, loading } = useReview()
  const tour = reviewTourId(user)
  const restart = useAtomValue(restartTourAtom)
  useGuidedTour({
    steps: TOUR_STEPS[tour],
    label: tour === 'canvas' ? 'Canvas tour' : 'Commenting tour',
    ready: ready && !loading && toursAutostart(),
    wasSeen: () => hasSeenTour(user, tour),
    onEnd: () => void markTourSeen(user, tour).catch(() => {}),
    restart: restart?.tour === tour ? restart.count : 0,
  })
  return tour
}
