import { addToastAtom } from '@pinpoint/state'
import { Button, Field, FormDialog, Input, Textarea } from '@pinpoint/ui'
import { useMutation } from '@tanstack/react-query'
import { useSetAtom } from 'jotai'
import { Check, Copy, Link2 } from 'lucide-react'
import { useState } from 'react'
import { endpoints } from '../../api'
import { InlineError, submit } from './form'
import type { CanvasDialogsProps } from './types'
import { parseEmailList } from './values'

/** The feedback link to copy, and invites by e-mail. */
export function ShareCanvasDialog({ canvas, onClose }: CanvasDialogsProps) {
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
    <FormDialog
      onClose={onClose}
      title={`Share “${canvas.title}”`}
      description="Anyone with the link can leave feedback, as a guest or with their account."
      cancelLabel="Close"
      confirmLabel="Send invite"
      form="share-canvas"
      pending={share.isPending}
      disabled={parseEmailList(emails).length === 0}
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
    </FormDialog>
  )
}
