/**
 * A clock that tests and e2e journeys can move (BILLING_TEST_CLOCK=1, /api/v1/dev/clock): real time plus
 * an offset, so time keeps flowing after a jump and timers in the same process see a consistent now.
 */
export interface AdjustableClock {
  now(): Date
  /** Moves the clock forward (or back, with a negative value) by `ms`. */
  advance(ms: number): Date
  /** Sets the clock to `at`. */
  set(at: Date): Date
}

export function createAdjustableClock(start?: Date, realNow: () => number = Date.now): AdjustableClock {
  let offset = start ? start.getTime() - realNow() : 0
  const now = () => new Date(realNow() + offset)
  return {
    now,
    advance(ms) {
      offset += ms
      return now()
    },
    set(at) {
      offset = at.getTime() - realNow()
      return now()
    },
  }
}
