import { addToastAtom, authAtom } from '@pinpoint/state'
import { Button, buttonClasses, EmptyState, ErrorState, Spinner } from '@pinpoint/ui'
import { useAtomValue, useSetAtom } from 'jotai'
import { FolderPlus, LayoutGrid, Plus, UploadCloud } from 'lucide-react'
import { useEffect, useState } from 'react'
import { CanvasCard } from './components/canvas-card'
import { CanvasGridSkeleton, EmptyCanvases, LoadMore } from './components/canvas-grid-states'
import { DashboardToolbar } from './components/dashboard-toolbar'
import { FolderSidebar } from './components/folder-sidebar'
import { UploadsTray } from './components/uploads-tray'
import { DashboardDialogs, type FolderDialogState, type OpenCanvasDialog } from './dialogs/dashboard-dialogs'
import { preloadDialogs } from './dialogs/lazy'
import type { NewCanvasTab } from './dialogs/new-canvas-dialog'
import { useCanvasActions } from './lib/actions'
import { useCreateCanvas } from './lib/create'
import { findFolder } from './lib/folders'
import { selectFolder } from './lib/prefs'
import { useDashboardData } from './lib/use-dashboard-data'
import { useFileDrop } from './lib/use-file-drop'
import { useDashboardTour } from './tour/dashboard-tour'
import './styles.css'

/** The dashboard: projects sidebar, canvases with search, filters, sort, paging and every canvas action. */
export default function DashboardApp() {
  const { user, loaded } = useAtomValue(authAtom)
  const {
    prefs,
    updatePrefs,
    searchText,
    setSearchText,
    search,
    folders,
    archivedCount,
    folderList,
    folderId,
    list,
    canvases,
    total,
    currentFolder,
    archivedView,
  } = useDashboardData()
  const { moveCanvas, setArchived } = useCanvasActions()
  const { createFromFiles } = useCreateCanvas()
  const toast = useSetAtom(addToastAtom)
  const [canvasDialog, setCanvasDialog] = useState<OpenCanvasDialog>(null)
  const [folderDialog, setFolderDialog] = useState<FolderDialogState>(null)
  const [newCanvas, setNewCanvas] = useState<NewCanvasTab | null>(null)
  // Once the grid is on screen, the dialogs' code is fetched in idle time.
  const listShown = list.isSuccess
  useEffect(() => (listShown ? preloadDialogs() : undefined), [listShown])
  useDashboardTour(listShown)

  const heading = archivedView ? 'Archived' : (currentFolder?.name ?? 'All canvases')

  const { dragging, handlers: dropHandlers } = useFileDrop((files) => {
    if (files.length === 0) return
    createFromFiles(files, folderId).catch((error: unknown) =>
      toast({ type: 'error', message: error instanceof Error ? error.message : 'Upload failed' }),
    )
  })

  if (!user) {
    return (
      <div className="grid flex-1 place-items-center p-10" data-testid="dashboard-home">
        {loaded ? (
          <EmptyState
            icon={<LayoutGrid />}
            title="Sign in to see your canvases"
            action={
              <a href="/login" className={buttonClasses()}>
                Log in
              </a>
            }
          />
        ) : (
          <Spinner label="Loading your workspace…" />
        )}
      </div>
    )
  }

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: the whole page accepts dropped files; the New canvas dialog is the keyboard path.
    <div className="relative flex min-h-0 flex-1" data-testid="dashboard-home" {...dropHandlers}>
      <FolderSidebar
        folders={folders.data}
        loading={folders.isPending}
        selectedId={folderId}
        archivedView={archivedView}
        archivedCount={archivedCount.data}
        visitedIds={prefs.visitedFolderIds}
        width={prefs.sidebarWidth}
        sort={prefs.folderSort}
        onSortChange={(folderSort) => updatePrefs((p) => ({ ...p, folderSort }))}
        onWidthChange={(sidebarWidth) => updatePrefs((p) => ({ ...p, sidebarWidth }))}
        onSelect={(id) =>
          updatePrefs((p) => ({
            ...selectFolder(p, id),
            statusFilter: p.statusFilter === 'archived' ? 'all' : p.statusFilter,
          }))
        }
        onShowArchived={() => updatePrefs((p) => ({ ...selectFolder(p, null), statusFilter: 'archived' }))}
        onNewFolder={(parentId) => setFolderDialog({ kind: 'new', parent: findFolder(folderList, parentId) })}
        onRenameFolder={(folder) => setFolderDialog({ kind: 'rename', folder })}
        onShareFolder={(folder) => setFolderDialog({ kind: 'share', folder })}
        onDeleteFolder={(folder) => setFolderDialog({ kind: 'delete', folder })}
        onDropCanvas={(canvasId, target) => {
          const canvas = canvases.find((c) => c.id === canvasId)
          if (canvas) void moveCanvas(canvas, target)
        }}
      />

      <main className="min-w-0 flex-1 px-4 py-5 sm:px-6 sm:py-6 lg:px-8">
        <div className="flex flex-wrap items-end justify-between gap-3">
          <div className="min-w-0">
            <h1 className="truncate text-2xl font-semibold tracking-tight" data-testid="dashboard-heading">
              {heading}
            </h1>
            <p className="mt-0.5 text-sm text-ink-muted">
              {list.isPending ? '\u00a0' : `${total} ${total === 1 ? 'canvas' : 'canvases'}`}
              {currentFolder && !archivedView ? ' in this project' : ''}
            </p>
          </div>
          <div className="flex items-center gap-2">
            <Button
              variant="secondary"
              className="md:hidden"
              onClick={() => setFolderDialog({ kind: 'new', parent: null })}
            >
              <FolderPlus />
              <span className="sr-only sm:not-sr-only">New project</span>
            </Button>
            <Button onClick={() => setNewCanvas('website')} data-tour="new-canvas">
              <Plus />
              New canvas
            </Button>
          </div>
        </div>

        <DashboardToolbar
          prefs={prefs}
          updatePrefs={updatePrefs}
          folderList={folderList}
          folderId={folderId}
          archivedView={archivedView}
          archivedCount={archivedCount.data}
          searchText={searchText}
          onSearchTextChange={setSearchText}
        />

        <UploadsTray />
        <div className="mt-6" data-tour="canvas-list">
          {list.isPending ? (
            <CanvasGridSkeleton />
          ) : list.isError ? (
            <ErrorState
              title="Your canvases could not be loaded"
              message={
                list.error instanceof Error ? list.error.message : 'Check your connection and try again.'
              }
              onRetry={() => void list.refetch()}
            />
          ) : canvases.length === 0 ? (
            <EmptyCanvases
              searching={!!search.trim()}
              verdictFiltered={prefs.verdictFilter !== 'any'}
              archived={archivedView}
              inFolder={!!currentFolder}
              onCreate={(tab) => setNewCanvas(tab)}
            />
          ) : (
            <>
              <ul
                className="grid grid-cols-[repeat(auto-fill,minmax(min(100%,15rem),1fr))] gap-4"
                data-testid="canvas-grid"
              >
                {canvases.map((canvas) => (
                  <li key={canvas.id}>
                    <CanvasCard
                      canvas={canvas}
                      folders={folderList}
                      folderName={folderId ? null : (findFolder(folderList, canvas.FolderId)?.name ?? null)}
                      onMove={(c, target) => void moveCanvas(c, target)}
                      onArchive={(c, archived) => void setArchived(c, archived)}
                      onDialog={(c, dialog) => setCanvasDialog({ canvas: c, dialog })}
                    />
                  </li>
                ))}
              </ul>
              <LoadMore
                hasMore={list.hasNextPage}
                loading={list.isFetchingNextPage}
                onLoad={() => void list.fetchNextPage()}
                loaded={canvases.length}
                total={total}
              />
            </>
          )}
        </div>
      </main>

      {dragging ? (
        <div className="pointer-events-none absolute inset-2 z-30 grid place-items-center rounded-2xl border-2 border-dashed border-brand-500 bg-brand-50/80 backdrop-blur-sm dark:bg-brand-900/40">
          <div className="text-center">
            <UploadCloud className="mx-auto size-10 text-brand-600" />
            <p className="mt-3 text-lg font-semibold">Drop to create canvases</p>
            <p className="text-sm text-ink-muted">
              Images and PDFs, videos or HTML e-mails{currentFolder ? ` into ${currentFolder.name}` : ''}
            </p>
          </div>
        </div>
      ) : null}

      <DashboardDialogs
        folderList={folderList}
        folderId={folderId}
        prefs={prefs}
        updatePrefs={updatePrefs}
        newCanvas={newCanvas}
        setNewCanvas={setNewCanvas}
        canvasDialog={canvasDialog}
        setCanvasDialog={setCanvasDialog}
        folderDialog={folderDialog}
        setFolderDialog={setFolderDialog}
      />
    </div>
  )
}

export { DashboardApp }
