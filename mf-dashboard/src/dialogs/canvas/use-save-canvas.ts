import type { Canvas } from '@pinpoint/api'
import { addToastAtom } from '@pinpoint/state'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useSetAtom } from 'jotai'
import { endpoints } from '../../api'
import { patchCachedCanvas } from '../../lib/queries'

type CanvasChanges = Parameters<typeof endpoints.canvases.update>[1]

/**
 * Saves changes to a canvas from a dialog: the cached lists take the answer at once (no refetch),
 * a toast confirms, and the dialog closes. `changes` is read when the form is sent.
 */
export function useSaveCanvas(
  canvas: Canvas,
  changes: () => CanvasChanges,
  success: string,
  onClose: () => void,
) {
  const queryClient = useQueryClient()
  const toast = useSetAtom(addToastAtom)
  return useMutation({
    mutationFn: () => endpoints.canvases.update(canvas.id, changes()),
    onSuccess: ({ canvas: updated }) => {
      patchCachedCanvas(queryClient, canvas.id, (c) => ({ ...c, ...updated }))
      toast({ type: 'success', message: success })
      onClose()
    },
  })
}
