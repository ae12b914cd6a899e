/**
 * Client state shared by the shell and every micro-frontend. This package is a Module Federation
 * singleton: atoms are identified by object identity, so a second copy would silently start empty.
 * Import jotai only from 'jotai' (never 'jotai/utils' etc.): subpaths bundle their own Provider
 * context and would not see the shell's store.
 */
export {
  type AuthState,
  type AuthUser,
  authAtom,
  currentUserAtom,
  initialAuthState,
  isLoggedInAtom,
  loginAtom,
  logoutAtom,
  setApiTokenAtom,
  setImpersonatedUserIdAtom,
  setLoginStatusAtom,
  updateUserAtom,
} from './auth'
