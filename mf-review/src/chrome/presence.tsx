/**
 * Who else is looking at the canvas right now (real-time presence; entries expire after 30 s). Members
 * of the canvas see names and avatars; link holders are told how many, not who (decision 027).
 */
import { Avatar } from '@pinpoint/ui'
import { Eye } from 'lucide-react'
import type { Viewer } from '../data/realtime'

export function Presence({ viewers, selfId }: { viewers: readonly Viewer[]; selfId: string | null }) {
  if (viewers.some((viewer) => viewer.anonymous)) {
    // The list includes this viewer, as a nameless entry like the others.
    const others = viewers.length - 1
    if (others <= 0) return null
    const text = others === 1 ? '1 other person viewing' : `${others} other people viewing`
    return (
      <p className="flex items-center gap-1 text-xs text-ink-muted" title={text} data-testid="presence">
        <Eye className="size-3.5" aria-hidden />
        <span>{text}</span>
      </p>
    )
  }
  // An anonymous visitor cannot tell which anonymous entry is theirs: one of them is left out.
  const firstAnonymous = selfId ? -1 : viewers.findIndex((viewer) => viewer.userId === null)
  const others = viewers.filter((viewer, index) =>
    selfId ? viewer.userId !== selfId : index !== firstAnonymous,
  )
  if (others.length === 0) return null
  const shown = others.slice(0, 4)
  const names = others.map((viewer) => viewer.name).join(', ')
  return (
    <ul
      className="flex -space-x-1.5"
      aria-label={`Also viewing: ${names}`}
      title={`Also viewing: ${names}`}
      data-testid="presence"
    >
      {shown.map((viewer, index) => (
        <li key={viewer.userId ?? `anonymous-${index}`} className="rounded-full ring-2 ring-surface">
          <Avatar name={viewer.name} src={viewer.avatarUrl} size="sm" />
        </li>
      ))}
      {others.length > shown.length ? (
        <li className="grid size-7 place-items-center rounded-full bg-surface-sunken text-2xs font-semibold text-ink-muted ring-2 ring-surface">
          +{others.length - shown.length}
        </li>
      ) : null}
    </ul>
  )
}
