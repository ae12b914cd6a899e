import { labelTextColor } from '@pinpoint/domain'
import { Avatar, cn, formatRelativeTime, LabelChip } from '@pinpoint/ui'
import { Lock, MessageSquare, Paperclip, Upload } from 'lucide-react'
import { memo } from 'react'
import type { Annotation } from '../data/types'
import { plainComment } from '../lib/list'
import { STATUS_DOTS, statusName } from './labels'

/**
 * One comment in the list: number, author, time, excerpt, status, labels and counts; opens on click.
 * Memoised (with stable callbacks taking the id), so a change to one comment re-renders one card.
 */
export const CommentCard = memo(function CommentCard({
  annotation,
  number,
  selected,
  batch,
  checked,
  onOpen,
  onCheck,
  note,
}: {
  annotation: Annotation
  number: number | undefined
  selected: boolean
  batch: boolean
  checked: boolean
  onOpen: (id: string) => void
  onCheck: (id: string, checked: boolean) => void
  /** A line under the excerpt (why the pin is inactive). */
  note?: string
}) {
  const replies = annotation.AnnotationReplies?.length ?? 0
  return (
    <li
      className={cn(
        'group relative rounded-lg border bg-surface transition-colors',
        selected ? 'border-brand-400 bg-selected' : 'border-line hover:border-line-strong',
      )}
    >
      {batch ? (
        <input
          type="checkbox"
          className="absolute top-3.5 left-3 size-4 accent-brand-600"
          aria-label={`Select comment ${number}`}
          checked={checked}
          onChange={(event) => onCheck(annotation.id, event.target.checked)}
        />
      ) : null}
      <button
        type="button"
        onClick={() => onOpen(annotation.id)}
        className={cn('block w-full px-3 py-2.5 text-left', batch && 'pl-9')}
        aria-current={selected || undefined}
        data-comment-id={annotation.id}
      >
        <span className="flex items-center gap-2">
          <span
            className={cn(
              'grid size-5 shrink-0 place-items-center rounded-full text-2xs font-bold text-white',
              STATUS_DOTS[annotation.status] ?? 'bg-brand-600',
            )}
          >
            {number}
          </span>
          <Avatar name={annotation.userName} size="xs" />
          <span className="min-w-0 flex-1 truncate text-sm font-medium">{annotation.userName}</span>
          {annotation.isPrivate ? <Lock className="size-3.5 text-ink-subtle" aria-label="Private" /> : null}
          <time className="shrink-0 text-xs text-ink-muted" dateTime={annotation.createdAt}>
            {formatRelativeTime(annotation.createdAt)}
          </time>
        </span>
        <span className="mt-1 line-clamp-2 block text-sm text-ink-muted">
          {annotation.textContentAfter ? `“${annotation.textContentAfter}” ` : ''}
          {plainComment(annotation.comment) || (annotation.textContentAfter ? '' : 'No text')}
        </span>
        {note ? <span className="mt-1 block text-xs text-warning-700">{note}</span> : null}
        {annotation.screenshotUrl ? (
          // Decorative here (the opened comment shows it with its description): the card is one button.
          <img
            src={annotation.screenshotUrl}
            alt=""
            loading="lazy"
            className="mt-1.5 block max-h-16 w-auto max-w-full rounded border border-line object-contain"
            data-testid="card-screenshot"
          />
        ) : null}
        <span className="mt-1.5 flex flex-wrap items-center gap-x-3 gap-y-1 text-xs text-ink-muted">
          <span className="inline-flex items-center gap-1">
            <span className={cn('size-1.5 rounded-full', STATUS_DOTS[annotation.status] ?? 'bg-brand-600')} />
            {statusName(annotation.status)}
          </span>
          {replies ? (
            <span className="inline-flex items-center gap-1">
              <MessageSquare className="size-3" aria-hidden="true" />
              {replies} {replies === 1 ? 'reply' : 'replies'}
            </span>
          ) : null}
          {annotation.numFileAttachments ? (
            <span className="inline-flex items-center gap-1">
              <Paperclip className="size-3" aria-hidden="true" />
              {annotation.numFileAttachments}
            </span>
          ) : null}
          {annotation.Labels.map((label) => (
            <LabelChip
              key={label.id}
              name={label.name}
              color={label.color}
              textColor={labelTextColor(label.color)}
            />
          ))}
          {annotation.assignedUser ? <span>→ {annotation.assignedUser.name}</span> : null}
          {annotation.lastExportDate ? (
            <span
              className="inline-flex items-center gap-1 rounded-full bg-success-50 px-1.5 font-medium text-success-700"
              title={`Exported ${new Date(annotation.lastExportDate).toLocaleString()}`}
              data-testid="exported-badge"
            >
              <Upload className="size-3" aria-hidden="true" />
              Exported
            </span>
          ) : null}
        </span>
      </button>
    </li>
  )
})
