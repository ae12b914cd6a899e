/**
 * The share dialog of a canvas and the copyable link of any share dialog (a project's too), a subpath of
 * its own (`@pinpoint/ui/share-dialog`, decision 058) rather than part of the index: the index is a
 * federation singleton built whole into the shell's first download, and these are wanted only by the
 * slices that offer sharing, after a click (the review slice loads it lazily, so the
 * guest entry never carries it). It imports the design system by its package name, so a federated slice
 * uses the shell's copy of Button, Field and the dialog instead of bundling a second one.
 */
import { Button, Field, FormDialog, Input, Textarea, type ToastTone } from '@pinpoint/ui'
import { Check, Copy, Link2 } from 'lucide-react'
import { type FormEvent, useState } from 'react'

export type ShareInvite = { emails: string[]; message?: string }

export type ShareDialogProps = {
  /** The canvas's title, shown in the dialog's heading. */
  title: string
  /** The feedback link offered to copy. */
  link: string
  /** Id of the invite form (unique on the page). */
  formId: string
  /**
   * The addresses typed in the invite box. Passed in because the one rule lives in @pinpoint/domain
   * (`parseEmailList`), which this design system may not import.
   */
  parseEmails: (text: string) => string[]
  /** Sends the invites; a rejection is shown under the form and the dialog stays open. */
  send: (invite: ShareInvite) => Promise<unknown>
  /** Shows a toast (the store's toast atom lives outside the design system). */
  notify: (tone: ToastTone, message: string) => void
  onClose: () => void
}

export type CopyLinkProps = {
  label: string
  link: string
  /** data-testid of the link's text. */
  testId: string
  /** The clipboard refused (no permission, an insecure page): the caller says so. */
  onCopyFailed: () => void
}

/** A link shown in full (cut with an ellipsis when too long) with a Copy button beside it. */
export function CopyLink({ label, link, testId, onCopyFailed }: CopyLinkProps) {
  const [copied, setCopied] = useState(false)
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(link)
      setCopied(true)
      setTimeout(() => setCopied(false), 2000)
    } catch {
      onCopyFailed()
    }
  }
  return (
    <div>
      <p className="mb-1.5 text-sm font-medium">{label}</p>
      <div className="flex gap-2">
        <div className="flex h-9 min-w-0 flex-1 items-center gap-2 rounded-control border border-line bg-surface-sunken px-3 text-sm">
          <Link2 className="size-4 shrink-0 text-ink-subtle" aria-hidden="true" />
          <span className="truncate font-mono text-xs" data-testid={testId}>
            {link}
          </span>
        </div>
        <Button variant="secondary" onClick={() => void copy()}>
          {copied ? <Check /> : <Copy />}
          {copied ? 'Copied' : 'Copy'}
        </Button>
      </div>
    </div>
  )
}

function errorText(error: unknown): string {
  return error instanceof Error && error.message ? error.message : 'Something went wrong. Please try again.'
}

/**
 * Share a canvas: its feedback link to copy, and invites by e-mail. One dialog for the dashboard's card
 * menu and the review screen's Share button, so both say and do the same.
 */
export function ShareDialog({ title, link, formId, parseEmails, send, notify, onClose }: ShareDialogProps) {
  const [emails, setEmails] = useState('')
  const [message, setMessage] = useState('')
  const [pending, setPending] = useState(false)
  const [error, setError] = useState<unknown>(null)
  const recipients = parseEmails(emails)
  const onSubmit = async (event: FormEvent) => {
    event.preventDefault()
    if (pending || recipients.length === 0) return
    setPending(true)
    setError(null)
    try {
      await send({ emails: recipients, message: message.trim() || undefined })
      notify('success', `Invite(s) sent to ${recipients.join(', ')}`)
      onClose()
    } catch (failure) {
      setError(failure)
      setPending(false)
    }
  }
  return (
    <FormDialog
      onClose={onClose}
      title={`Share “${title}”`}
      description="Anyone with the link can leave feedback, as a guest or with their account."
      cancelLabel="Close"
      confirmLabel="Send invite"
      form={formId}
      pending={pending}
      disabled={recipients.length === 0}
    >
      <div className="flex flex-col gap-5">
        <CopyLink
          label="Feedback link"
          link={link}
          testId="share-link"
          onCopyFailed={() => notify('error', 'Copy failed: select the link and copy it.')}
        />
        <form id={formId} className="flex flex-col gap-4" onSubmit={(event) => void onSubmit(event)}>
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
        {error ? (
          <p role="alert" className="text-sm text-danger-700">
            {errorText(error)}
          </p>
        ) : null}
      </div>
    </FormDialog>
  )
}
