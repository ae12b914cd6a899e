import { ApiError, isNetworkError, type SessionResponse } from '@pinpoint/api'
import { loginAtom, logoutAtom } from '@pinpoint/state'
import { useQuery } from '@tanstack/react-query'
import { useSetAtom } from 'jotai'
import { useEffect } from 'react'
import { api } from './api'

/**
 * Asks the server who is signed in (GET /sessions/me) and records the answer in the auth atoms,
 * once per page. NotLoggedIn means logged out; so does any other failure, because a page must
 * still render for a visitor when the session check cannot be made.
 */
export function useSessionBootstrap() {
  const login = useSetAtom(loginAtom)
  const logout = useSetAtom(logoutAtom)
  const session = useQuery({
    queryKey: ['session', 'me'],
    queryFn: ({ signal }) => api.get<SessionResponse>('/sessions/me', { signal }),
    // A 4xx is an answer (NotLoggedIn, or no session route): only a failure to get one is retried.
    retry: (count, error) =>
      count < 1 && (isNetworkError(error) || (error instanceof ApiError && error.status >= 500)),
    staleTime: Number.POSITIVE_INFINITY,
  })
  useEffect(() => {
    if (session.data?.user) login(session.data.user)
    else if (session.isError || session.data) logout()
  }, [session.data, session.isError, login, logout])
}
