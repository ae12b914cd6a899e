import { FormDialog, formatRelativeTime } from '@pinpoint/ui'
import { useMutation } from '@tanstack/react-query'
import { Trash2 } from 'lucide-react'
import { useCanvasActions } from '../../lib/actions'
import { InlineError } from './form'
import type { CanvasDialogsProps } from './types'

/** Deletes a canvas after saying what goes with it. */
export function DeleteCanvasDialog({ canvas, onClose }: CanvasDialogsProps) {
  const { deleteCanvas } = useCanvasActions()
  const remove = useMutation({ mutationFn: () => deleteCanvas(canvas), onSuccess: onClose })
  return (
    <FormDialog
      onClose={onClose}
      title={`Delete “${canvas.title}”?`}
      description="Its revisions, comments and files are deleted for everyone. This cannot be undone. Archive it instead to keep it out of the way."
      confirmLabel={
        <>
          <Trash2 />
          Delete canvas
        </>
      }
      variant="danger"
      pending={remove.isPending}
      onConfirm={() => remove.mutate()}
    >
      <InlineError error={remove.error} />
      {canvas.createdAt ? (
        <p className="text-xs text-ink-muted">Created {formatRelativeTime(canvas.createdAt)}</p>
      ) : null}
    </FormDialog>
  )
}
