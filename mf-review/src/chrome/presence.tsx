/** Who else is looking at the canvas right now (real-time presence; entries expire after 30 s). */
import { Avatar } from '@pinpoint/ui'
import type { Viewer } from '../data/realtime'

export function Presence({ viewers, selfId }: { viewers: readonly Viewer[]; selfId: string | null }) {
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
