import { Field, FormDialog, Select } from '@pinpoint/ui'
import { type FormEvent, useState } from 'react'
import { useCanvasActions } from '../../lib/actions'
import { flattenFolders } from '../../lib/folders'
import type { CanvasDialogsProps } from './types'

/** Moves a canvas into a project (or out of every project). */
export function MoveCanvasDialog({ canvas, folders, onClose }: CanvasDialogsProps) {
  const [target, setTarget] = useState<string>(canvas.FolderId ?? '')
  const { moveCanvas } = useCanvasActions()
  const [pending, setPending] = useState(false)
  const onSubmit = async (event: FormEvent) => {
    event.preventDefault()
    setPending(true)
    await moveCanvas(canvas, target || null)
    setPending(false)
    onClose()
  }
  return (
    <FormDialog
      onClose={onClose}
      title="Move to project"
      description={`Choose where “${canvas.title}” belongs.`}
      confirmLabel="Move"
      form="move-canvas"
      pending={pending}
      disabled={(canvas.FolderId ?? '') === target}
    >
      <form id="move-canvas" onSubmit={(e) => void onSubmit(e)}>
        <Field label="Project">
          <Select value={target} onChange={(e) => setTarget(e.target.value)} autoFocus>
            <option value="">No project</option>
            {flattenFolders(folders).map(({ folder, depth }) => (
              <option key={folder.id} value={folder.id}>
                {`${'\u00a0\u00a0'.repeat(depth)}${folder.name}`}
              </option>
            ))}
          </Select>
        </Field>
      </form>
    </FormDialog>
  )
}
