import { addToastAtom } from '@pinpoint/state'
import { FormDialog } from '@pinpoint/ui'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useSetAtom } from 'jotai'
import { endpoints } from '../../api'
import { refreshCanvasLists } from '../../lib/queries'
import { InlineError } from './form'
import type { CanvasDialogsProps } from './types'

/** Starts the next revision of a canvas. */
export function NewRevisionDialog({ canvas, onClose }: CanvasDialogsProps) {
  const queryClient = useQueryClient()
  const toast = useSetAtom(addToastAtom)
  const create = useMutation({
    mutationFn: () => endpoints.canvases.newRevision(canvas.id),
    onSuccess: async () => {
      toast({ type: 'success', message: 'New revision created. Upload the new version from the canvas.' })
      await refreshCanvasLists(queryClient)
      onClose()
    },
  })
  const latest = Math.max(0, ...(canvas.CanvasRevisions ?? []).map((r) => r.number))
  return (
    <FormDialog
      onClose={onClose}
      title="Start a new revision"
      description={`Revision ${latest + 1} of “${canvas.title}”. Earlier revisions and their comments stay available to compare.`}
      confirmLabel="Create revision"
      pending={create.isPending}
      onConfirm={() => create.mutate()}
    >
      <InlineError error={create.error} />
    </FormDialog>
  )
}
