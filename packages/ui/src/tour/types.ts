/** One step of a guided tour: what to point at (a CSS selector; none centres the popover) and what to say. */
export interface TourStep {
  element?: string
  title: string
  description: string
  side?: 'top' | 'right' | 'bottom' | 'left'
}

/** How a tour ended: every step seen, or skipped (Escape, the close or Skip button, a click outside). */
export type TourEnd = 'done' | 'skipped'
