import { Field, FormDialog, Input } from '@pinpoint/ui'
import { useState } from 'react'
import { InlineError, submit } from './form'
import type { CanvasDialogsProps } from './types'
import { useSaveCanvas } from './use-save-canvas'
import { fromLocalInput, toLocalInput } from './values'

/** Feedback deadline and link expiry of a canvas. */
export function ExpiryDialog({ canvas, onClose }: CanvasDialogsProps) {
  const [deadline, setDeadline] = useState(toLocalInput(canvas.readOnlyDate))
  const [expiry, setExpiry] = useState(toLocalInput(canvas.expireDate))
  const save = useSaveCanvas(
    canvas,
    () => ({
      readOnlyDate: fromLocalInput(deadline),
      expireDate: fromLocalInput(expiry),
    }),
    'Dates saved',
    onClose,
  )
  return (
    <FormDialog
      onClose={onClose}
      title="Deadline and expiry"
      description="Pause commenting at a feedback deadline, and close the link when it expires."
      confirmLabel="Save dates"
      form="expiry"
      pending={save.isPending}
    >
      <form id="expiry" className="flex flex-col gap-4" onSubmit={submit(() => save.mutate())}>
        <Field
          label="Feedback deadline"
          hint="Team plans: reviewers can no longer comment after this moment. Leave empty for none."
        >
          <Input type="datetime-local" value={deadline} onChange={(e) => setDeadline(e.target.value)} />
        </Field>
        <Field
          label="Link expires"
          hint="After this moment the canvas becomes read-only. Leave empty to keep it open."
        >
          <Input type="datetime-local" value={expiry} onChange={(e) => setExpiry(e.target.value)} />
        </Field>
      </form>
      <InlineError error={save.error} />
    </FormDialog>
  )
}
