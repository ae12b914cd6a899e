/**
 * The tour itself, on driver.js (loaded only when a tour runs: see use-guided-tour.ts). driver.js gives the
 * highlight, the positioning, a dialog role with a title and description, a Tab trap inside the popover,
 * Escape to skip and the arrow keys to step; we add a visible "Skip tour" button, name the close button for
 * what it does, and give the focus back to where it was when the tour ends.
 */
import { driver } from 'driver.js'
import 'driver.js/dist/driver.css'
import './tour.css'
import type { TourEnd, TourStep } from './types'

/** A step's element is usable when it is in the page and shown (not display:none on this screen size). */
function shown(selector: string): boolean {
  const element = document.querySelector(selector)
  return element instanceof HTMLElement && element.getClientRects().length > 0
}

export function runDriverTour(steps: readonly TourStep[], label: string): Promise<TourEnd> {
  const usable = steps.filter((step) => !step.element || shown(step.element))
  if (usable.length === 0) return Promise.resolve('done')
  const returnFocus = document.activeElement instanceof HTMLElement ? document.activeElement : null
  return new Promise<TourEnd>((resolve) => {
    let end: TourEnd = 'skipped'
    const tour = driver({
      animate: !window.matchMedia('(prefers-reduced-motion: reduce)').matches,
      smoothScroll: false,
      allowClose: true,
      allowKeyboardControl: true,
      overlayClickBehavior: 'close',
      // The tour shows the page; clicking through it would leave the popover pointing at a stale spot.
      disableActiveInteraction: true,
      showProgress: true,
      progressText: 'Step {{current}} of {{total}}',
      nextBtnText: 'Next',
      prevBtnText: 'Back',
      doneBtnText: 'Done',
      popoverClass: 'pinpoint-tour',
      steps: usable.map((step) => ({
        element: step.element,
        popover: { title: step.title, description: step.description, side: step.side, align: 'start' },
      })),
      onPopoverRender(popover, { driver: active }) {
        popover.wrapper.setAttribute('aria-roledescription', label)
        popover.wrapper.setAttribute('aria-modal', 'true')
        popover.closeButton.setAttribute('aria-label', 'Skip tour')
        const skip = document.createElement('button')
        skip.type = 'button'
        skip.className = 'pinpoint-tour-skip'
        skip.textContent = 'Skip tour'
        skip.addEventListener('click', () => active.destroy())
        popover.footer.prepend(skip)
        // The first step opens with the focus on Next (driver.js focuses the popover's first button).
        ;(popover.nextButton as HTMLElement | undefined)?.focus()
      },
      onNextClick(_element, _step, { driver: active }) {
        if (active.isLastStep()) {
          end = 'done'
          active.destroy()
        } else active.moveNext()
      },
      onDestroyed() {
        if (returnFocus?.isConnected) returnFocus.focus()
        resolve(end)
      },
    })
    tour.drive()
  })
}
