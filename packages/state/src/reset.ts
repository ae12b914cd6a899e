import { atom, type PrimitiveAtom } from 'jotai'

type Resettable = { atom: PrimitiveAtom<unknown>; initial: () => unknown }
const registry: Resettable[] = []

/**
 * A primitive atom that sign-out puts back to its initial value. Every piece of per-user client
 * state is declared with this, so "sign-out clears all client state" (SPEC section 4) cannot
 * forget one.
 */
export function userStateAtom<T>(initial: T | (() => T)): PrimitiveAtom<T> {
  const init = typeof initial === 'function' ? (initial as () => T) : () => initial
  const created = atom<T>(init())
  registry.push({ atom: created as PrimitiveAtom<unknown>, initial: init })
  return created
}

/** Puts every per-user atom back to its initial value. */
export const resetUserStateAtom = atom(null, (_get, set) => {
  for (const entry of registry) set(entry.atom, entry.initial())
})
