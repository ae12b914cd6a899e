import type { AppEvent } from '@pinpoint/api'
import { currentUserAtom, noteDashboardChangeAtom, unreadEventsCountAtom } from '@pinpoint/state'
import { Avatar, Button, cn, EmptyState, formatRelativeTime, Popover, Skeleton } from '@pinpoint/ui'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useAtom, useAtomValue, useSetAtom } from 'jotai'
import { Bell, BellOff, CheckCheck } from 'lucide-react'
import { useEffect, useState } from 'react'
import { useNavigate } from 'react-router'
import { endpoints } from '../api'
import { errorMessage } from '../lib/errors'
import { commentHref, eventText } from './event-text'
import { EVENTS_QUERY_KEY } from './realtime'

function isUnread(event: AppEvent) {
  return event.read !== true && !event.readAt
}

/** The bell in the header and its panel of the user's events (GET /users/me/events). */
export function NotificationsPanel() {
  const [open, setOpen] = useState(false)
  const [unread, setUnread] = useAtom(unreadEventsCountAtom)
  const viewer = useAtomValue(currentUserAtom)
  const noteDashboardChange = useSetAtom(noteDashboardChangeAtom)
  const queryClient = useQueryClient()
  const navigate = useNavigate()
  const events = useQuery({
    queryKey: EVENTS_QUERY_KEY,
    queryFn: ({ signal }) => endpoints.events.mine({ signal }),
    select: (data) => data.events ?? [],
    retry: false,
    staleTime: 60_000,
  })
  const unreadIds = (events.data ?? []).filter(isUnread).map((event) => event.id)
  const unreadTotal = queryClient.getQueryData<{ unreadCount?: number }>(EVENTS_QUERY_KEY)?.unreadCount
  useEffect(() => {
    if (events.data) setUnread(unreadTotal ?? events.data.filter(isUnread).length)
  }, [events.data, unreadTotal, setUnread])

  const markRead = useMutation({
    mutationFn: (ids: Array<string | number>) => endpoints.events.markAsRead(ids),
    onSuccess: (_result, ids) => {
      const read = new Set(ids.map(String))
      queryClient.setQueryData<{ events: AppEvent[]; unreadCount?: number }>(EVENTS_QUERY_KEY, (data) => {
        if (!data) return data
        const events = data.events.map((event) =>
          read.has(String(event.id)) ? { ...event, read: true } : event,
        )
        return { events, unreadCount: Math.max(0, (data.unreadCount ?? 0) - ids.length) }
      })
      // Seen: the cards' New activity badges and the New activity filter follow (decision 054).
      noteDashboardChange('lists')
    },
  })

  const openEvent = (event: AppEvent) => {
    if (isUnread(event)) markRead.mutate([event.id])
    const href = commentHref(event)
    setOpen(false)
    if (href) void navigate(href)
  }

  return (
    <Popover
      open={open}
      onOpenChange={setOpen}
      label="Notifications"
      trigger={
        <Button
          variant="ghost"
          size="icon"
          aria-label={unread > 0 ? `Notifications, ${unread} unread` : 'Notifications'}
          className="relative"
        >
          <Bell />
          {unread > 0 ? (
            <span className="absolute top-1 right-1 grid min-w-4 place-items-center rounded-full bg-brand-600 px-1 text-[10px] leading-4 font-bold text-white ring-2 ring-surface">
              {unread > 99 ? '99+' : unread}
            </span>
          ) : null}
        </Button>
      }
    >
      <div className="flex items-center justify-between border-b border-line px-4 py-3">
        <h2 className="text-sm font-semibold">Notifications</h2>
        <Button
          variant="ghost"
          size="sm"
          disabled={unreadIds.length === 0}
          loading={markRead.isPending}
          onClick={() => markRead.mutate(unreadIds)}
        >
          <CheckCheck />
          Mark all as read
        </Button>
      </div>
      <div className="max-h-[min(28rem,70dvh)] overflow-y-auto p-1.5">
        {events.isPending ? (
          <div className="space-y-3 p-2.5">
            {[0, 1, 2].map((i) => (
              <div key={i} className="flex gap-3">
                <Skeleton className="size-8 rounded-full" />
                <div className="flex-1 space-y-2">
                  <Skeleton className="h-3 w-3/4" />
                  <Skeleton className="h-2.5 w-1/3" />
                </div>
              </div>
            ))}
          </div>
        ) : events.isError ? (
          <p className="p-4 text-sm text-danger-600">
            {errorMessage(events.error, 'Notifications could not be loaded.')}
          </p>
        ) : events.data.length === 0 ? (
          <EmptyState
            className="py-10"
            icon={<BellOff />}
            title="You’re all caught up"
            description="Comments and replies on your canvases will show up here."
          />
        ) : (
          <ul>
            {events.data.map((event) => (
              <li key={event.id}>
                <button
                  type="button"
                  onClick={() => openEvent(event)}
                  className={cn(
                    'flex w-full items-start gap-3 rounded-lg p-2.5 text-left hover:bg-hover',
                    isUnread(event) && 'bg-brand-50/60 dark:bg-brand-900/20',
                  )}
                >
                  <Avatar
                    name={event.Actor?.name ?? event.data?.actorName ?? 'Pinpoint'}
                    src={event.Actor?.avatarUrl}
                    size="md"
                  />
                  <span className="min-w-0 flex-1">
                    <span className="block text-sm text-ink">{eventText(event, viewer?.id ?? null)}</span>
                    {event.data?.canvasTitle ? (
                      <span className="block truncate text-xs text-ink-muted">{event.data.canvasTitle}</span>
                    ) : null}
                    {event.createdAt ? (
                      <span className="mt-0.5 block text-xs text-ink-subtle">
                        {formatRelativeTime(event.createdAt)}
                      </span>
                    ) : null}
                  </span>
                  {isUnread(event) ? (
                    <span className="mt-1.5 size-2 shrink-0 rounded-full bg-brand-600">
                      <span className="sr-only">Unread</span>
                    </span>
                  ) : null}
                </button>
              </li>
            ))}
          </ul>
        )}
      </div>
    </Popover>
  )
}
