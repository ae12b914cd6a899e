/** Batch mode (SPEC 2): act on the checked comments at once — set a status, or delete them. */
import { ANNOTATION_STATUSES } from '@pinpoint/domain'
import { Button } from '@pinpoint/ui'
import { useAtom } from 'jotai'
import { Trash2 } from 'lucide-react'
import { useState } from 'react'
import { useReview } from '../model'
import { useReviewAtoms } from '../state'
import { statusName } from './labels'

export function BatchBar({ visibleIds }: { visibleIds: readonly string[] }) {
  const atoms = useReviewAtoms()
  const [selection, setSelection] = useAtom(atoms.batchSelection)
  const { annotations, actions, abilities } = useReview()
  const [confirming, setConfirming] = useState(false)
  const chosen = annotations.filter((annotation) => selection.has(annotation.id))
  const deletable = chosen.filter((annotation) => abilities.remove(annotation))
  const all = visibleIds.length > 0 && visibleIds.every((id) => selection.has(id))
  return (
    <div
      className="space-y-2 border-b border-line bg-surface-sunken px-3 py-2 text-sm"
      aria-label="Batch actions"
      role="toolbar"
    >
      <div className="flex items-center gap-2">
        <label className="flex items-center gap-2">
          <input
            type="checkbox"
            className="accent-brand-600"
            checked={all}
            onChange={() => setSelection(new Set(all ? [] : visibleIds))}
          />
          {selection.size ? `${selection.size} selected` : 'Select all'}
        </label>
        <select
          aria-label="Set status of the selected comments"
          className="ml-auto h-8 rounded-control border border-line-strong/80 bg-surface px-2 text-xs"
          value=""
          disabled={chosen.length === 0}
          onChange={(event) => {
            const status = event.target.value
            for (const annotation of chosen)
              if (abilities.changeStatus(annotation)) void actions.update(annotation.id, { status })
          }}
        >
          <option value="" disabled>
            Set status…
          </option>
          {ANNOTATION_STATUSES.map((status) => (
            <option key={status} value={status}>
              {statusName(status)}
            </option>
          ))}
        </select>
        <Button
          variant={confirming ? 'danger' : 'secondary'}
          size="sm"
          disabled={deletable.length === 0}
          onClick={() => {
            if (!confirming) {
              setConfirming(true)
              return
            }
            setConfirming(false)
            actions.remove(deletable.map((annotation) => annotation.id))
            setSelection(new Set())
          }}
          onBlur={() => setConfirming(false)}
        >
          <Trash2 />
          {confirming ? `Delete ${deletable.length}?` : 'Delete'}
        </Button>
      </div>
    </div>
  )
}
