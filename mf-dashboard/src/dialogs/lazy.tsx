import { preloadOverlays } from '@pinpoint/ui'
import { lazy } from 'react'

/**
 * The dashboard's dialogs load on first use (or once the browser is idle after the grid shows),
 * so they are not part of the JavaScript downloaded before the dashboard is interactive. Render
 * them inside a <Suspense>.
 */
const loaders = {
  canvas: () => import('./canvas-dialogs'),
  folder: () => import('./folder-dialogs'),
  folderShare: () => import('./folder-share-dialog'),
  newCanvas: () => import('./new-canvas-dialog'),
}

export const CanvasDialogs = lazy(() => loaders.canvas().then((m) => ({ default: m.CanvasDialogs })))
export const FolderNameDialog = lazy(() => loaders.folder().then((m) => ({ default: m.FolderNameDialog })))
export const DeleteFolderDialog = lazy(() =>
  loaders.folder().then((m) => ({ default: m.DeleteFolderDialog })),
)
export const FolderShareDialog = lazy(() =>
  loaders.folderShare().then((m) => ({ default: m.FolderShareDialog })),
)
export const NewCanvasDialog = lazy(() => loaders.newCanvas().then((m) => ({ default: m.NewCanvasDialog })))

/** Fetches every dialog's code while the browser is idle, so opening one later does not wait. */
export function preloadDialogs(): () => void {
  const run = () => {
    for (const load of Object.values(loaders)) void load().catch(() => {})
    void preloadOverlays()
  }
  if (typeof requestIdleCallback === 'function') {
    const handle = requestIdleCallback(run, { timeout: 3000 })
    return () => cancelIdleCallback(handle)
  }
  const timer = setTimeout(run, 1500)
  return () => clearTimeout(timer)
}
