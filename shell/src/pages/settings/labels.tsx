/**
 * Settings › Labels: the team's labels (SPEC 6: seen on a team plan other than team49, created and
 * edited by the same team). Create one, rename or recolour it, delete it (it leaves every comment).
 */
import type { Label } from '@pinpoint/api'
import {
  canEditLabels,
  canViewBilling,
  canViewLabels,
  DEFAULT_LABEL_COLOR,
  labelTextColor,
} from '@pinpoint/domain'
import { currentUserAtom, toDomainUser } from '@pinpoint/state'
import {
  Button,
  buttonClasses,
  Card,
  EmptyState,
  ErrorState,
  FormDialog,
  LabelChip,
  Skeleton,
} from '@pinpoint/ui'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useAtomValue } from 'jotai'
import { Pencil, Plus, Tag, Trash2 } from 'lucide-react'
import { type FormEvent, useState } from 'react'
import { Link } from 'react-router'
import { endpoints } from '../../api'
import { errorMessage } from '../../lib/errors'
import { useToast } from '../../lib/use-toast'
import { type LabelDraft, LabelFields } from './label-form'

const labelsKey = (teamId: string) => ['team', teamId, 'labels'] as const

export function LabelSettingsPage() {
  const user = useAtomValue(currentUserAtom)
  if (!user) return null
  const domainUser = toDomainUser(user)
  const teamId = user.TeamId
  if (!teamId || !canViewLabels(domainUser)) {
    return (
      <Card>
        <EmptyState
          icon={<Tag />}
          title="Labels come with a team plan"
          description="Teams on an enterprise plan sort comments with shared labels. Your plan does not include them."
          action={
            canViewBilling(domainUser) ? (
              <Link to="/billing" className={buttonClasses({ variant: 'secondary' })}>
                See plans
              </Link>
            ) : undefined
          }
        />
      </Card>
    )
  }
  const editable = canEditLabels(domainUser, teamId)
  return (
    <>
      <div>
        <h2 className="text-xl font-semibold tracking-tight">Labels</h2>
        <p className="text-sm text-ink-muted">
          Everyone in your team can put these labels on comments and filter by them.
        </p>
      </div>
      {editable ? <NewLabelCard teamId={teamId} /> : null}
      <LabelListCard teamId={teamId} editable={editable} />
    </>
  )
}

function NewLabelCard({ teamId }: { teamId: string }) {
  const [draft, setDraft] = useState<LabelDraft>({ name: '', color: DEFAULT_LABEL_COLOR })
  const [error, setError] = useState<string | null>(null)
  const toast = useToast()
  const queryClient = useQueryClient()
  const create = useMutation({
    mutationFn: (body: LabelDraft) => endpoints.labels.create(body),
    onSuccess: async ({ label }) => {
      setDraft({ name: '', color: draft.color })
      toast({ type: 'success', message: `Label “${label.name}” created` })
      await queryClient.invalidateQueries({ queryKey: labelsKey(teamId) })
    },
    onError: (err) => setError(errorMessage(err)),
  })
  const onSubmit = (event: FormEvent) => {
    event.preventDefault()
    if (!draft.name.trim()) return setError('Give the label a name.')
    setError(null)
    create.mutate({ name: draft.name.trim(), color: draft.color })
  }
  return (
    <form onSubmit={onSubmit} aria-label="New label">
      <Card
        title="New label"
        footer={
          <Button type="submit" loading={create.isPending}>
            <Plus />
            Create label
          </Button>
        }
      >
        <LabelFields draft={draft} onChange={setDraft} error={error} />
      </Card>
    </form>
  )
}

function LabelListCard({ teamId, editable }: { teamId: string; editable: boolean }) {
  const [editing, setEditing] = useState<Label | null>(null)
  const [deleting, setDeleting] = useState<Label | null>(null)
  const labels = useQuery({
    queryKey: labelsKey(teamId),
    queryFn: ({ signal }) => endpoints.labels.list(teamId, { signal }),
    select: (data) => data.labels,
  })
  return (
    <Card
      title="Team labels"
      description={
        labels.data ? `${labels.data.length} ${labels.data.length === 1 ? 'label' : 'labels'}` : undefined
      }
      bodyClassName="p-0 pt-3"
    >
      {labels.isPending ? (
        <div className="space-y-3 px-5 pb-5">
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} className="h-5 w-32 rounded-full" />
          ))}
        </div>
      ) : labels.isError ? (
        <div className="px-5 pb-5">
          <ErrorState
            title="Labels could not be loaded"
            message={errorMessage(labels.error)}
            onRetry={() => void labels.refetch()}
          />
        </div>
      ) : labels.data.length === 0 ? (
        <p className="px-5 pb-5 text-sm text-ink-muted">No labels yet. Create the first one above.</p>
      ) : (
        <ul className="divide-y divide-line" data-testid="team-labels">
          {labels.data.map((label) => (
            <li key={label.id} className="flex items-center gap-2 px-5 py-2.5">
              <LabelChip
                size="md"
                name={label.name}
                color={label.color}
                textColor={labelTextColor(label.color)}
              />
              {editable ? (
                <span className="ml-auto flex shrink-0 gap-1">
                  <Button
                    variant="ghost"
                    size="icon-sm"
                    aria-label={`Edit ${label.name}`}
                    onClick={() => setEditing(label)}
                  >
                    <Pencil />
                  </Button>
                  <Button
                    variant="ghost"
                    size="icon-sm"
                    aria-label={`Delete ${label.name}`}
                    onClick={() => setDeleting(label)}
                  >
                    <Trash2 />
                  </Button>
                </span>
              ) : null}
            </li>
          ))}
        </ul>
      )}
      {editing ? <EditLabelDialog teamId={teamId} label={editing} onClose={() => setEditing(null)} /> : null}
      {deleting ? (
        <DeleteLabelDialog teamId={teamId} label={deleting} onClose={() => setDeleting(null)} />
      ) : null}
    </Card>
  )
}

function EditLabelDialog({ teamId, label, onClose }: { teamId: string; label: Label; onClose: () => void }) {
  const [draft, setDraft] = useState<LabelDraft>({ name: label.name, color: label.color })
  const [error, setError] = useState<string | null>(null)
  const toast = useToast()
  const queryClient = useQueryClient()
  const save = useMutation({
    mutationFn: (body: LabelDraft) => endpoints.labels.update(label.id, body),
    onSuccess: async ({ label: saved }) => {
      toast({ type: 'success', message: `Label “${saved.name}” saved` })
      await queryClient.invalidateQueries({ queryKey: labelsKey(teamId) })
      onClose()
    },
    onError: (err) => setError(errorMessage(err)),
  })
  const onSubmit = (event: FormEvent) => {
    event.preventDefault()
    if (!draft.name.trim()) return setError('Give the label a name.')
    save.mutate({ name: draft.name.trim(), color: draft.color })
  }
  return (
    <FormDialog
      onClose={onClose}
      title={`Edit “${label.name}”`}
      description="Comments that carry it change with it."
      confirmLabel="Save"
      form="edit-label-form"
      pending={save.isPending}
    >
      <form id="edit-label-form" onSubmit={onSubmit}>
        <LabelFields draft={draft} onChange={setDraft} error={error} />
      </form>
    </FormDialog>
  )
}

function DeleteLabelDialog({
  teamId,
  label,
  onClose,
}: {
  teamId: string
  label: Label
  onClose: () => void
}) {
  const toast = useToast()
  const queryClient = useQueryClient()
  const remove = useMutation({
    mutationFn: () => endpoints.labels.remove(label.id),
    onSuccess: async () => {
      toast({ type: 'success', message: `Label “${label.name}” deleted` })
      await queryClient.invalidateQueries({ queryKey: labelsKey(teamId) })
      onClose()
    },
    onError: (err) => toast({ type: 'error', message: errorMessage(err) }),
  })
  return (
    <FormDialog
      onClose={onClose}
      title={`Delete “${label.name}”?`}
      description="It is taken off every comment that carries it. This cannot be undone."
      confirmLabel="Delete label"
      variant="danger"
      pending={remove.isPending}
      onConfirm={() => remove.mutate()}
    />
  )
}
