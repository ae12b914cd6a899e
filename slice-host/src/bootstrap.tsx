/**
 * A minimal federation host for one or more slices, without the shell: the page's one store and query
 * client, the session read from the API, and each slice's exposed module loaded from its manifest by the
 * federation runtime and rendered inside those providers. What to mount comes from
 * `window.__PINPOINT_SLICE_HOST__` (set by the browser test before the page's scripts run), so the page
 * can sit at the address a slice reads (the review screen routes itself from /link/...).
 */
import { loadRemote, registerRemotes } from '@module-federation/enhanced/runtime'
import { createApiClient, type SessionResponse } from '@pinpoint/api'
import { loginAtom, logoutAtom } from '@pinpoint/state'
import { TooltipProvider } from '@pinpoint/ui'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { createStore, Provider } from 'jotai'
import { type ComponentType, StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { type MountedSlice, readSlices } from './slices'

// biome-ignore lint/suspicious/noExplicitAny: a slice's props are its own; the test passes what it documents
type Exposed = { default: ComponentType<any> }

const slices = readSlices(window)
const store = createStore()
const queryClient = new QueryClient({
  defaultOptions: { queries: { retry: 1, refetchOnWindowFocus: false } },
})

// Without the shell, the host asks for the session itself (the shell does it otherwise).
createApiClient()
  .get<SessionResponse>('/sessions/me')
  .then(({ user }) => store.set(loginAtom, user))
  .catch(() => store.set(logoutAtom))

registerRemotes(
  [...new Map(slices.map((slice) => [slice.remote, slice.manifest])).entries()].map(([name, entry]) => ({
    name,
    entry: new URL(entry, window.location.href).href,
  })),
)

async function load(slice: MountedSlice): Promise<ComponentType> {
  const module = await loadRemote<Exposed>(`${slice.remote}/${slice.module}`)
  if (typeof module?.default !== 'function')
    throw new Error(`${slice.remote}/${slice.module} has no default export`)
  const Component = module.default
  return () => <Component {...slice.props} />
}

const container = document.getElementById('root')
if (!container) throw new Error('Missing #root element in index.html')
const root = createRoot(container)

Promise.all(slices.map(load)).then(
  (components) =>
    root.render(
      <StrictMode>
        <Provider store={store}>
          <QueryClientProvider client={queryClient}>
            <TooltipProvider>
              {components.map((Slice, index) => (
                <section key={slices[index]?.id} data-slice={slices[index]?.id}>
                  <Slice />
                </section>
              ))}
            </TooltipProvider>
          </QueryClientProvider>
        </Provider>
      </StrictMode>,
    ),
  (error: unknown) => {
    console.error('A slice failed to load', error)
    container.textContent = `A slice failed to load: ${error instanceof Error ? error.message : String(error)}`
  },
)
