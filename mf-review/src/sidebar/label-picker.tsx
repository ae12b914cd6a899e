/**
 * The labels of an open comment and the picker that puts team labels on it. Typing in the picker filters
 * the team's labels; a name the team does not have yet can be created there and then (same team only,
 * SPEC 6) and goes straight onto the comment, in the palette colour the team uses least.
 */
import { labelTextColor, nextLabelColor } from '@pinpoint/domain'
import { addToastAtom } from '@pinpoint/state'
import { Button, Input, LabelChip, Popover } from '@pinpoint/ui'
import { useQueryClient } from '@tanstack/react-query'
import { useSetAtom } from 'jotai'
import { Plus, Tag } from 'lucide-react'
import { type FormEvent, useId, useState } from 'react'
import { reviewKeys } from '../data/cache'
import { useReviewApi, useTeamLabels } from '../data/queries'
import type { Annotation, Label } from '../data/types'
import { useReview } from '../model'
import { searchLabels } from './label-search'

export function ThreadLabels({ annotation }: { annotation: Annotation }) {
  const { abilities, canvas } = useReview()
  const teamId = canvas.User?.TeamId ?? null
  const labels = useTeamLabels(teamId, abilities.labels)
  const canPick = abilities.label(annotation) && abilities.labels
  const offerPicker = canPick && ((labels.data?.length ?? 0) > 0 || abilities.createLabels)
  if (!annotation.Labels.length && !offerPicker) return null
  return (
    <>
      <dt className="text-ink-muted">Labels</dt>
      <dd className="flex flex-wrap items-center gap-1" data-testid="thread-labels">
        {annotation.Labels.map((label) => (
          <LabelChip
            key={label.id}
            name={label.name}
            color={label.color}
            textColor={labelTextColor(label.color)}
          />
        ))}
        {offerPicker && teamId ? (
          <Popover
            label="Labels"
            align="start"
            className="w-64"
            trigger={
              <Button variant="ghost" size="icon-sm" aria-label="Edit labels">
                <Tag />
              </Button>
            }
          >
            <LabelPickerPanel annotation={annotation} teamId={teamId} labels={labels.data ?? []} />
          </Popover>
        ) : null}
      </dd>
    </>
  )
}

function LabelPickerPanel({
  annotation,
  teamId,
  labels,
}: {
  annotation: Annotation
  teamId: string
  labels: Label[]
}) {
  const { abilities, actions } = useReview()
  const api = useReviewApi()
  const client = useQueryClient()
  const toast = useSetAtom(addToastAtom)
  const [query, setQuery] = useState('')
  const [creating, setCreating] = useState(false)
  const searchId = useId()
  const { matches, canCreate, name } = searchLabels(labels, query)
  const offerCreate = abilities.createLabels && canCreate

  const create = async (event?: FormEvent) => {
    event?.preventDefault()
    if (!offerCreate || creating) return
    setCreating(true)
    try {
      const { label } = await api.createLabel({ name, color: nextLabelColor(labels), TeamId: teamId })
      client.setQueryData<Label[]>(reviewKeys.labels(teamId), (old) =>
        [...(old ?? []), label].sort((a, b) => a.name.localeCompare(b.name)),
      )
      setQuery('')
      await actions.toggleLabel(annotation, label)
    } catch (error) {
      toast({ type: 'error', message: error instanceof Error ? error.message : 'The label was not created.' })
    } finally {
      setCreating(false)
    }
  }

  return (
    <form className="space-y-1 p-2 text-sm" onSubmit={(event) => void create(event)}>
      <label htmlFor={searchId} className="sr-only">
        {abilities.createLabels ? 'Find or create a label' : 'Find a label'}
      </label>
      <Input
        id={searchId}
        value={query}
        placeholder={abilities.createLabels ? 'Find or create…' : 'Find a label…'}
        autoComplete="off"
        onChange={(event) => setQuery(event.target.value)}
        className="h-8"
      />
      <div className="max-h-56 space-y-0.5 overflow-y-auto pt-1">
        {matches.map((label) => (
          <LabelOption
            key={label.id}
            label={label}
            checked={annotation.Labels.some((l) => l.id === label.id)}
            onToggle={() => actions.toggleLabel(annotation, label)}
          />
        ))}
        {matches.length === 0 && !offerCreate ? (
          <p className="px-1 py-1 text-ink-muted">No label matches.</p>
        ) : null}
      </div>
      {offerCreate ? (
        <Button type="submit" variant="ghost" size="sm" className="w-full justify-start" loading={creating}>
          <Plus />
          Create “{name}”
        </Button>
      ) : null}
    </form>
  )
}

/**
 * One label's box. The cached comment takes the change at once, but React Query tells its observers a
 * task later; a controlled box would snap back unticked for that moment (read as "the click did nothing"
 * by a fast second click or an assistive tool). So the box shows the clicked state in the click's own
 * render, until the comment's labels change or the request settles (a refusal shows the comment again).
 */
function LabelOption({
  label,
  checked,
  onToggle,
}: {
  label: Label
  checked: boolean
  onToggle: () => Promise<unknown>
}) {
  const [clicked, setClicked] = useState<boolean | null>(null)
  const [seen, setSeen] = useState(checked)
  if (seen !== checked) {
    setSeen(checked)
    setClicked(null)
  }
  const shown = clicked ?? checked
  return (
    <label className="flex items-center gap-2 rounded px-1 py-1 hover:bg-hover">
      <input
        type="checkbox"
        className="accent-brand-600"
        checked={shown}
        onChange={() => {
          setClicked(!shown)
          void onToggle().finally(() => setClicked(null))
        }}
      />
      <LabelChip name={label.name} color={label.color} textColor={labelTextColor(label.color)} />
    </label>
  )
}
