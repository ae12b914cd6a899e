import { canvasPeopleAtom } from '@pinpoint/state'
import { useAtom } from 'jotai'
import { lazy, Suspense } from 'react'

// Loaded the first time someone opens the People of a canvas.
const CanvasPeopleDialog = lazy(() =>
  import('./people-dialog').then((m) => ({ default: m.CanvasPeopleDialog })),
)

/**
 * Hosts the People dialog for every page: the dashboard's card menu and the review screen's header (two
 * micro-frontends) open it through `canvasPeopleAtom`.
 */
export function CanvasPeopleHost() {
  const [request, setRequest] = useAtom(canvasPeopleAtom)
  if (!request) return null
  return (
    <Suspense fallback={null}>
      <CanvasPeopleDialog key={request.canvasId} request={request} onClose={() => setRequest(null)} />
    </Suspense>
  )
}
