import type { Folder } from '@pinpoint/api'
import {
  CANVAS_SORTS,
  CANVAS_STATUS_FILTERS,
  type CanvasSort,
  type CanvasStatusFilter,
  VERDICT_FILTERS,
  type VerdictFilter,
} from '@pinpoint/domain'
import { Button, Input, Menu, MenuLabel, MenuRadioGroup, MenuSeparator, Select } from '@pinpoint/ui'
import { ArrowDownUp, ListFilter, Search } from 'lucide-react'
import { flattenFolders } from '../lib/folders'
import { type DashboardPrefs, selectFolder } from '../lib/prefs'

const STATUS_LABELS: Record<CanvasStatusFilter, string> = {
  all: 'All canvases',
  'new-activity': 'New activity',
  archived: 'Archived',
  none: 'No comments yet',
}
const VERDICT_LABELS: Record<VerdictFilter, string> = {
  any: 'Any verdict',
  approved: 'Approved',
  'changes-requested': 'Changes requested',
  rejected: 'Rejected',
  unreviewed: 'Not reviewed yet',
}
const SORT_LABELS: Record<CanvasSort, string> = {
  recency: 'Most recent',
  name: 'Name',
  oldest: 'Oldest first',
}

export type DashboardToolbarProps = {
  prefs: DashboardPrefs
  updatePrefs: (update: (prefs: DashboardPrefs) => DashboardPrefs) => void
  folderList: Folder[]
  folderId: string | null
  archivedView: boolean
  archivedCount: number | undefined
  searchText: string
  onSearchTextChange: (text: string) => void
}

/** 'All canvases', or 'All canvases · Approved' when a verdict narrows the list. */
function filterName(prefs: DashboardPrefs): string {
  const status = STATUS_LABELS[prefs.statusFilter]
  return prefs.verdictFilter === 'any' ? status : `${status} · ${VERDICT_LABELS[prefs.verdictFilter]}`
}

/** Project picker (narrow screens), search, status and verdict filters and sort above the canvas grid. */
export function DashboardToolbar({
  prefs,
  updatePrefs,
  folderList,
  folderId,
  archivedView,
  archivedCount,
  searchText,
  onSearchTextChange,
}: DashboardToolbarProps) {
  return (
    <div className="mt-5 flex flex-wrap items-center gap-2" data-tour="canvas-filters">
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
          <option value="__archived">Archived ({archivedCount ?? 0})</option>
        </Select>
      </div>
      <div className="relative min-w-0 flex-1 basis-48 sm:max-w-xs">
        <Search className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-ink-subtle" />
        <Input
          type="search"
          value={searchText}
          onChange={(e) => onSearchTextChange(e.target.value)}
          placeholder="Search canvases"
          aria-label="Search canvases"
          className="pl-9"
        />
      </div>
      <div className="ml-auto flex items-center gap-2">
        <Menu
          trigger={
            <Button variant="secondary" aria-label={`Filter: ${filterName(prefs)}`}>
              <ListFilter />
              <span className="hidden sm:inline">{filterName(prefs)}</span>
            </Button>
          }
        >
          <MenuLabel>Show</MenuLabel>
          <MenuRadioGroup
            value={prefs.statusFilter}
            onValueChange={(statusFilter) => updatePrefs((p) => ({ ...p, statusFilter }))}
            options={CANVAS_STATUS_FILTERS.map((value) => ({ value, label: STATUS_LABELS[value] }))}
          />
          <MenuSeparator />
          <MenuLabel>Verdict on the latest revision</MenuLabel>
          <MenuRadioGroup
            value={prefs.verdictFilter}
            onValueChange={(verdictFilter) => updatePrefs((p) => ({ ...p, verdictFilter }))}
            options={VERDICT_FILTERS.map((value) => ({ value, label: VERDICT_LABELS[value] }))}
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
  )
}
