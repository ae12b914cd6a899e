import { Field, FormDialog, Input, Select } from '@pinpoint/ui'
import { useState } from 'react'
import { InlineError, submit } from './form'
import type { CanvasDialogsProps } from './types'
import { useSaveCanvas } from './use-save-canvas'

/** Who may open the feedback link, and its password. */
export function CanvasSettingsDialog({ canvas, onClose }: CanvasDialogsProps) {
  const [visibility, setVisibility] = useState(canvas.visibility ?? 'anyone-with-link')
  const [password, setPassword] = useState('')
  const [removePassword, setRemovePassword] = useState(false)
  const save = useSaveCanvas(
    canvas,
    () => ({
      visibility: visibility as 'anyone-with-link' | 'only-team' | 'only-me',
      ...(password ? { password } : removePassword ? { password: null } : {}),
    }),
    'Link settings saved',
    onClose,
  )
  return (
    <FormDialog
      onClose={onClose}
      title="Link settings"
      description="Who can open this canvas’s feedback link."
      confirmLabel="Save"
      form="canvas-settings"
      pending={save.isPending}
    >
      <form id="canvas-settings" className="flex flex-col gap-4" onSubmit={submit(() => save.mutate())}>
        <Field label="Who can open the link">
          <Select value={visibility} onChange={(e) => setVisibility(e.target.value)}>
            <option value="anyone-with-link">Anyone with the link</option>
            <option value="only-team">Only my team</option>
            <option value="only-me">Only me</option>
          </Select>
        </Field>
        <Field
          label={canvas.hasPassword ? 'New link password' : 'Link password (optional)'}
          hint="Reviewers must enter it before they see the canvas."
        >
          <Input
            type="password"
            autoComplete="new-password"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
          />
        </Field>
        {canvas.hasPassword ? (
          <label className="flex items-center gap-2 text-sm">
            <input
              type="checkbox"
              className="size-4 accent-brand-600"
              checked={removePassword}
              onChange={(e) => setRemovePassword(e.target.checked)}
            />
            Remove the password
          </label>
        ) : null}
      </form>
      <InlineError error={save.error} />
    </FormDialog>
  )
}
