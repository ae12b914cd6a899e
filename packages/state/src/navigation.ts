import { atom } from 'jotai'

/** Client-side navigation offered by the page's router (the shell's), for micro-frontends. */
export type Navigator = {
  navigate: (to: string, options?: { replace?: boolean }) => void
}

/**
 * The shell's router, as a plain function: remotes navigate in-app without bundling or sharing
 * react-router (shared modules are not tree-shaken, and the shell needs only part of it). Null
 * without a host router (a remote's standalone page): links then load the page normally.
 */
export const navigatorAtom = atom<Navigator | null>(null)
