import type { Scheduler } from './scheduler'

/** A manual clock for tests: `advance(ms)` runs the timers that fall due, in order. */
export function createFakeScheduler() {
  let now = 0
  let seq = 0
  const timers = new Map<number, { at: number; fn: () => void }>()
  const scheduler: Scheduler = {
    setTimeout(fn, ms) {
      seq += 1
      timers.set(seq, { at: now + ms, fn })
      return seq
    },
    clearTimeout(handle) {
      timers.delete(handle as number)
    },
  }
  function advance(ms: number) {
    const target = now + ms
    for (;;) {
      const due = [...timers.entries()]
        .filter(([, t]) => t.at <= target)
        .sort((a, b) => a[1].at - b[1].at || a[0] - b[0])[0]
      if (!due) break
      timers.delete(due[0])
      now = due[1].at
      due[1].fn()
    }
    now = target
  }
  return { scheduler, advance, pending: () => timers.size }
}
