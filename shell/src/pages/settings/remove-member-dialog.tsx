import type { TeamUser } from '@pinpoint/api'
import { FormDialog } from '@pinpoint/ui'
import { useMutation } from '@tanstack/react-query'
import { UserMinus } from 'lucide-react'
import { useState } from 'react'
import { endpoints } from '../../api'
import { errorMessage } from '../../lib/errors'
import { useToast } from '../../lib/use-toast'

/** Remove a team member, optionally transferring their canvases and folders (SPEC section 6). */
export function RemoveMemberDialog({
  teamId,
  member,
  onClose,
  onRemoved,
}: {
  teamId: string
  member: TeamUser
  onClose: () => void
  onRemoved: () => unknown
}) {
  const [transfer, setTransfer] = useState(true)
  const toast = useToast()
  const remove = useMutation({
    mutationFn: () => endpoints.teams.removeUser(teamId, member.id, transfer),
    onSuccess: async () => {
      toast({ type: 'success', message: `${member.name} was removed from the team` })
      onClose()
      await onRemoved()
    },
  })
  return (
    <FormDialog
      onClose={onClose}
      title={`Remove ${member.name}?`}
      description="They lose access to the team’s canvases, folders and comments right away."
      confirmLabel={
        <>
          <UserMinus />
          Remove member
        </>
      }
      variant="danger"
      pending={remove.isPending}
      onConfirm={() => remove.mutate()}
    >
      <label className="flex cursor-pointer items-start gap-3 rounded-lg border border-line p-3 hover:bg-hover">
        <input
          type="checkbox"
          checked={transfer}
          onChange={(event) => setTransfer(event.target.checked)}
          className="mt-0.5 size-4 accent-brand-600"
        />
        <span>
          <span className="block text-sm font-medium">Transfer their canvases and folders</span>
          <span className="block text-xs text-ink-muted">
            Keep everything they created in the team. Otherwise it leaves with them.
          </span>
        </span>
      </label>
      {remove.isError ? (
        <p className="mt-3 text-sm text-danger-600" role="alert">
          {errorMessage(remove.error)}
        </p>
      ) : null}
    </FormDialog>
  )
}
