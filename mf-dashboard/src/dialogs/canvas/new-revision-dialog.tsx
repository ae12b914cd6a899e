import { addToastAtom } from '@pinpoint/state'
import { FormDialog } from '@pinpoint/ui'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useSetAtom } from 'jotai'
import { endpoints } from '../../api'
import { refreshCanvasLists } from '../../lib/queries'
import { newRevisionTexts } from '../../lib/revision-text'
import { InlineError } from './form'
import type { CanvasDialogsProps } from './types'

/** Starts the next revision of a canvas. */
export function NewRevisionDialog({ canvas, onClose }: CanvasDialogsProps) {
  const queryClient = useQueryClient()
  const toast = useSetAtom(addToastAtom)
  const latest = Math.max(0, ...(canvas.CanvasRevisions ?? []).map((r) => r.number))
  const texts = newRevisionTexts({ type: canvas.type, title: canvas.title, latestNumber: latest })
  const create = useMutation({
    mutationFn: () => endpoints.canvases.newRevision(canvas.id),
    onSuccess: async () => {
      toast({ type: 'success', message: texts.toast })
      await refreshCanvasLists(queryClient)
      onClose()
    },
  })
  return (
    <FormDialog
      onClose={onClose}
      title="Start a new revision"
      description={texts.description}
      confirmLabel="Create revision"
      pending={create.isPending}
      onConfirm={() => create.mutate()}
    >
      <InlineError error={create.error} />
    </FormDialog>
  )
}
