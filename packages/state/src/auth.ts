import type { User } from '@pinpoint/api'
import { atom } from 'jotai'
import { resetUserStateAtom } from './reset'

export type AuthUser = User

/**
 * Who is using the app. `loaded` turns true once the shell knows (embedded bootstrap data or
 * GET /sessions/me), so screens can tell "logged out" from "not known yet". `loginStatus` mirrors
 * the login-status cookie the server reads at page start (SPEC section 2); null when absent.
 */
export type AuthState = {
  user: AuthUser | null
  loaded: boolean
  apiToken: string | null
  impersonatedUserId: string | null
  loginStatus: string | null
}

export const initialAuthState: AuthState = {
  user: null,
  loaded: false,
  apiToken: null,
  impersonatedUserId: null,
  loginStatus: null,
}

// The writable atom stays private: every change goes through a named action below, so the
// transitions of SPEC section 4 ("Auth actions") live in one place.
const authStateAtom = atom<AuthState>(initialAuthState)
authStateAtom.debugLabel = 'auth'

/** Read-only view of the auth state. */
export const authAtom = atom((get) => get(authStateAtom))

/** The signed-in user, or null (also null while the session is not loaded yet). */
export const currentUserAtom = atom((get) => get(authStateAtom).user)

/** Guests count as not logged in (SPEC section 2, page guard). */
export const isLoggedInAtom = atom((get) => {
  const { user } = get(authStateAtom)
  return user !== null && user.isGuest !== true
})

/** Action "login": a session was found (or just created): remember the user, mark loaded. */
export const loginAtom = atom(null, (get, set, user: AuthUser) => {
  set(authStateAtom, { ...get(authStateAtom), user, loaded: true })
})

/**
 * Action "logout" (sign-out): forget everything about the previous user — auth, toasts,
 * notifications and every other per-user atom — but keep "we know who you are: nobody".
 */
export const logoutAtom = atom(null, (_get, set) => {
  set(resetUserStateAtom)
  set(authStateAtom, { ...initialAuthState, loaded: true })
})

/** Action "user update": merge a profile change into the current user; ignored when signed out. */
export const updateUserAtom = atom(null, (get, set, patch: Partial<AuthUser>) => {
  const state = get(authStateAtom)
  if (!state.user) return
  set(authStateAtom, { ...state, user: { ...state.user, ...patch } })
})

/** Action "set API token". */
export const setApiTokenAtom = atom(null, (get, set, apiToken: string | null) => {
  set(authStateAtom, { ...get(authStateAtom), apiToken })
})

/** Action "set impersonated user id". */
export const setImpersonatedUserIdAtom = atom(null, (get, set, impersonatedUserId: string | null) => {
  set(authStateAtom, { ...get(authStateAtom), impersonatedUserId })
})

/** Action "set login status". */
export const setLoginStatusAtom = atom(null, (get, set, loginStatus: string | null) => {
  set(authStateAtom, { ...get(authStateAtom), loginStatus })
})
