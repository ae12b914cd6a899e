import { atom } from 'jotai'

/** Timers the state package uses; replaced in tests by a fake clock. */
export type Scheduler = {
  setTimeout(fn: () => void, ms: number): unknown
  clearTimeout(handle: unknown): void
}

export const realScheduler: Scheduler = {
  setTimeout: (fn, ms) => globalThis.setTimeout(fn, ms),
  clearTimeout: (handle) => globalThis.clearTimeout(handle as ReturnType<typeof setTimeout>),
}

/** The scheduler of a store. Set it to a fake in tests: `store.set(schedulerAtom, fake)`. */
export const schedulerAtom = atom<Scheduler>(realScheduler)

let nextId = 0
/** Ids for toasts and notifications: unique within the page. */
export function localId(prefix: string): string {
  nextId += 1
  return `${prefix}-${Date.now().toString(36)}-${nextId}`
}
