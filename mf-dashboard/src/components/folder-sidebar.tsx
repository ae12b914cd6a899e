import type { Folder } from '@pinpoint/api'
import { FOLDER_SORTS, type FolderSort } from '@pinpoint/domain'
import {
  Button,
  cn,
  Input,
  Menu,
  MenuItem,
  MenuLabel,
  MenuRadioGroup,
  MenuSeparator,
  Skeleton,
  Tooltip,
} from '@pinpoint/ui'
import {
  Archive,
  ArrowDownUp,
  ChevronRight,
  Folder as FolderIcon,
  FolderOpen,
  FolderPlus,
  LayoutGrid,
  MoreHorizontal,
  Pencil,
  Search,
  Share2,
  Trash2,
} from 'lucide-react'
import { type KeyboardEvent, type PointerEvent, useMemo, useRef, useState } from 'react'
import { ancestorIds, searchFolders, sortFolders } from '../lib/folders'
import { clampSidebarWidth, DEFAULT_PREFS } from '../lib/prefs'

const FOLDER_SORT_LABELS: Record<FolderSort, string> = {
  name: 'Name',
  recency: 'Recently updated',
  oldest: 'Oldest first',
}

export type FolderSidebarProps = {
  folders: Folder[] | undefined
  loading: boolean
  selectedId: string | null
  archivedView: boolean
  archivedCount: number | undefined
  visitedIds: readonly string[]
  width: number
  sort: FolderSort
  onSortChange: (sort: FolderSort) => void
  onWidthChange: (width: number) => void
  onSelect: (folderId: string | null) => void
  onShowArchived: () => void
  onNewFolder: (parentId: string | null) => void
  onRenameFolder: (folder: Folder) => void
  onShareFolder: (folder: Folder) => void
  onDeleteFolder: (folder: Folder) => void
  onDropCanvas: (canvasId: string, folderId: string | null) => void
}

export const CANVAS_DRAG_TYPE = 'application/x-pinpoint-canvas'

/** The folder (project) sidebar: search, sort, nested tree with counts, resizable (default 233 px). */
export function FolderSidebar(props: FolderSidebarProps) {
  const { folders, loading, selectedId, width, sort, onSortChange, onWidthChange, onSelect, onNewFolder } =
    props
  const [query, setQuery] = useState('')
  const visible = useMemo(
    () => searchFolders(sortFolders(folders ?? [], sort), query),
    [folders, sort, query],
  )
  const [expanded, setExpanded] = useState<Set<string>>(() => new Set())
  // The path to the selected folder is always open.
  const open = useMemo(() => {
    const ids = new Set(expanded)
    if (selectedId && folders) for (const id of ancestorIds(folders, selectedId)) ids.add(id)
    if (query.trim()) for (const folder of visible) ids.add(folder.id)
    return ids
  }, [expanded, selectedId, folders, query, visible])
  const toggle = (id: string) =>
    setExpanded((current) => {
      const next = new Set(current)
      if (next.has(id)) next.delete(id)
      else next.add(id)
      return next
    })

  return (
    <aside
      aria-label="Projects"
      className="relative hidden shrink-0 flex-col border-r border-line bg-surface md:flex"
      style={{ width }}
      data-testid="folder-sidebar"
      data-tour="projects"
    >
      <div className="flex flex-col gap-1 p-3">
        <SidebarItem
          icon={<LayoutGrid />}
          label="All canvases"
          selected={selectedId === null && !props.archivedView}
          onClick={() => onSelect(null)}
          onDropCanvas={(canvasId) => props.onDropCanvas(canvasId, null)}
        />
        <SidebarItem
          icon={<Archive />}
          label="Archived"
          count={props.archivedCount}
          selected={props.archivedView}
          onClick={props.onShowArchived}
        />
      </div>
      <div className="flex items-center justify-between px-4 pt-2 pb-1">
        <h2 className="text-2xs font-semibold uppercase tracking-wider text-ink-muted">Projects</h2>
        <div className="flex items-center">
          <Menu
            trigger={
              <Button
                variant="ghost"
                size="icon-sm"
                aria-label={`Sort projects: ${FOLDER_SORT_LABELS[sort]}`}
              >
                <ArrowDownUp />
              </Button>
            }
          >
            <MenuLabel>Sort projects</MenuLabel>
            <MenuRadioGroup
              value={sort}
              onValueChange={onSortChange}
              options={FOLDER_SORTS.map((value) => ({ value, label: FOLDER_SORT_LABELS[value] }))}
            />
          </Menu>
          <Tooltip content="New project">
            <Button variant="ghost" size="icon-sm" aria-label="New project" onClick={() => onNewFolder(null)}>
              <FolderPlus />
            </Button>
          </Tooltip>
        </div>
      </div>
      <div className="px-3 pb-2">
        <div className="relative">
          <Search className="pointer-events-none absolute top-1/2 left-2.5 size-3.5 -translate-y-1/2 text-ink-subtle" />
          <Input
            type="search"
            value={query}
            onChange={(e) => setQuery(e.target.value)}
            placeholder="Search projects"
            aria-label="Search projects"
            className="h-8 pl-8 text-sm"
          />
        </div>
      </div>
      <nav aria-label="Project folders" className="min-h-0 flex-1 overflow-y-auto px-3 pb-4">
        {loading ? (
          <div className="space-y-2 px-1 pt-1">
            {[70, 55, 80, 45].map((w) => (
              <Skeleton key={w} className="h-6" style={{ width: `${w}%` }} />
            ))}
          </div>
        ) : visible.length === 0 ? (
          <p className="px-2 py-3 text-sm text-ink-muted">
            {query.trim()
              ? 'No project matches your search.'
              : 'No projects yet. Group canvases by client or campaign.'}
          </p>
        ) : (
          <ul className="flex flex-col gap-px">
            {visible.map((folder) => (
              <FolderNode
                key={folder.id}
                folder={folder}
                depth={0}
                open={open}
                onToggle={toggle}
                {...props}
              />
            ))}
          </ul>
        )}
      </nav>
      <ResizeHandle width={width} onWidthChange={onWidthChange} />
    </aside>
  )
}

function SidebarItem({
  icon,
  label,
  count,
  selected,
  onClick,
  onDropCanvas,
}: {
  icon: React.ReactNode
  label: string
  count?: number
  selected: boolean
  onClick: () => void
  onDropCanvas?: (canvasId: string) => void
}) {
  const [over, setOver] = useState(false)
  return (
    <button
      type="button"
      onClick={onClick}
      aria-current={selected ? 'page' : undefined}
      onDragOver={(e) => {
        if (!onDropCanvas || !e.dataTransfer.types.includes(CANVAS_DRAG_TYPE)) return
        e.preventDefault()
        setOver(true)
      }}
      onDragLeave={() => setOver(false)}
      onDrop={(e) => {
        setOver(false)
        const id = e.dataTransfer.getData(CANVAS_DRAG_TYPE)
        if (id && onDropCanvas) onDropCanvas(id)
      }}
      className={cn(
        'flex h-8 items-center gap-2.5 rounded-md px-2 text-sm font-medium [&_svg]:size-4',
        selected
          ? 'bg-selected text-ink [&_svg]:text-brand-600'
          : 'text-ink-muted hover:bg-hover hover:text-ink',
        over && 'ring-2 ring-brand-500',
      )}
    >
      {icon}
      <span className="flex-1 truncate text-left">{label}</span>
      {count !== undefined ? <span className="text-xs tabular-nums text-ink-subtle">{count}</span> : null}
    </button>
  )
}

function FolderNode({
  folder,
  depth,
  open,
  onToggle,
  ...props
}: FolderSidebarProps & {
  folder: Folder
  depth: number
  open: Set<string>
  onToggle: (id: string) => void
}) {
  const children = folder.children ?? []
  const isOpen = open.has(folder.id)
  const selected = props.selectedId === folder.id && !props.archivedView
  const visited = props.visitedIds.includes(folder.id)
  const [over, setOver] = useState(false)
  return (
    <li>
      {/* biome-ignore lint/a11y/noStaticElementInteractions: a drop target for dragged canvas cards; the card menu's "Move to project" is the keyboard path. */}
      <div
        className={cn(
          'group flex h-8 items-center rounded-md pr-1 text-sm',
          selected ? 'bg-selected text-ink' : 'text-ink-muted hover:bg-hover hover:text-ink',
          over && 'ring-2 ring-brand-500',
        )}
        style={{ paddingLeft: 4 + depth * 14 }}
        onDragOver={(e) => {
          if (!e.dataTransfer.types.includes(CANVAS_DRAG_TYPE)) return
          e.preventDefault()
          setOver(true)
        }}
        onDragLeave={() => setOver(false)}
        onDrop={(e) => {
          setOver(false)
          const id = e.dataTransfer.getData(CANVAS_DRAG_TYPE)
          if (id) props.onDropCanvas(id, folder.id)
        }}
      >
        <button
          type="button"
          tabIndex={children.length > 0 ? 0 : -1}
          aria-label={children.length > 0 ? `${isOpen ? 'Collapse' : 'Expand'} ${folder.name}` : undefined}
          aria-expanded={children.length > 0 ? isOpen : undefined}
          aria-hidden={children.length === 0}
          onClick={() => onToggle(folder.id)}
          className={cn(
            'grid size-5 place-items-center rounded text-ink-subtle hover:text-ink',
            children.length === 0 && 'invisible',
          )}
        >
          <ChevronRight className={cn('size-3.5 transition-transform', isOpen && 'rotate-90')} />
        </button>
        <button
          type="button"
          onClick={() => props.onSelect(folder.id)}
          aria-current={selected ? 'page' : undefined}
          className="flex h-full min-w-0 flex-1 items-center gap-2 pl-0.5 text-left font-medium"
        >
          {selected ? (
            <FolderOpen className="size-4 shrink-0 text-brand-600" />
          ) : (
            <FolderIcon className={cn('size-4 shrink-0', visited ? 'text-ink-muted' : 'text-ink-subtle')} />
          )}
          <span className="truncate">{folder.name}</span>
        </button>
        <span
          className="ml-1 text-xs tabular-nums text-ink-subtle group-hover:hidden group-focus-within:hidden"
          data-testid={`folder-count-${folder.id}`}
        >
          {folder.canvasesCount}
        </span>
        <Menu
          trigger={
            <Button
              variant="ghost"
              size="icon-sm"
              aria-label={`Actions for ${folder.name}`}
              className="hidden size-6 group-hover:inline-flex group-focus-within:inline-flex data-[state=open]:inline-flex"
            >
              <MoreHorizontal />
            </Button>
          }
        >
          <MenuItem icon={<FolderPlus />} onSelect={() => props.onNewFolder(folder.id)}>
            New subproject
          </MenuItem>
          <MenuItem icon={<Pencil />} onSelect={() => props.onRenameFolder(folder)}>
            Rename
          </MenuItem>
          <MenuItem icon={<Share2 />} onSelect={() => props.onShareFolder(folder)}>
            Share
          </MenuItem>
          <MenuSeparator />
          <MenuItem icon={<Trash2 />} tone="danger" onSelect={() => props.onDeleteFolder(folder)}>
            Delete project
          </MenuItem>
        </Menu>
      </div>
      {children.length > 0 && isOpen ? (
        <ul className="flex flex-col gap-px">
          {children.map((child) => (
            <FolderNode
              key={child.id}
              folder={child}
              depth={depth + 1}
              open={open}
              onToggle={onToggle}
              {...props}
            />
          ))}
        </ul>
      ) : null}
    </li>
  )
}

/** The drag handle on the sidebar's edge; arrow keys resize too, double click resets to 233. */
function ResizeHandle({ width, onWidthChange }: { width: number; onWidthChange: (width: number) => void }) {
  const start = useRef<{ x: number; width: number } | null>(null)
  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    start.current = { x: event.clientX, width }
    event.currentTarget.setPointerCapture(event.pointerId)
  }
  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    if (!start.current) return
    onWidthChange(clampSidebarWidth(start.current.width + event.clientX - start.current.x))
  }
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'ArrowLeft') onWidthChange(clampSidebarWidth(width - 16))
    else if (event.key === 'ArrowRight') onWidthChange(clampSidebarWidth(width + 16))
    else return
    event.preventDefault()
  }
  return (
    // biome-ignore lint/a11y/useSemanticElements: a focusable separator is the ARIA pattern for a resizable pane (there is no element for it).
    <div
      role="separator"
      aria-orientation="vertical"
      aria-label="Resize projects sidebar"
      aria-valuenow={width}
      aria-valuemin={180}
      aria-valuemax={420}
      tabIndex={0}
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={() => {
        start.current = null
      }}
      onDoubleClick={() => onWidthChange(DEFAULT_PREFS.sidebarWidth)}
      onKeyDown={onKeyDown}
      className="absolute top-0 -right-1 bottom-0 z-10 w-2 cursor-col-resize touch-none after:absolute after:inset-y-0 after:left-1/2 after:w-px after:bg-transparent hover:after:bg-brand-400 focus-visible:after:bg-brand-500 focus-visible:outline-none"
    />
  )
}
