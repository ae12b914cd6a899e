import type { Canvas, Folder } from '@pinpoint/api'
import {
  CANVAS_SORTS,
  CANVAS_STATUS_FILTERS,
  type CanvasSort,
  type CanvasStatusFilter,
} from '@pinpoint/domain'
import { addToastAtom, authAtom } from '@pinpoint/state'
import {
  Button,
  buttonClasses,
  EmptyState,
  ErrorState,
  Input,
  Menu,
  MenuLabel,
  MenuRadioGroup,
  Select,
  Skeleton,
  Spinner,
} from '@pinpoint/ui'
import { useAtomValue, useSetAtom } from 'jotai'
import { ArrowDownUp, FolderPlus, LayoutGrid, ListFilter, Plus, Search, UploadCloud } from 'lucide-react'
import { Suspense, useEffect, useMemo, useRef, useState } from 'react'
import { CanvasCard, type CanvasDialog } from './components/canvas-card'
import { FolderSidebar } from './components/folder-sidebar'
import { UploadsTray } from './components/uploads-tray'
import {
  CanvasDialogs,
  DeleteFolderDialog,
  FolderNameDialog,
  NewCanvasDialog,
  preloadDialogs,
} from './dialogs/lazy'
import type { NewCanvasTab } from './dialogs/new-canvas-dialog'
import { useCanvasActions } from './lib/actions'
import { useCreateCanvas } from './lib/create'
import { findFolder, flattenFolders } from './lib/folders'
import { selectFolder } from './lib/prefs'
import { useArchivedCount, useCanvasList, useFolders } from './lib/queries'
import { useDashboardPrefs } from './lib/use-prefs'
import './styles.css'

const STATUS_LABELS: Record<CanvasStatusFilter, string> = {
  all: 'All canvases',
  'new-activity': 'New activity',
  archived: 'Archived',
  none: 'No comments yet',
}
const SORT_LABELS: Record<CanvasSort, string> = {
  recency: 'Most recent',
  name: 'Name',
  oldest: 'Oldest first',
}

function useDebounced<T>(value: T, ms: number): T {
  const [debounced, setDebounced] = useState(value)
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), ms)
    return () => clearTimeout(timer)
  }, [value, ms])
  return debounced
}

type FolderDialogState =
  | { kind: 'new'; parent: Folder | null }
  | { kind: 'rename'; folder: Folder }
  | { kind: 'delete'; folder: Folder }
  | null

/** The dashboard: projects sidebar, canvases with search, filters, sort, paging and every canvas action. */
export default function DashboardApp() {
  const { user, loaded } = useAtomValue(authAtom)
  const [prefs, updatePrefs] = useDashboardPrefs()
  const [searchText, setSearchText] = useState('')
  const search = useDebounced(searchText, 250)
  const folders = useFolders()
  const archivedCount = useArchivedCount()
  const folderList = folders.data ?? []
  // A remembered folder that no longer exists falls back to all canvases.
  const folderId =
    prefs.selectedFolderId && (folders.isPending || findFolder(folderList, prefs.selectedFolderId))
      ? prefs.selectedFolderId
      : null
  const list = useCanvasList({ folderId, status: prefs.statusFilter, search, sort: prefs.canvasSort })
  const canvases = useMemo(() => list.data?.pages.flatMap((page) => page.canvases) ?? [], [list.data])
  const total = list.data?.pages.at(-1)?.total ?? 0
  const { moveCanvas, setArchived } = useCanvasActions()
  const { createFromFiles } = useCreateCanvas()
  const toast = useSetAtom(addToastAtom)
  const [canvasDialog, setCanvasDialog] = useState<{ canvas: Canvas; dialog: CanvasDialog } | null>(null)
  const [folderDialog, setFolderDialog] = useState<FolderDialogState>(null)
  const [newCanvas, setNewCanvas] = useState<NewCanvasTab | null>(null)
  const [dragging, setDragging] = useState(false)
  const dragDepth = useRef(0)
  // Once the grid is on screen, the dialogs' code is fetched in idle time.
  const listShown = list.isSuccess
  useEffect(() => (listShown ? preloadDialogs() : undefined), [listShown])

  const currentFolder = findFolder(folderList, folderId)
  const archivedView = prefs.statusFilter === 'archived'
  const heading = archivedView ? 'Archived' : (currentFolder?.name ?? 'All canvases')

  const onDropFiles = (files: File[]) => {
    if (files.length === 0) return
    createFromFiles(files, folderId).catch((error: unknown) =>
      toast({ type: 'error', message: error instanceof Error ? error.message : 'Upload failed' }),
    )
  }

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
    <div
      className="relative flex min-h-0 flex-1"
      data-testid="dashboard-home"
      onDragEnter={(e) => {
        if (!e.dataTransfer.types.includes('Files')) return
        dragDepth.current += 1
        setDragging(true)
      }}
      onDragLeave={() => {
        dragDepth.current = Math.max(0, dragDepth.current - 1)
        if (dragDepth.current === 0) setDragging(false)
      }}
      onDragOver={(e) => {
        if (e.dataTransfer.types.includes('Files')) e.preventDefault()
      }}
      onDrop={(e) => {
        if (!e.dataTransfer.types.includes('Files')) return
        e.preventDefault()
        dragDepth.current = 0
        setDragging(false)
        onDropFiles([...e.dataTransfer.files])
      }}
    >
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
            <Button onClick={() => setNewCanvas('website')}>
              <Plus />
              New canvas
            </Button>
          </div>
        </div>

        <div className="mt-5 flex flex-wrap items-center gap-2">
          <div className="md:hidden">
            <Select
              aria-label="Project"
              value={archivedView ? '__archived' : (folderId ?? '')}
              onChange={(e) => {
                const value = e.target.value
                if (value === '__archived')
                  updatePrefs((p) => ({ ...selectFolder(p, null), statusFilter: 'archived' }))
                else
                  updatePrefs((p) => ({
                    ...selectFolder(p, value || null),
                    statusFilter: p.statusFilter === 'archived' ? 'all' : p.statusFilter,
                  }))
              }}
              className="h-9 max-w-44"
            >
              <option value="">All canvases</option>
              {flattenFolders(folderList).map(({ folder, depth }) => (
                <option key={folder.id} value={folder.id}>
                  {`${'\u00a0\u00a0'.repeat(depth)}${folder.name} (${folder.canvasesCount})`}
                </option>
              ))}
              <option value="__archived">Archived ({archivedCount.data ?? 0})</option>
            </Select>
          </div>
          <div className="relative min-w-0 flex-1 basis-48 sm:max-w-xs">
            <Search className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-ink-subtle" />
            <Input
              type="search"
              value={searchText}
              onChange={(e) => setSearchText(e.target.value)}
              placeholder="Search canvases"
              aria-label="Search canvases"
              className="pl-9"
            />
          </div>
          <div className="ml-auto flex items-center gap-2">
            <Menu
              trigger={
                <Button variant="secondary" aria-label={`Filter: ${STATUS_LABELS[prefs.statusFilter]}`}>
                  <ListFilter />
                  <span className="hidden sm:inline">{STATUS_LABELS[prefs.statusFilter]}</span>
                </Button>
              }
            >
              <MenuLabel>Show</MenuLabel>
              <MenuRadioGroup
                value={prefs.statusFilter}
                onValueChange={(statusFilter) => updatePrefs((p) => ({ ...p, statusFilter }))}
                options={CANVAS_STATUS_FILTERS.map((value) => ({ value, label: STATUS_LABELS[value] }))}
              />
            </Menu>
            <Menu
              trigger={
                <Button variant="secondary" aria-label={`Sort: ${SORT_LABELS[prefs.canvasSort]}`}>
                  <ArrowDownUp />
                  <span className="hidden sm:inline">{SORT_LABELS[prefs.canvasSort]}</span>
                </Button>
              }
            >
              <MenuLabel>Sort by</MenuLabel>
              <MenuRadioGroup
                value={prefs.canvasSort}
                onValueChange={(canvasSort) => updatePrefs((p) => ({ ...p, canvasSort }))}
                options={CANVAS_SORTS.map((value) => ({ value, label: SORT_LABELS[value] }))}
              />
            </Menu>
          </div>
        </div>

        <UploadsTray />
        <div className="mt-6">
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

      <Suspense fallback={null}>
        {newCanvas ? (
          <NewCanvasDialog
            folders={folderList}
            folderId={folderId}
            initialTab={newCanvas}
            onClose={() => setNewCanvas(null)}
          />
        ) : null}
        {canvasDialog ? (
          <CanvasDialogs
            canvas={canvasDialog.canvas}
            dialog={canvasDialog.dialog}
            folders={folderList}
            onClose={() => setCanvasDialog(null)}
          />
        ) : null}
        {folderDialog?.kind === 'new' ? (
          <FolderNameDialog
            parent={folderDialog.parent}
            onClose={() => setFolderDialog(null)}
            onCreated={(folder) =>
              updatePrefs((p) => ({ ...selectFolder(p, folder.id), statusFilter: 'all' }))
            }
          />
        ) : null}
        {folderDialog?.kind === 'rename' ? (
          <FolderNameDialog folder={folderDialog.folder} onClose={() => setFolderDialog(null)} />
        ) : null}
        {folderDialog?.kind === 'delete' ? (
          <DeleteFolderDialog
            folder={folderDialog.folder}
            onClose={() => setFolderDialog(null)}
            onDeleted={() => {
              if (prefs.selectedFolderId === folderDialog.folder.id) updatePrefs((p) => selectFolder(p, null))
            }}
          />
        ) : null}
      </Suspense>
    </div>
  )
}

function CanvasGridSkeleton() {
  return (
    <div
      className="grid grid-cols-[repeat(auto-fill,minmax(min(100%,15rem),1fr))] gap-4"
      role="status"
      aria-label="Loading canvases"
    >
      {[0, 1, 2, 3, 4, 5, 6, 7].map((i) => (
        <div key={i} className="overflow-hidden rounded-card border border-line bg-surface">
          <Skeleton className="aspect-[16/10] rounded-none" />
          <div className="space-y-2 p-3">
            <Skeleton className="h-3.5 w-3/4" />
            <Skeleton className="h-3 w-1/2" />
          </div>
        </div>
      ))}
    </div>
  )
}

function EmptyCanvases({
  searching,
  archived,
  inFolder,
  onCreate,
}: {
  searching: boolean
  archived: boolean
  inFolder: boolean
  onCreate: (tab: NewCanvasTab) => void
}) {
  if (searching) {
    return (
      <EmptyState
        icon={<Search />}
        title="No canvas matches your search"
        description="Try another word, or clear the search to see everything."
      />
    )
  }
  if (archived) {
    return (
      <EmptyState
        icon={<LayoutGrid />}
        title="Nothing archived"
        description="Archived canvases rest here, out of the way but never lost."
      />
    )
  }
  return (
    <div className="rounded-2xl border border-dashed border-line-strong bg-surface/60">
      <EmptyState
        icon={<UploadCloud />}
        title={inFolder ? 'This project is empty' : 'Create your first canvas'}
        description="Drop images, PDFs, a video or an HTML e-mail anywhere on this page, or start from a website address."
        action={
          <>
            <Button onClick={() => onCreate('website')}>
              <Plus />
              New canvas
            </Button>
            <Button variant="secondary" onClick={() => onCreate('files')}>
              Upload files
            </Button>
          </>
        }
      />
    </div>
  )
}

/** Loads the next page when its sentinel scrolls into view; the button is the keyboard path. */
function LoadMore({
  hasMore,
  loading,
  onLoad,
  loaded,
  total,
}: {
  hasMore: boolean
  loading: boolean
  onLoad: () => void
  loaded: number
  total: number
}) {
  const sentinel = useRef<HTMLDivElement>(null)
  useEffect(() => {
    const node = sentinel.current
    if (!node || !hasMore || typeof IntersectionObserver === 'undefined') return
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting) && !loading) onLoad()
      },
      { rootMargin: '400px' },
    )
    observer.observe(node)
    return () => observer.disconnect()
  }, [hasMore, loading, onLoad])
  if (!hasMore) return null
  return (
    <div ref={sentinel} className="mt-6 flex flex-col items-center gap-2">
      <Button variant="secondary" loading={loading} onClick={onLoad}>
        Load more
      </Button>
      <p className="text-xs text-ink-muted">
        Showing {loaded} of {total}
      </p>
    </div>
  )
}

export { DashboardApp }
