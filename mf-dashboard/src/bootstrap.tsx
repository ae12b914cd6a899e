import { createApiClient, type SessionResponse } from '@pinpoint/api'
import {
  dismissToastAtom,
  holdToastAtom,
  loginAtom,
  logoutAtom,
  runToastActionAtom,
  toastsAtom,
} from '@pinpoint/state'
import { ToastViewport, TooltipProvider } from '@pinpoint/ui'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { createStore, Provider, useAtomValue, useSetAtom } from 'jotai'
import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import DashboardApp from './dashboard-app'
import '@pinpoint/ui/fonts.css'

// Standalone page of this remote (dist/app/index.html): the dashboard with its own store, query
// client and toaster, for working on the remote alone. Inside the shell, the shell's are used.
const store = createStore()

// Without the shell, this page asks for the session itself (the shell does it otherwise).
createApiClient()
  .get<SessionResponse>('/sessions/me')
  .then(({ user }) => store.set(loginAtom, user))
  .catch(() => store.set(logoutAtom))

function Toasts() {
  const toasts = useAtomValue(toastsAtom)
  const dismiss = useSetAtom(dismissToastAtom)
  const run = useSetAtom(runToastActionAtom)
  const hold = useSetAtom(holdToastAtom)
  return (
    <ToastViewport
      toasts={toasts}
      onDismiss={dismiss}
      onAction={(t) => void run(t.id)}
      onHold={(id, held) => hold({ id, held })}
    />
  )
}

const container = document.getElementById('root')
if (!container) throw new Error('Missing #root element in index.html')

createRoot(container).render(
  <StrictMode>
    <Provider store={store}>
      <QueryClientProvider client={new QueryClient()}>
        <TooltipProvider>
          <div className="flex min-h-dvh flex-col">
            <DashboardApp />
          </div>
          <Toasts />
        </TooltipProvider>
      </QueryClientProvider>
    </Provider>
  </StrictMode>,
)
