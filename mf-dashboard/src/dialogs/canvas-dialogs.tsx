import type { Canvas, DeadlineReminder, Folder } from '@pinpoint/api'
import { addToastAtom } from '@pinpoint/state'
import { Button, Dialog, Field, formatRelativeTime, Input, Select, Skeleton, Textarea } from '@pinpoint/ui'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useSetAtom } from 'jotai'
import { Bell, Check, Copy, Link2, Trash2 } from 'lucide-react'
import { type FormEvent, useState } from 'react'
import { endpoints } from '../api'
import type { CanvasDialog } from '../components/canvas-card'
import { useCanvasActions } from '../lib/actions'
import { flattenFolders } from '../lib/folders'
import { patchCachedCanvas, refreshCanvasLists } from '../lib/queries'

function errorText(error: unknown, fallback = 'Something went wrong. Please try again.'): string {
  return error instanceof Error && error.message ? error.message : fallback
}

/** A form submit handler that stays on the page and runs `action`. */
function submit(action: () => void) {
  return (event: FormEvent) => {
    event.preventDefault()
    action()
  }
}

function InlineError({ error }: { error: unknown }) {
  if (!error) return null
  return (
    <p role="alert" className="mt-3 text-sm text-danger-600">
      {errorText(error)}
    </p>
  )
}

/** `<input type="datetime-local">` value for an ISO date (local time), or ''. */
export function toLocalInput(iso: string | null | undefined): string {
  if (!iso) return ''
  const date = new Date(iso)
  if (Number.isNaN(date.getTime())) return ''
  const pad = (n: number) => String(n).padStart(2, '0')
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`
}

export function fromLocalInput(value: string): string | null {
  if (!value) return null
  const date = new Date(value)
  return Number.isNaN(date.getTime()) ? null : date.toISOString()
}

export type CanvasDialogsProps = {
  canvas: Canvas
  dialog: CanvasDialog
  folders: Folder[]
  onClose: () => void
}

/** The canvas dialogs of SPEC section 2 whose calls exist. */
export function CanvasDialogs(props: CanvasDialogsProps) {
  switch (props.dialog) {
    case 'edit':
      return <EditCanvasDialog {...props} />
    case 'move':
      return <MoveCanvasDialog {...props} />
    case 'share':
      return <ShareCanvasDialog {...props} />
    case 'expiry':
      return <ExpiryDialog {...props} />
    case 'reminders':
      return <RemindersDialog {...props} />
    case 'revision':
      return <NewRevisionDialog {...props} />
    case 'settings':
      return <CanvasSettingsDialog {...props} />
    case 'delete':
      return <DeleteCanvasDialog {...props} />
  }
}

function EditCanvasDialog({ canvas, onClose }: CanvasDialogsProps) {
  const [title, setTitle] = useState(canvas.title)
  const [url, setUrl] = useState(canvas.localUrl ?? '')
  const queryClient = useQueryClient()
  const toast = useSetAtom(addToastAtom)
  const save = useMutation({
    mutationFn: () =>
      endpoints.canvases.update(canvas.id, {
        title: title.trim(),
        ...(canvas.type === 'website' && url.trim() !== (canvas.localUrl ?? '')
          ? { localUrl: url.trim() }
          : {}),
      }),
    onSuccess: ({ canvas: updated }) => {
      patchCachedCanvas(queryClient, canvas.id, (c) => ({ ...c, ...updated }))
      toast({ type: 'success', message: 'Canvas updated' })
      onClose()
    },
  })
  const onSubmit = (event: FormEvent) => {
    event.preventDefault()
    if (title.trim()) save.mutate()
  }
  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title="Edit canvas"
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" form="edit-canvas" loading={save.isPending} disabled={!title.trim()}>
            Save
          </Button>
        </>
      }
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
    </Dialog>
  )
}

function MoveCanvasDialog({ canvas, folders, onClose }: CanvasDialogsProps) {
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
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title="Move to project"
      description={`Choose where “${canvas.title}” belongs.`}
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button
            type="submit"
            form="move-canvas"
            loading={pending}
            disabled={(canvas.FolderId ?? '') === target}
          >
            Move
          </Button>
        </>
      }
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
    </Dialog>
  )
}

export function parseEmailList(text: string): string[] {
  return [
    ...new Set(
      text
        .split(/[\s,;]+/)
        .map((part) => part.trim())
        .filter(Boolean),
    ),
  ]
}

function ShareCanvasDialog({ canvas, onClose }: CanvasDialogsProps) {
  const link = new URL(`/link/${canvas.subdomain}/`, location.origin).toString()
  const [copied, setCopied] = useState(false)
  const [emails, setEmails] = useState('')
  const [message, setMessage] = useState('')
  const toast = useSetAtom(addToastAtom)
  const share = useMutation({
    mutationFn: () =>
      endpoints.canvases.share(canvas.id, {
        emails: parseEmailList(emails),
        message: message.trim() || undefined,
      }),
    onSuccess: () => {
      toast({ type: 'success', message: `Invite(s) sent to ${parseEmailList(emails).join(', ')}` })
      onClose()
    },
  })
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(link)
      setCopied(true)
      setTimeout(() => setCopied(false), 2000)
    } catch {
      toast({ type: 'error', message: 'Copy failed: select the link and copy it.' })
    }
  }
  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={`Share “${canvas.title}”`}
      description="Anyone with the link can leave feedback, as a guest or with their account."
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            Close
          </Button>
          <Button
            type="submit"
            form="share-canvas"
            loading={share.isPending}
            disabled={parseEmailList(emails).length === 0}
          >
            Send invite
          </Button>
        </>
      }
    >
      <div className="flex flex-col gap-5">
        <div>
          <p className="mb-1.5 text-sm font-medium">Feedback link</p>
          <div className="flex gap-2">
            <div className="flex h-9 min-w-0 flex-1 items-center gap-2 rounded-control border border-line bg-surface-sunken px-3 text-sm">
              <Link2 className="size-4 shrink-0 text-ink-subtle" />
              <span className="truncate font-mono text-xs" data-testid="share-link">
                {link}
              </span>
            </div>
            <Button variant="secondary" onClick={() => void copy()}>
              {copied ? <Check /> : <Copy />}
              {copied ? 'Copied' : 'Copy'}
            </Button>
          </div>
        </div>
        <form id="share-canvas" className="flex flex-col gap-4" onSubmit={submit(() => share.mutate())}>
          <Field label="Invite by e-mail" hint="Separate addresses with commas.">
            <Input
              value={emails}
              onChange={(e) => setEmails(e.target.value)}
              placeholder="client@company.com"
            />
          </Field>
          <Field label="Message (optional)">
            <Textarea
              value={message}
              onChange={(e) => setMessage(e.target.value)}
              rows={3}
              placeholder="Here’s the latest version, let us know what you think!"
            />
          </Field>
        </form>
        <InlineError error={share.error} />
      </div>
    </Dialog>
  )
}

function ExpiryDialog({ canvas, onClose }: CanvasDialogsProps) {
  const [deadline, setDeadline] = useState(toLocalInput(canvas.readOnlyDate))
  const [expiry, setExpiry] = useState(toLocalInput(canvas.expireDate))
  const queryClient = useQueryClient()
  const toast = useSetAtom(addToastAtom)
  const save = useMutation({
    mutationFn: () =>
      endpoints.canvases.update(canvas.id, {
        readOnlyDate: fromLocalInput(deadline),
        expireDate: fromLocalInput(expiry),
      }),
    onSuccess: ({ canvas: updated }) => {
      patchCachedCanvas(queryClient, canvas.id, (c) => ({ ...c, ...updated }))
      toast({ type: 'success', message: 'Dates saved' })
      onClose()
    },
  })
  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title="Deadline and expiry"
      description="Pause commenting at a feedback deadline, and close the link when it expires."
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" form="expiry" loading={save.isPending}>
            Save dates
          </Button>
        </>
      }
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
    </Dialog>
  )
}

function RemindersDialog({ canvas, onClose }: CanvasDialogsProps) {
  const queryClient = useQueryClient()
  const key = ['canvas', canvas.id, 'reminders']
  const reminders = useQuery({
    queryKey: key,
    queryFn: ({ signal }) => endpoints.canvases.reminders(canvas.id, { signal }),
    select: (data): DeadlineReminder[] => data.deadlineReminders ?? [],
  })
  const [date, setDate] = useState('')
  const [emails, setEmails] = useState('')
  const add = useMutation({
    mutationFn: () => {
      const at = fromLocalInput(date)
      if (!at) throw new Error('Choose when to send the reminder.')
      return endpoints.canvases.addReminders(canvas.id, {
        emails: parseEmailList(emails),
        reminderDates: [at],
      })
    },
    onSuccess: async () => {
      setDate('')
      setEmails('')
      await queryClient.invalidateQueries({ queryKey: key })
    },
  })
  const remove = useMutation({
    mutationFn: (id: string) => endpoints.canvases.removeReminder(id),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: key }),
  })
  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title="Reminders"
      description="E-mail reviewers before the feedback deadline."
      size="lg"
    >
      <div className="flex flex-col gap-5">
        {reminders.isPending ? (
          <Skeleton className="h-10 w-full" />
        ) : reminders.isError ? (
          <InlineError error={reminders.error} />
        ) : reminders.data.length === 0 ? (
          <p className="rounded-lg border border-dashed border-line-strong px-4 py-5 text-center text-sm text-ink-muted">
            No reminders scheduled.
          </p>
        ) : (
          <ul className="divide-y divide-line rounded-lg border border-line">
            {reminders.data.map((reminder) => (
              <li key={reminder.id} className="flex items-center gap-3 px-3 py-2.5 text-sm">
                <Bell className="size-4 text-ink-subtle" />
                <span className="flex-1">
                  {new Date(reminder.reminderDate).toLocaleString()}
                  <span className="block text-xs text-ink-muted">
                    {(reminder as DeadlineReminder & { recipientEmail?: string }).recipientEmail ??
                      reminder.email ??
                      'Team member'}
                    {reminder.status ? ` · ${reminder.status}` : ''}
                  </span>
                </span>
                <Button
                  variant="ghost"
                  size="icon-sm"
                  aria-label="Delete reminder"
                  onClick={() => remove.mutate(reminder.id)}
                >
                  <Trash2 />
                </Button>
              </li>
            ))}
          </ul>
        )}
        <form
          className="grid gap-3 sm:grid-cols-[1fr_1fr_auto] sm:items-end"
          onSubmit={submit(() => add.mutate())}
        >
          <Field label="Send at">
            <Input type="datetime-local" value={date} onChange={(e) => setDate(e.target.value)} required />
          </Field>
          <Field label="To">
            <Input
              value={emails}
              onChange={(e) => setEmails(e.target.value)}
              placeholder="reviewer@company.com"
              required
            />
          </Field>
          <Button type="submit" loading={add.isPending}>
            Add
          </Button>
        </form>
        <InlineError error={add.error ?? remove.error} />
      </div>
    </Dialog>
  )
}

function NewRevisionDialog({ canvas, onClose }: CanvasDialogsProps) {
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
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title="Start a new revision"
      description={`Revision ${latest + 1} of “${canvas.title}”. Earlier revisions and their comments stay available to compare.`}
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button loading={create.isPending} onClick={() => create.mutate()}>
            Create revision
          </Button>
        </>
      }
    >
      <InlineError error={create.error} />
    </Dialog>
  )
}

function CanvasSettingsDialog({ canvas, onClose }: CanvasDialogsProps) {
  const [visibility, setVisibility] = useState(canvas.visibility ?? 'anyone-with-link')
  const [password, setPassword] = useState('')
  const [removePassword, setRemovePassword] = useState(false)
  const queryClient = useQueryClient()
  const toast = useSetAtom(addToastAtom)
  const save = useMutation({
    mutationFn: () =>
      endpoints.canvases.update(canvas.id, {
        visibility: visibility as 'anyone-with-link' | 'only-team' | 'only-me',
        ...(password ? { password } : removePassword ? { password: null } : {}),
      }),
    onSuccess: ({ canvas: updated }) => {
      patchCachedCanvas(queryClient, canvas.id, (c) => ({ ...c, ...updated }))
      toast({ type: 'success', message: 'Link settings saved' })
      onClose()
    },
  })
  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title="Link settings"
      description="Who can open this canvas’s feedback link."
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" form="canvas-settings" loading={save.isPending}>
            Save
          </Button>
        </>
      }
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
    </Dialog>
  )
}

function DeleteCanvasDialog({ canvas, onClose }: CanvasDialogsProps) {
  const { deleteCanvas } = useCanvasActions()
  const remove = useMutation({ mutationFn: () => deleteCanvas(canvas), onSuccess: onClose })
  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={`Delete “${canvas.title}”?`}
      description="Its revisions, comments and files are deleted for everyone. This cannot be undone. Archive it instead to keep it out of the way."
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button variant="danger" loading={remove.isPending} onClick={() => remove.mutate()}>
            <Trash2 />
            Delete canvas
          </Button>
        </>
      }
    >
      <InlineError error={remove.error} />
      {canvas.createdAt ? (
        <p className="text-xs text-ink-muted">Created {formatRelativeTime(canvas.createdAt)}</p>
      ) : null}
    </Dialog>
  )
}
