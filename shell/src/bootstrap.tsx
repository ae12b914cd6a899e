import { rememberInitialVisit, trackingSettings } from '@pinpoint/state'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { createStore, Provider } from 'jotai'
import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { App } from './app'
import { seedEmbeddedSession } from './session'
import '@pinpoint/ui/fonts.css'
import './styles.css'

// The first visit is recorded before anything else (30 days; sent with sign-up), unless the server
// turned the tracking cookies off (TRACKING_COOKIES=0).
rememberInitialVisit(trackingSettings().cookies)

// The ONE store and the ONE query client of the page: remotes render inside these providers and
// reach them through the shared jotai and @tanstack/react-query singletons.
const store = createStore()
const queryClient = new QueryClient({
  defaultOptions: { queries: { staleTime: 30_000, retry: 1, refetchOnWindowFocus: false } },
})
seedEmbeddedSession(queryClient)

const container = document.getElementById('root')
if (!container) throw new Error('Missing #root element in index.html')

createRoot(container).render(
  <StrictMode>
    <Provider store={store}>
      <QueryClientProvider client={queryClient}>
        <App />
      </QueryClientProvider>
    </Provider>
  </StrictMode>,
)
