/**
 * Share from the review screen (issue 19 item 11: the owner had to go back to the dashboard's card menu
 * to share the canvas being reviewed). The feedback link to copy and invites by e-mail
 * (POST /canvases/{id}/share), offered to whoever may edit the canvas, as the server requires.
 */
import { addToastAtom } from '@pinpoint/state'
import { Button, Field, FormDialog, Input, Textarea } from '@pinpoint/ui'
import { useMutation } from '@tanstack/react-query'
import { useSetAtom } from 'jotai'
import { Check, Copy, Share2 } from 'lucide-react'
import { type FormEvent, useState } from 'react'
import { useReviewApi } from '../data/queries'
import { useReview } from '../model'

/** Addresses typed with commas, semicolons or spaces between them, each once. */
export function parseEmails(text: string): string[] {
  return [
    ...new Set(
      text
        .split(/[\s,;]+/)
        .map((part) => part.trim())
        .filter(Boolean),
    ),
  ]
}

export function ShareButton() {
  const { abilities } = useReview()
  const [open, setOpen] = useState(false)
  if (!abilities.member || !abilities.editCanvas) return null
  return (
    <>
      <Button variant="secondary" size="sm" onClick={() => setOpen(true)}>
        <Share2 />
        <span className="hidden sm:inline">Share</span>
        <span className="sr-only sm:hidden">Share</span>
      </Button>
      {open ? <ShareDialog onClose={() => setOpen(false)} /> : null}
    </>
  )
}

function ShareDialog({ onClose }: { onClose: () => void }) {
  const { canvas } = useReview()
  const api = useReviewApi()
  const toast = useSetAtom(addToastAtom)
  const link = new URL(`/link/${canvas.subdomain}/`, location.origin).toString()
  const [copied, setCopied] = useState(false)
  const [emails, setEmails] = useState('')
  const [message, setMessage] = useState('')
  const share = useMutation({
    mutationFn: () =>
      api.shareCanvas(canvas.id, { emails: parseEmails(emails), message: message.trim() || undefined }),
    onSuccess: () => {
      toast({ type: 'success', message: `Invite(s) sent to ${parseEmails(emails).join(', ')}` })
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
  const onSubmit = (event: FormEvent) => {
    event.preventDefault()
    share.mutate()
  }
  return (
    <FormDialog
      onClose={onClose}
      title={`Share “${canvas.title}”`}
      description="Anyone with the link can leave feedback, as a guest or with their account."
      cancelLabel="Close"
      confirmLabel="Send invite"
      form="review-share"
      pending={share.isPending}
      disabled={parseEmails(emails).length === 0}
    >
      <div className="flex flex-col gap-5">
        <div>
          <p className="mb-1.5 text-sm font-medium">Feedback link</p>
          <div className="flex gap-2">
            <span
              className="flex h-9 min-w-0 flex-1 items-center truncate rounded-control border border-line bg-surface-sunken px-3 font-mono text-xs"
              data-testid="share-link"
            >
              {link}
            </span>
            <Button variant="secondary" onClick={() => void copy()}>
              {copied ? <Check /> : <Copy />}
              {copied ? 'Copied' : 'Copy'}
            </Button>
          </div>
        </div>
        <form id="review-share" className="flex flex-col gap-4" onSubmit={onSubmit}>
          <Field label="Invite by e-mail" hint="Separate addresses with commas.">
            <Input
              value={emails}
              onChange={(e) => setEmails(e.target.value)}
              placeholder="client@company.com"
            />
          </Field>
          <Field label="Message (optional)">
            <Textarea value={message} onChange={(e) => setMessage(e.target.value)} rows={3} />
          </Field>
        </form>
        {share.error ? (
          <p role="alert" className="text-sm text-danger-700">
            {share.error.message}
          </p>
        ) : null}
      </div>
    </FormDialog>
  )
}
