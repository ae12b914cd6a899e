/**
 * The canvas's state, shown plainly (SPEC 4): a feedback deadline with its countdown, paused, expired or
 * otherwise read-only (commenting is then off, as the rules say).
 */
import { Clock, Eye, Lock } from 'lucide-react'
import { useEffect, useState } from 'react'
import { useReview } from '../model'

export function countdown(until: number, now: number): string {
  const minutes = Math.max(0, Math.round((until - now) / 60_000))
  const days = Math.floor(minutes / 1440)
  const hours = Math.floor((minutes % 1440) / 60)
  if (days > 0) return `${days}d ${hours}h`
  if (hours > 0) return `${hours}h ${minutes % 60}m`
  return `${minutes}m`
}

export function StateBanner() {
  const { canvas } = useReview()
  const state = canvas.state
  const [now, setNow] = useState(() => Date.now())
  const deadline =
    state?.feedbackDeadline && canvas.readOnlyDate ? new Date(canvas.readOnlyDate).getTime() : null
  useEffect(() => {
    if (!deadline) return
    const timer = window.setInterval(() => setNow(Date.now()), 30_000)
    return () => window.clearInterval(timer)
  }, [deadline])
  if (state?.readOnly) {
    // The reason is a full sentence from the shared rules; the title only names the state.
    const title = state.expired ? 'Expired' : state.paused ? 'Paused' : 'Read-only'
    return (
      <div
        role="status"
        className="flex items-center gap-2 border-b border-warning-500/40 bg-warning-50 px-4 py-2 text-sm text-warning-700"
        data-testid="state-banner"
      >
        <Lock className="size-4 shrink-0" aria-hidden="true" />
        <strong className="rounded bg-warning-500/15 px-1.5 py-0.5 text-xs font-semibold uppercase">
          {title}
        </strong>
        <span className="truncate">{state.readOnlyReason ?? 'New comments cannot be added.'}</span>
      </div>
    )
  }
  if (canvas.viewerRole === 'viewer') {
    return (
      <div
        role="status"
        className="flex items-center gap-2 border-b border-line bg-surface-sunken px-4 py-2 text-sm text-ink"
        data-testid="state-banner"
      >
        <Eye className="size-4 shrink-0" aria-hidden="true" />
        <strong className="rounded bg-hover px-1.5 py-0.5 text-xs font-semibold uppercase">View only</strong>
        <span className="truncate">
          You can read the comments; ask the owner to make you a commenter to add yours.
        </span>
      </div>
    )
  }
  if (deadline) {
    return (
      <div
        role="status"
        className="flex items-center gap-2 border-b border-info-600/20 bg-info-50 px-4 py-2 text-sm text-info-600"
        data-testid="state-banner"
      >
        <Clock className="size-4 shrink-0" aria-hidden="true" />
        Feedback closes in <strong className="font-semibold tabular-nums">{countdown(deadline, now)}</strong>
        <span className="text-ink-muted">({new Date(deadline).toLocaleString()})</span>
      </div>
    )
  }
  return null
}
