import type { Canvas } from '@pinpoint/api'
import { Button, Field, Select } from '@pinpoint/ui'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { ArrowRightLeft } from 'lucide-react'
import { useState } from 'react'
import { endpoints } from '../api'
import { errorMessage } from '../lib/errors'
import { useToast } from '../lib/use-toast'
import { people, refreshAfterChange } from './api'

/**
 * Ownership transfer (SPEC 4 lifecycle): to a member of the owner's team only, as the server checks. A
 * second click confirms, since an owner who is not a team admin gives up the right to change the canvas.
 */
export function TransferOwnership({ canvas, onTransferred }: { canvas: Canvas; onTransferred: () => void }) {
  const teamId = canvas.User?.TeamId ?? null
  const [target, setTarget] = useState('')
  const [confirming, setConfirming] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const toast = useToast()
  const queryClient = useQueryClient()
  const members = useQuery({
    queryKey: ['team', teamId, 'users'],
    queryFn: ({ signal }) => endpoints.teams.users(teamId ?? '', { signal }),
    enabled: !!teamId,
    select: (data) => data.users.filter((user) => user.id !== canvas.UserId),
  })
  const transfer = useMutation({
    mutationFn: (userId: string) => people.transfer(canvas.id, userId),
    onSuccess: async (_data, userId) => {
      const name = members.data?.find((user) => user.id === userId)?.name ?? 'The new owner'
      toast({ type: 'success', message: `${name} now owns “${canvas.title}”` })
      setConfirming(false)
      setTarget('')
      await refreshAfterChange(queryClient, canvas.id)
      onTransferred()
    },
    onError: (failure) => setError(errorMessage(failure)),
  })
  if (!teamId) {
    return (
      <p className="text-sm text-ink-muted">
        A canvas can be handed to a member of its owner’s team. The owner of this canvas is not in a team.
      </p>
    )
  }
  if (members.isSuccess && members.data.length === 0) {
    return (
      <p className="text-sm text-ink-muted">
        A canvas can be handed to a member of its owner’s team. Nobody else is in the team yet.
      </p>
    )
  }
  const chosen = members.data?.find((user) => user.id === target)
  return (
    <div className="flex flex-col gap-2">
      <div className="flex flex-col gap-2 sm:flex-row sm:items-start">
        <Field
          label="New owner"
          hint="A member of the owner’s team."
          error={error ?? undefined}
          className="min-w-0 flex-1"
        >
          <Select
            value={target}
            disabled={!members.isSuccess}
            onChange={(e) => {
              setTarget(e.target.value)
              setConfirming(false)
              setError(null)
            }}
          >
            <option value="">Choose a team member…</option>
            {members.data?.map((user) => (
              <option key={user.id} value={user.id}>
                {user.name} ({user.email})
              </option>
            ))}
          </Select>
        </Field>
        {confirming ? null : (
          <Button
            variant="secondary"
            className="sm:mt-6"
            disabled={!chosen}
            onClick={() => setConfirming(true)}
          >
            <ArrowRightLeft />
            Transfer
          </Button>
        )}
      </div>
      {confirming && chosen ? (
        <div className="flex flex-col gap-2 rounded-control border border-warning-500/40 bg-warning-50 p-3 text-sm sm:flex-row sm:items-center">
          <p className="flex-1">
            Make {chosen.name} the owner? Unless you are a team admin, you will no longer be able to change
            this canvas.
          </p>
          <div className="flex gap-2">
            <Button variant="secondary" size="sm" onClick={() => setConfirming(false)}>
              Keep it
            </Button>
            <Button size="sm" loading={transfer.isPending} onClick={() => transfer.mutate(chosen.id)}>
              Make {chosen.name} the owner
            </Button>
          </div>
        </div>
      ) : null}
    </div>
  )
}
