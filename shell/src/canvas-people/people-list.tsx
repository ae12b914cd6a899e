import type { CanvasPerson, CanvasUserRole } from '@pinpoint/api'
import { Avatar, Badge, Button, ErrorState, Field, Input, Select, Skeleton } from '@pinpoint/ui'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { UserPlus, X } from 'lucide-react'
import { type FormEvent, useState } from 'react'
import { errorMessage } from '../lib/errors'
import { useToast } from '../lib/use-toast'
import { people, peopleKey, refreshAfterChange } from './api'
import { fixedAccessLabel, INVITED_ROLES, parseInviteeEmail, roleOptions, sortPeople } from './roles'

/** Adds someone by e-mail with a role (an unknown address gets a guest account, as a share does). */
export function AddPersonForm({ canvasId }: { canvasId: string }) {
  const [text, setText] = useState('')
  const [role, setRole] = useState<CanvasUserRole>('commenter')
  const [error, setError] = useState<string | null>(null)
  const toast = useToast()
  const queryClient = useQueryClient()
  const add = useMutation({
    mutationFn: (email: string) => people.add(canvasId, { email, role }),
    onSuccess: async ({ user }) => {
      setText('')
      toast({ type: 'success', message: `${user.email ?? user.name} can now open this canvas` })
      await refreshAfterChange(queryClient, canvasId)
    },
    onError: (failure) => setError(errorMessage(failure)),
  })
  const onSubmit = (event: FormEvent) => {
    event.preventDefault()
    const parsed = parseInviteeEmail(text)
    if ('error' in parsed) return setError(parsed.error)
    setError(null)
    add.mutate(parsed.email)
  }
  return (
    <form onSubmit={onSubmit} className="flex flex-col gap-2 sm:flex-row sm:items-start" noValidate>
      <Field label="Add someone by e-mail" error={error ?? undefined} className="min-w-0 flex-1">
        <Input
          type="email"
          value={text}
          onChange={(e) => setText(e.target.value)}
          placeholder="client@company.com"
          autoComplete="off"
        />
      </Field>
      <Field label="Role" className="sm:w-36">
        <Select value={role} onChange={(e) => setRole(e.target.value as CanvasUserRole)}>
          {INVITED_ROLES.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </Select>
      </Field>
      <Button type="submit" loading={add.isPending} className="sm:mt-6">
        <UserPlus />
        Add
      </Button>
    </form>
  )
}

/** Everyone who can open the canvas; invited people's roles can be changed and their access removed. */
export function PeopleList({
  canvasId,
  selfId,
  editable,
}: {
  canvasId: string
  selfId: string | null
  /** The caller may change access (owner or team admin); otherwise roles are only shown. */
  editable: boolean
}) {
  const list = useQuery({
    queryKey: peopleKey(canvasId),
    queryFn: ({ signal }) => people.list(canvasId, { signal }),
    select: (data) => sortPeople(data.users),
  })
  if (list.isPending)
    return (
      <div className="space-y-3" role="status" aria-label="Loading people">
        <Skeleton className="h-8 w-full" />
        <Skeleton className="h-8 w-3/4" />
      </div>
    )
  if (list.isError)
    return (
      <ErrorState
        title="People could not be loaded"
        message={errorMessage(list.error)}
        onRetry={() => void list.refetch()}
      />
    )
  return (
    <ul className="divide-y divide-line rounded-control border border-line" data-testid="canvas-people">
      {list.data.map((person) => (
        <PersonRow
          key={person.id}
          canvasId={canvasId}
          person={person}
          self={person.id === selfId}
          editable={editable}
        />
      ))}
    </ul>
  )
}

function PersonRow({
  canvasId,
  person,
  self,
  editable,
}: {
  canvasId: string
  person: CanvasPerson
  self: boolean
  editable: boolean
}) {
  const toast = useToast()
  const queryClient = useQueryClient()
  const onError = (failure: unknown) => toast({ type: 'error', message: errorMessage(failure) })
  const setRole = useMutation({
    mutationFn: (role: CanvasUserRole) => people.setRole(canvasId, person.id, role),
    onSuccess: async ({ user }) => {
      const label = roleOptions(user.role).find((option) => option.value === user.role)?.label ?? user.role
      toast({ type: 'success', message: `${person.name} is now a ${label.toLowerCase()}` })
      await refreshAfterChange(queryClient, canvasId)
    },
    onError,
  })
  const remove = useMutation({
    mutationFn: () => people.remove(canvasId, person.id),
    onSuccess: async () => {
      toast({ type: 'success', message: `${person.name} can no longer open this canvas` })
      await refreshAfterChange(queryClient, canvasId)
    },
    onError,
  })
  const fixed =
    fixedAccessLabel(person.role) ??
    (editable
      ? null
      : (roleOptions(person.role).find((option) => option.value === person.role)?.label ?? null))
  return (
    <li className="flex flex-wrap items-center gap-x-3 gap-y-2 px-3 py-2.5" data-testid="canvas-person">
      <span aria-hidden="true" className="contents">
        <Avatar name={person.name} src={person.avatarUrl} size="sm" />
      </span>
      <div className="min-w-0 flex-1">
        <p className="truncate text-sm font-medium">
          {person.name}
          {self ? <span className="font-normal text-ink-muted"> (you)</span> : null}
        </p>
        {person.email ? <p className="truncate text-xs text-ink-muted">{person.email}</p> : null}
      </div>
      {fixed ? (
        <Badge tone={person.role === 'owner' ? 'brand' : 'neutral'}>{fixed}</Badge>
      ) : (
        <div className="flex items-center gap-1">
          <Select
            aria-label={`Role of ${person.name}`}
            value={person.role}
            disabled={setRole.isPending}
            onChange={(e) => setRole.mutate(e.target.value as CanvasUserRole)}
            className="h-8 w-32"
          >
            {roleOptions(person.role).map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </Select>
          <Button
            variant="ghost"
            size="icon-sm"
            aria-label={`Remove ${person.name}`}
            loading={remove.isPending}
            onClick={() => remove.mutate()}
          >
            <X />
          </Button>
        </div>
      )}
    </li>
  )
}
