/**
 * Filters and sort of the comments list (SPEC 2): statuses, labels, current page only; sort by page
 * (default), recency or oldest, optionally grouped by status.
 */
import { ANNOTATION_STATUSES, labelTextColor } from '@pinpoint/domain'
import { Button, cn, LabelChip, Popover, Switch } from '@pinpoint/ui'
import { useAtom } from 'jotai'
import { SlidersHorizontal } from 'lucide-react'
import { useTeamLabels } from '../data/queries'
import type { ExportedFilter, SortMode } from '../lib/list'
import { useReview } from '../model'
import { useReviewAtoms } from '../state'
import { STATUS_DOTS, statusName } from './labels'

const SORTS: Array<{ value: SortMode; label: string }> = [
  { value: 'page', label: 'By page' },
  { value: 'recency', label: 'Newest first' },
  { value: 'oldest', label: 'Oldest first' },
]

const EXPORTED: Array<{ value: ExportedFilter; label: string }> = [
  { value: 'all', label: 'All comments' },
  { value: 'exported', label: 'Exported' },
  { value: 'not-exported', label: 'Not exported' },
]

export function FiltersButton() {
  const atoms = useReviewAtoms()
  const { canvas, abilities } = useReview()
  const [statuses, setStatuses] = useAtom(atoms.statuses)
  const [labelIds, setLabelIds] = useAtom(atoms.labelIds)
  const [currentPageOnly, setCurrentPageOnly] = useAtom(atoms.currentPageOnly)
  const [exported, setExported] = useAtom(atoms.exported)
  const [sort, setSort] = useAtom(atoms.sort)
  const [grouped, setGrouped] = useAtom(atoms.groupByStatus)
  const labels = useTeamLabels(canvas.User?.TeamId, abilities.labels)
  const active =
    (statuses.length !== 3 ? 1 : 0) +
    (labelIds.length ? 1 : 0) +
    (currentPageOnly ? 1 : 0) +
    (exported !== 'all' ? 1 : 0)
  const toggle = (list: readonly string[], value: string) =>
    list.includes(value) ? list.filter((v) => v !== value) : [...list, value]
  return (
    <Popover
      label="Filter and sort"
      align="end"
      trigger={
        <Button
          variant="secondary"
          size="sm"
          aria-label={active ? `Filter and sort, ${active} filters on` : 'Filter and sort'}
        >
          <SlidersHorizontal />
          {active ? (
            <span className="rounded-full bg-brand-600 px-1.5 text-2xs text-white">{active}</span>
          ) : null}
        </Button>
      }
    >
      <div className="w-64 space-y-4 p-1 text-sm">
        <fieldset>
          <legend className="mb-1.5 text-xs font-semibold text-ink-muted uppercase">Status</legend>
          <div className="grid grid-cols-2 gap-1">
            {ANNOTATION_STATUSES.map((status) => (
              <label key={status} className="flex items-center gap-2 rounded px-1 py-0.5 hover:bg-hover">
                <input
                  type="checkbox"
                  className="accent-brand-600"
                  checked={statuses.includes(status)}
                  onChange={() => setStatuses(toggle(statuses, status))}
                />
                <span className={cn('size-2 rounded-full', STATUS_DOTS[status])} />
                {statusName(status)}
              </label>
            ))}
          </div>
        </fieldset>
        {labels.data?.length ? (
          <fieldset>
            <legend className="mb-1.5 text-xs font-semibold text-ink-muted uppercase">Labels</legend>
            {labels.data.map((label) => (
              <label key={label.id} className="flex items-center gap-2 rounded px-1 py-0.5 hover:bg-hover">
                <input
                  type="checkbox"
                  className="accent-brand-600"
                  checked={labelIds.includes(label.id)}
                  onChange={() => setLabelIds(toggle(labelIds, label.id))}
                />
                <LabelChip name={label.name} color={label.color} textColor={labelTextColor(label.color)} />
              </label>
            ))}
          </fieldset>
        ) : null}
        <Switch checked={currentPageOnly} onCheckedChange={setCurrentPageOnly} label="Current page only" />
        <fieldset>
          <legend className="mb-1.5 text-xs font-semibold text-ink-muted uppercase">Export</legend>
          <div className="flex flex-col gap-0.5">
            {EXPORTED.map((option) => (
              <label
                key={option.value}
                className="flex items-center gap-2 rounded px-1 py-0.5 hover:bg-hover"
              >
                <input
                  type="radio"
                  name="exported-filter"
                  className="accent-brand-600"
                  checked={exported === option.value}
                  onChange={() => setExported(option.value)}
                />
                {option.label}
              </label>
            ))}
          </div>
        </fieldset>
        <fieldset>
          <legend className="mb-1.5 text-xs font-semibold text-ink-muted uppercase">Sort</legend>
          <div className="flex gap-1">
            {SORTS.map((option) => (
              <button
                type="button"
                aria-pressed={sort === option.value}
                key={option.value}
                onClick={() => setSort(option.value)}
                className={cn(
                  'flex-1 rounded-md border px-2 py-1 text-xs',
                  sort === option.value
                    ? 'border-brand-500 bg-brand-50 text-brand-700'
                    : 'border-line hover:bg-hover',
                )}
              >
                {option.label}
              </button>
            ))}
          </div>
        </fieldset>
        <Switch checked={grouped} onCheckedChange={setGrouped} label="Group by status" />
      </div>
    </Popover>
  )
}
