import { describe, expect, test } from 'bun:test'
import { createStore } from 'jotai'
import {
  authAtom,
  initialAuthState,
  isLoggedInAtom,
  loginAtom,
  logoutAtom,
  setApiTokenAtom,
  setImpersonatedUserIdAtom,
  setLoginStatusAtom,
  updateUserAtom,
} from './index'

const ada = { id: 'u1', name: 'Ada Lovelace', email: 'ada@example.com' }

describe('auth atoms', () => {
  test('start unknown: no user, not loaded', () => {
    const store = createStore()
    expect(store.get(authAtom)).toEqual(initialAuthState)
    expect(store.get(isLoggedInAtom)).toBe(false)
  })

  test('login stores the user and marks the session loaded', () => {
    const store = createStore()
    store.set(loginAtom, ada)
    expect(store.get(authAtom)).toMatchObject({ user: ada, loaded: true })
    expect(store.get(isLoggedInAtom)).toBe(true)
  })

  test('guests count as not logged in', () => {
    const store = createStore()
    store.set(loginAtom, { ...ada, isGuest: true })
    expect(store.get(isLoggedInAtom)).toBe(false)
  })

  test('updateUser merges into the current user and ignores a signed-out state', () => {
    const store = createStore()
    store.set(updateUserAtom, { name: 'Nobody' })
    expect(store.get(authAtom).user).toBeNull()
    store.set(loginAtom, ada)
    store.set(updateUserAtom, { name: 'Ada King' })
    expect(store.get(authAtom).user).toEqual({ ...ada, name: 'Ada King' })
  })

  test('logout clears token, impersonation and login status but stays loaded', () => {
    const store = createStore()
    store.set(loginAtom, ada)
    store.set(setApiTokenAtom, 'tok')
    store.set(setImpersonatedUserIdAtom, 'u2')
    store.set(setLoginStatusAtom, 'logged-in')
    expect(store.get(authAtom)).toMatchObject({
      apiToken: 'tok',
      impersonatedUserId: 'u2',
      loginStatus: 'logged-in',
    })
    store.set(logoutAtom)
    expect(store.get(authAtom)).toEqual({ ...initialAuthState, loaded: true })
  })
})
