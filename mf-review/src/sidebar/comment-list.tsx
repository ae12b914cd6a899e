/**
 * The comments list: pins that lost their element first ("needs a new spot", re-attachable), then the
 * list in the chosen order, grouped by status when asked. Empty states say what to do next.
 */
import { INACTIVE_REASON_TEXT, type InactiveReason } from '@pinpoint/anchoring'
import { EmptyState } from '@pinpoint/ui'
import { useAtomValue, useStore } from 'jotai'
import { MessageSquarePlus, SearchX } from 'lucide-react'
import { useCallback, useEffect, useRef, useState } from 'react'
import type { Annotation } from '../data/types'
import { groupByStatus } from '../lib/list'
import { useReview } from '../model'
import { useReviewAtoms } from '../state'
import { CommentCard } from './comment-card'
import { STATUS_NAMES } from './labels'

function reasonOf(
  annotation: Annotation,
  live: { status: string; reason?: InactiveReason } | undefined,
): InactiveReason | null {
  if (live) return live.status === 'inactive' ? (live.reason ?? 'element-removed') : null
  return (annotation.inactiveReason as InactiveReason | null) ?? null
}

/** Cards rendered at once; the rest follow in idle time, so a canvas with 500 comments paints at once. */
const FIRST_CARDS = 40
const MORE_CARDS = 80

function useProgressiveLimit(total: number): number {
  const [limit, setLimit] = useState(FIRST_CARDS)
  useEffect(() => {
    if (limit >= total) return
    const idle = window.requestIdleCallback ?? ((callback: () => void) => window.setTimeout(callback, 16))
    const cancel = window.cancelIdleCallback ?? window.clearTimeout
    const handle = idle(() => setLimit((current) => current + MORE_CARDS))
    return () => cancel(handle)
  }, [limit, total])
  return limit
}

export function CommentList({ listed }: { listed: readonly Annotation[] }) {
  const atoms = useReviewAtoms()
  const store = useStore()
  const { numbers, selected, select, annotations, abilities } = useReview()
  const batch = useAtomValue(atoms.batchMode)
  const grouped = useAtomValue(atoms.groupByStatus)
  const statuses = useAtomValue(atoms.pinStatuses)
  const selection = useAtomValue(atoms.batchSelection)
  const limit = useProgressiveLimit(listed.length)
  const selectRef = useRef(select)
  selectRef.current = select
  const onOpen = useCallback((id: string) => selectRef.current(id), [])
  const onCheck = useCallback(
    (id: string, checked: boolean) => {
      const next = new Set(store.get(atoms.batchSelection))
      if (checked) next.add(id)
      else next.delete(id)
      store.set(atoms.batchSelection, next)
    },
    [store, atoms.batchSelection],
  )

  if (annotations.length === 0) {
    return (
      <EmptyState
        className="mt-10"
        icon={<MessageSquarePlus />}
        title="No comments yet"
        description={
          abilities.comment
            ? 'Click anywhere on the canvas to leave the first one.'
            : 'Comments left on this canvas will show here.'
        }
      />
    )
  }
  if (listed.length === 0) {
    return (
      <EmptyState
        className="mt-10"
        icon={<SearchX />}
        title="No comments match"
        description="Change the search or the filters to see more."
      />
    )
  }
  const card = (annotation: Annotation, note?: string) => (
    <CommentCard
      key={annotation.id}
      annotation={annotation}
      number={numbers.get(annotation.id)}
      selected={selected?.id === annotation.id}
      batch={batch}
      checked={selection.has(annotation.id)}
      onOpen={onOpen}
      onCheck={onCheck}
      note={note}
    />
  )
  const shown = listed.slice(0, limit)
  const inactive = shown.filter((annotation) => reasonOf(annotation, statuses.get(annotation.id)))
  const active = shown.filter((annotation) => !inactive.includes(annotation))
  const groups = grouped ? groupByStatus(active, STATUS_NAMES) : [{ key: 'all', title: '', items: active }]
  return (
    <div className="space-y-4 p-3">
      {inactive.length ? (
        <section aria-label="Comments that need a new spot" data-testid="inactive-group">
          <h3 className="mb-1.5 text-xs font-semibold text-warning-700 uppercase">
            Needs a new spot ({inactive.length})
          </h3>
          <ul className="space-y-2">
            {inactive.map((annotation) => {
              const reason = reasonOf(annotation, statuses.get(annotation.id))
              return card(annotation, reason ? INACTIVE_REASON_TEXT[reason] : undefined)
            })}
          </ul>
        </section>
      ) : null}
      {groups.map((group) => (
        <section key={group.key} aria-label={group.title || 'Comments'}>
          {group.title ? (
            <h3 className="mb-1.5 text-xs font-semibold text-ink-muted uppercase">
              {group.title} ({group.items.length})
            </h3>
          ) : null}
          <ul className="space-y-2" data-testid="comment-list">
            {group.items.map((annotation) => card(annotation))}
          </ul>
        </section>
      ))}
    </div>
  )
}
