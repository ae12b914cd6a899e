import { Field, FormDialog, Input } from '@pinpoint/ui'
import { type FormEvent, useState } from 'react'
import { InlineError } from './form'
import type { CanvasDialogsProps } from './types'
import { useSaveCanvas } from './use-save-canvas'

/** Title and website address of a canvas. */
export function EditCanvasDialog({ canvas, onClose }: CanvasDialogsProps) {
  const [title, setTitle] = useState(canvas.title)
  const [url, setUrl] = useState(canvas.localUrl ?? '')
  const save = useSaveCanvas(
    canvas,
    () => ({
      title: title.trim(),
      ...(canvas.type === 'website' && url.trim() !== (canvas.localUrl ?? '')
        ? { localUrl: url.trim() }
        : {}),
    }),
    'Canvas updated',
    onClose,
  )
  const onSubmit = (event: FormEvent) => {
    event.preventDefault()
    if (title.trim()) save.mutate()
  }
  return (
    <FormDialog
      onClose={onClose}
      title="Edit canvas"
      confirmLabel="Save"
      form="edit-canvas"
      pending={save.isPending}
      disabled={!title.trim()}
    >
      <form id="edit-canvas" className="flex flex-col gap-4" onSubmit={onSubmit}>
        <Field label="Title">
          <Input
            value={title}
            onChange={(e) => setTitle(e.target.value)}
            required
            autoFocus
            maxLength={200}
          />
        </Field>
        {canvas.type === 'website' ? (
          <Field label="Website address" hint="Comments stay on the pages they were made on.">
            <Input
              type="url"
              value={url}
              onChange={(e) => setUrl(e.target.value)}
              placeholder="https://example.com"
            />
          </Field>
        ) : null}
      </form>
      <InlineError error={save.error} />
    </FormDialog>
  )
}
