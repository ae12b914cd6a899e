import { Spinner } from '@pinpoint/ui'
import { type ComponentType, type LazyExoticComponent, lazy, type ReactNode, Suspense } from 'react'

/**
 * A page whose code loads when it is first shown: screens not needed on the first screen of a
 * signed-in member (sign-up, log-in, settings, team...) stay out of the initial download.
 * `pick` names the export, so page modules keep their named exports.
 */
export function lazyNamed<M>(
  load: () => Promise<M>,
  pick: (module: M) => ComponentType,
): LazyExoticComponent<ComponentType> {
  return lazy(() => load().then((module) => ({ default: pick(module) })))
}

/** Renders a lazy page with a spinner while its code arrives. */
export function LazyPage({ page: Page, fallback }: { page: ComponentType; fallback?: ReactNode }) {
  return (
    <Suspense fallback={fallback === undefined ? <PageSpinner /> : fallback}>
      <Page />
    </Suspense>
  )
}

function PageSpinner() {
  return (
    <div className="grid flex-1 place-items-center py-16">
      <Spinner label="Loading…" />
    </div>
  )
}
