export type { TourEnd, TourStep } from './types'
export { type GuidedTourOptions, runTour, useGuidedTour } from './use-guided-tour'
