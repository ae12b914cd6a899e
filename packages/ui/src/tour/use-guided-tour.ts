/**
 * Runs a guided tour once (SPEC 1): when the screen is ready and the tour was never seen, and again every
 * time `restart` changes (the help menu's "Restart tour"). Whether it was seen is the caller's business
 * (the server for members, the browser for guests); this only asks and reports. driver.js and the tour's
 * styles load on first use, so a screen whose tour was seen downloads none of it.
 */
import { useEffect, useRef } from 'react'
import type { TourEnd, TourStep } from './types'

export interface GuidedTourOptions {
  steps: readonly TourStep[]
  /** Names the tour for screen readers ("Dashboard tour"). */
  label: string
  /** True once the elements the steps point at are on the screen. */
  ready: boolean
  /** Resolves true when the tour was already seen (finished or skipped). */
  wasSeen: () => Promise<boolean>
  /** Called once the tour ends, however it ended. */
  onEnd: (end: TourEnd) => void
  /** A value that changes when someone asks for the tour again; 0 (or undefined) asks for nothing. */
  restart?: number
}

let running = false

/** Loads driver.js and runs the steps; never two tours at once. */
export async function runTour(steps: readonly TourStep[], label: string): Promise<TourEnd | null> {
  if (running) return null
  running = true
  try {
    const { runDriverTour } = await import('./driver-tour')
    return await runDriverTour(steps, label)
  } finally {
    running = false
  }
}

export function useGuidedTour({ steps, label, ready, wasSeen, onEnd, restart }: GuidedTourOptions) {
  const latest = useRef({ steps, label, wasSeen, onEnd })
  latest.current = { steps, label, wasSeen, onEnd }
  const checked = useRef(false)

  useEffect(() => {
    if (!ready || checked.current) return
    checked.current = true
    let cancelled = false
    void latest.current
      .wasSeen()
      .catch(() => true) // When we cannot tell, do not interrupt: the help menu still offers it.
      .then(async (seen) => {
        if (seen || cancelled) return
        const end = await runTour(latest.current.steps, latest.current.label)
        if (end) latest.current.onEnd(end)
      })
    return () => {
      cancelled = true
      // StrictMode runs effects twice: let the second run ask again.
      checked.current = false
    }
  }, [ready])

  const lastRestart = useRef(restart)
  useEffect(() => {
    if (!restart || restart === lastRestart.current) return
    lastRestart.current = restart
    void runTour(latest.current.steps, latest.current.label).then((end) => {
      if (end) latest.current.onEnd(end)
    })
  }, [restart])
}
