import { ApiError, isNetworkError, type SessionResponse } from '@pinpoint/api'
import { loginAtom, logoutAtom, setImpersonatedUserIdAtom } from '@pinpoint/state'
import { type QueryClient, useQuery, useQueryClient } from '@tanstack/react-query'
import { useSetAtom } from 'jotai'
import { useCallback, useEffect } from 'react'
import { useNavigate } from 'react-router'
import { endpoints } from './api'
import { readEmbeddedBootstrap } from './lib/embedded'

export const SESSION_QUERY_KEY = ['session', 'me'] as const

// Read once at start: the server embedded the current user (or null) in the page.
const embedded = readEmbeddedBootstrap()

/**
 * Puts the embedded answer in the page's query client before the first render, so the session is
 * known at once. Seeded once rather than given as the query's `initialData`: a cleared cache (a sign-out
 * made in a slice clears the one client of the page) would otherwise recreate the query from the
 * page's initial user and sign that user in again; after a clear the server is asked.
 */
export function seedEmbeddedSession(queryClient: QueryClient) {
  if (embedded) queryClient.setQueryData(SESSION_QUERY_KEY, embedded.user ? { user: embedded.user } : null)
}

/**
 * Settles who is signed in, once per page, into the auth atoms. With the embedded bootstrap the
 * answer is immediate; otherwise GET /sessions/me. NotLoggedIn means logged out; so does any
 * other failure, because a page must still render for a visitor when the check cannot be made.
 */
export function useSessionBootstrap() {
  const login = useSetAtom(loginAtom)
  const logout = useSetAtom(logoutAtom)
  const setImpersonated = useSetAtom(setImpersonatedUserIdAtom)
  const session = useQuery({
    queryKey: SESSION_QUERY_KEY,
    queryFn: async ({ signal }): Promise<SessionResponse | null> => {
      try {
        return await endpoints.session.me({ signal })
      } catch (error) {
        if (error instanceof ApiError && error.error === 'NotLoggedIn') return null
        throw error
      }
    },
    // A 4xx is an answer: only a failure to get one is retried.
    retry: (count, error) =>
      count < 1 && (isNetworkError(error) || (error instanceof ApiError && error.status >= 500)),
    staleTime: Number.POSITIVE_INFINITY,
  })
  useEffect(() => {
    if (session.data?.user) {
      login(session.data.user)
      // The impersonation banner reads this (decision 043): set while a staff member acts as this user.
      const { user, impersonatorId } = session.data
      setImpersonated(impersonatorId || embedded?.impersonatedUserId === user.id ? user.id : null)
    } else if (session.isError || session.data === null) logout()
  }, [session.data, session.isError, login, logout, setImpersonated])
}

/** Records a new session (after login, sign-up, guest login or accepting an invite). */
export function useSignedIn() {
  const login = useSetAtom(loginAtom)
  const queryClient = useQueryClient()
  return useCallback(
    (user: SessionResponse['user']) => {
      queryClient.setQueryData(SESSION_QUERY_KEY, { user })
      login(user)
    },
    [login, queryClient],
  )
}

/**
 * Sign-out: ends the session on the server, then clears all client state (auth, toasts,
 * notifications, every cached query) and goes to the login page.
 */
export function useSignOut() {
  const logout = useSetAtom(logoutAtom)
  const queryClient = useQueryClient()
  const navigate = useNavigate()
  return useCallback(async () => {
    try {
      await endpoints.session.logout()
    } catch {
      // Already signed out on the server (or offline): the client still forgets everything.
    }
    queryClient.clear()
    queryClient.setQueryData(SESSION_QUERY_KEY, null)
    logout()
    await navigate('/login', { replace: true })
  }, [logout, navigate, queryClient])
}
