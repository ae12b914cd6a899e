/**
 * The verdict on the revision on screen (POST /canvases/{id}/reviews): its latest verdict as a badge in
 * the header, and a panel to approve it or ask for changes, with an optional comment. Offered to anyone
 * signed in (guests included) while the canvas is not read-only, as the server allows.
 */

import { addToastAtom } from '@pinpoint/state'
import { Badge, Button, Popover, Textarea } from '@pinpoint/ui'
import { useQueryClient } from '@tanstack/react-query'
import { useSetAtom } from 'jotai'
import { CheckCircle2 } from 'lucide-react'
import { type FormEvent, useId, useState } from 'react'
import { reviewKeys } from '../data/cache'
import { useReviewApi } from '../data/queries'
import { useReview } from '../model'
import { latestVerdict, VERDICTS, type VerdictStatus, verdictName } from './verdict-text'

export function Verdict() {
  const { canvas, revisionId, revisionNumber, abilities } = useReview()
  const latest = latestVerdict(canvas.CanvasReviews, revisionId)
  const [open, setOpen] = useState(false)
  const badge = latest ? (
    <Badge
      tone={latest.status === 'approved' ? 'success' : latest.status === 'rejected' ? 'danger' : 'warning'}
      dot
      data-testid="verdict-badge"
      title={latest.comment ?? undefined}
    >
      {verdictName(latest.status)}
    </Badge>
  ) : null
  // Read-only canvases and invited viewers see the verdict but do not give one.
  if (!abilities.signedIn || !abilities.comment) return badge
  return (
    <>
      <span className="hidden lg:contents">{badge}</span>
      <Popover
        label={`Review revision ${revisionNumber ?? ''}`.trim()}
        open={open}
        onOpenChange={setOpen}
        className="w-80"
        trigger={
          <Button
            variant="secondary"
            size="sm"
            aria-label={latest ? `Review: ${verdictName(latest.status)}` : 'Review'}
          >
            <CheckCircle2 />
            <span className="hidden sm:inline">Review</span>
          </Button>
        }
      >
        <VerdictForm onDone={() => setOpen(false)} />
      </Popover>
    </>
  )
}

function VerdictForm({ onDone }: { onDone: () => void }) {
  const { canvas, revisionId, revisionNumber } = useReview()
  const api = useReviewApi()
  const client = useQueryClient()
  const toast = useSetAtom(addToastAtom)
  const [status, setStatus] = useState<VerdictStatus>('approved')
  const [comment, setComment] = useState('')
  const [busy, setBusy] = useState(false)
  const commentId = useId()
  const submit = async (event: FormEvent) => {
    event.preventDefault()
    setBusy(true)
    try {
      await api.review(canvas.id, {
        status,
        comment: comment.trim() || undefined,
        CanvasRevisionId: revisionId ?? undefined,
      })
      // The canvas carries its reviews: loading it again shows the new verdict in the header.
      await client.invalidateQueries({ queryKey: reviewKeys.link(canvas.subdomain) })
      toast({ type: 'success', message: `${verdictName(status)}: revision ${revisionNumber ?? ''}`.trim() })
      onDone()
    } catch (error) {
      toast({ type: 'error', message: error instanceof Error ? error.message : 'The review was not saved.' })
    } finally {
      setBusy(false)
    }
  }
  return (
    <form className="space-y-3 p-3" onSubmit={(event) => void submit(event)}>
      <fieldset>
        <legend className="mb-1.5 text-sm font-semibold">Your verdict on revision {revisionNumber}</legend>
        {VERDICTS.map((verdict) => (
          <label
            key={verdict.status}
            className="flex items-center gap-2 rounded px-1 py-1 text-sm hover:bg-hover"
          >
            <input
              type="radio"
              name="verdict"
              className="accent-brand-600"
              value={verdict.status}
              checked={status === verdict.status}
              onChange={() => setStatus(verdict.status)}
            />
            {verdict.label}
          </label>
        ))}
      </fieldset>
      <div>
        <label htmlFor={commentId} className="mb-1 block text-sm font-medium">
          Comment (optional)
        </label>
        <Textarea
          id={commentId}
          rows={3}
          value={comment}
          onChange={(e) => setComment(e.target.value)}
          maxLength={5000}
        />
      </div>
      <Button type="submit" size="sm" className="w-full" loading={busy}>
        Send verdict
      </Button>
    </form>
  )
}
