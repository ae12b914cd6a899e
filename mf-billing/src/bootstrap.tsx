import { createApiClient, type SessionResponse } from '@pinpoint/api'
import { loginAtom, logoutAtom } from '@pinpoint/state'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { createStore, Provider } from 'jotai'
import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import BillingOverview from './billing-overview'

// Standalone page of this remote (dist/app/index.html): the billing page with its own store and query
// client, for working on the remote alone. Inside the shell, the shell's providers are used.
const store = createStore()

// Without the shell, this page asks for the session itself (the shell does it otherwise).
createApiClient()
  .get<SessionResponse>('/sessions/me')
  .then(({ user }) => store.set(loginAtom, user))
  .catch(() => store.set(logoutAtom))

const container = document.getElementById('root')
if (!container) throw new Error('Missing #root element in index.html')

createRoot(container).render(
  <StrictMode>
    <Provider store={store}>
      <QueryClientProvider client={new QueryClient()}>
        <main className="mx-auto max-w-5xl p-4 sm:p-8">
          <h1 className="mb-6 text-2xl font-semibold tracking-tight">Billing</h1>
          <BillingOverview />
        </main>
      </QueryClientProvider>
    </Provider>
  </StrictMode>,
)
