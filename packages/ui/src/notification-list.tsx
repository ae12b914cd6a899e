/**
 * Real-time notifications rendered as clickable cards inside the toast viewport. Presentational
 * only: the shell and the standalone review page pass their entries and how to open a comment
 * (the shell through its router, the review page through its own location helper).
 */
import { MessageSquare } from 'lucide-react'
import { Avatar } from './avatar'
import { cn } from './cn'

export interface NotificationCardEntry {
  id: string
  phase: 'animating-in' | 'visible' | 'animating-out' | 'removed'
  text: string
  href?: string | null
  actor?: { name: string; avatarUrl?: string | null } | null
}

export interface NotificationListProps {
  notifications: readonly NotificationCardEntry[]
  /** Called on click, after which the entry is dismissed by the caller. */
  onOpen(entry: NotificationCardEntry): void
}

export function NotificationList({ notifications, onOpen }: NotificationListProps) {
  return notifications
    .filter((entry) => entry.phase !== 'removed')
    .map((entry) => (
      <button
        type="button"
        key={entry.id}
        data-testid="notification"
        onClick={() => onOpen(entry)}
        className={cn(
          'pointer-events-auto flex w-full max-w-sm items-center gap-3 rounded-xl border border-line bg-surface-raised p-3 text-left shadow-pop hover:border-brand-300',
          // Enter and leave last 400 ms (SPEC section 9); the phase comes from the state package.
          entry.phase === 'animating-in' && 'animate-[toast-in_400ms_cubic-bezier(0.16,1,0.3,1)]',
          entry.phase === 'animating-out' && 'animate-[toast-out_400ms_ease-in_forwards]',
        )}
      >
        {entry.actor ? (
          <Avatar name={entry.actor.name} src={entry.actor.avatarUrl} size="md" />
        ) : (
          <span className="grid size-8 place-items-center rounded-full bg-brand-50 text-brand-600">
            <MessageSquare className="size-4" />
          </span>
        )}
        <span className="min-w-0 flex-1">
          <span className="block text-sm font-medium text-ink">{entry.text}</span>
          {entry.href ? (
            <span className="block text-xs text-ink-muted">Click to open the comment</span>
          ) : null}
        </span>
      </button>
    ))
}
