/**
 * The guest entry (dist/app/index.html, served at /link/... to visitors who are not members): the review
 * screen alone, with its own store and query client. It downloads nothing of the shell, the dashboard or
 * billing. The server embeds the visitor's user in the page, so no round trip to /sessions/me is needed.
 */
import { createApiClient, type SessionResponse, type User } from '@pinpoint/api'
import { loginAtom, logoutAtom, rememberInitialVisit, trackingSettings } from '@pinpoint/state'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { createStore, Provider } from 'jotai'
import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import '@pinpoint/ui/fonts.css'
import ReviewScreen from './review-screen'
import { StandaloneToaster } from './toaster'

// A feedback link is often someone's first visit: recorded like the shell records it (30 days, read at
// sign-up), unless the server turned the tracking cookies off.
rememberInitialVisit(trackingSettings().cookies)

const store = createStore()

function embeddedUser(): { found: boolean; user: User | null } {
  const element = document.getElementById('pinpoint-bootstrap')
  if (!element?.textContent) return { found: false, user: null }
  try {
    const data = JSON.parse(element.textContent) as { user?: User | null }
    return { found: true, user: data.user ?? null }
  } catch {
    return { found: false, user: null }
  }
}

const embedded = embeddedUser()
if (embedded.found) {
  if (embedded.user) store.set(loginAtom, embedded.user)
  else store.set(logoutAtom)
} else {
  createApiClient()
    .get<SessionResponse>('/sessions/me')
    .then(({ user }) => store.set(loginAtom, user))
    .catch(() => store.set(logoutAtom))
}

const container = document.getElementById('root')
if (!container) throw new Error('Missing #root element in index.html')

const queryClient = new QueryClient({ defaultOptions: { queries: { refetchOnWindowFocus: true } } })

createRoot(container).render(
  <StrictMode>
    <Provider store={store}>
      <QueryClientProvider client={queryClient}>
        <ReviewScreen />
        <StandaloneToaster />
      </QueryClientProvider>
    </Provider>
  </StrictMode>,
)
