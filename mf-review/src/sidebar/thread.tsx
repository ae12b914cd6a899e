/**
 * An open comment: stepping to the previous or next one (wrapping around), its status (also by
 * keyboard, see shortcuts), labels, assignee, privacy, text and copy change, attachments and replies.
 */
import { INACTIVE_REASON_TEXT, type InactiveReason } from '@pinpoint/anchoring'
import { ANNOTATION_STATUSES } from '@pinpoint/domain'
import { Avatar, Button, formatRelativeTime, Menu, MenuItem, MenuSeparator } from '@pinpoint/ui'
import { useAtomValue, useSetAtom } from 'jotai'
import {
  ArrowLeft,
  ChevronDown,
  ChevronUp,
  Link as LinkIcon,
  Lock,
  MoreHorizontal,
  Pencil,
  Trash2,
  Unlock,
} from 'lucide-react'
import { useEffect, useLayoutEffect, useRef, useState } from 'react'
import { useCanvasUsers } from '../data/queries'
import type { Annotation } from '../data/types'
import { useReview } from '../model'
import { ScreenshotFigure } from '../screenshots/screenshot-figure'
import { useReviewAtoms } from '../state'
import { CommentEditor, EditedMark } from './comment-editor'
import { CommentText } from './comment-text'
import { ThreadLabels } from './label-picker'
import { statusName } from './labels'
import { AttachmentLinks, Replies } from './replies'

export function Thread({
  annotation,
  onStep,
}: {
  annotation: Annotation
  onStep: (direction: 1 | -1) => void
}) {
  const { numbers, abilities, actions, select, canvas, commentHref } = useReview()
  const atoms = useReviewAtoms()
  const statuses = useAtomValue(atoms.pinStatuses)
  const setReattach = useSetAtom(atoms.reattachId)
  const setCommenting = useSetAtom(atoms.commenting)
  const users = useCanvasUsers(canvas.id, abilities.assign)
  const [editingId, setEditingId] = useState<string | null>(null)
  const editing = editingId === annotation.id && abilities.edit(annotation)
  const moreActions = useRef<HTMLButtonElement>(null)
  // "Edit comment" opens the editor while the menu still holds the focus (it traps it until it has
  // closed): once closed, the focus goes to the editor instead of back to the menu's trigger.
  const keepFocus = useRef(false)
  const editorField = useRef<HTMLTextAreaElement>(null)
  const stopEditing = () => {
    setEditingId(null)
    // The editor leaves the page: focus goes back to the menu it was opened from, not to the body.
    requestAnimationFrame(() => moreActions.current?.focus())
  }
  const number = numbers.get(annotation.id)
  const live = statuses.get(annotation.id)
  const reason = (live?.status === 'inactive' ? live.reason : annotation.inactiveReason) as
    | InactiveReason
    | null
    | undefined
  // Opened from the list, the card that had focus is gone: focus moves into the thread rather than to
  // the body (issue 19 item 9). Opened while typing elsewhere (a shortcut, a notification), it stays put.
  const article = useRef<HTMLElement>(null)
  useEffect(() => {
    const active = document.activeElement
    if (!active || active === document.body || active.closest('[data-pin-id]')) article.current?.focus()
  }, [])
  // Closed (Escape, "All comments") while the focus was inside: it goes to this comment's card in the
  // list, not to the body (issue 19 item 6). A layout effect's cleanup runs before the thread leaves the
  // page, while the focus is still inside it.
  const id = annotation.id
  useLayoutEffect(
    () => () => {
      if (!article.current?.contains(document.activeElement)) return
      requestAnimationFrame(() => {
        const active = document.activeElement
        if (active && active !== document.body) return
        document.querySelector<HTMLElement>(`[data-comment-id="${CSS.escape(id)}"]`)?.focus()
      })
    },
    [id],
  )
  return (
    <article
      ref={article}
      tabIndex={-1}
      className="flex min-h-0 flex-1 flex-col outline-none"
      aria-label={`Comment ${number}`}
      data-testid="thread"
    >
      {/* pr-10 on phones: the sheet's close button sits in the top right corner. */}
      <header className="flex items-center gap-1 border-b border-line py-1.5 pr-10 pl-2 md:pr-2">
        <Button variant="ghost" size="sm" onClick={() => select(null)}>
          <ArrowLeft />
          All comments
        </Button>
        <span className="ml-auto text-sm font-semibold tabular-nums">#{number}</span>
        <Button variant="ghost" size="icon-sm" aria-label="Previous comment (k)" onClick={() => onStep(-1)}>
          <ChevronUp />
        </Button>
        <Button variant="ghost" size="icon-sm" aria-label="Next comment (j)" onClick={() => onStep(1)}>
          <ChevronDown />
        </Button>
        <Menu
          align="end"
          onCloseAutoFocus={(event) => {
            if (!keepFocus.current) return
            keepFocus.current = false
            event.preventDefault()
            editorField.current?.focus()
          }}
          trigger={
            <Button ref={moreActions} variant="ghost" size="icon-sm" aria-label="More actions">
              <MoreHorizontal />
            </Button>
          }
        >
          <MenuItem
            icon={<LinkIcon />}
            onSelect={() =>
              void navigator.clipboard?.writeText(
                new URL(commentHref(annotation.id), location.href).toString(),
              )
            }
          >
            Copy link
          </MenuItem>
          {abilities.edit(annotation) ? (
            <MenuItem
              icon={<Pencil />}
              onSelect={() => {
                keepFocus.current = true
                setEditingId(annotation.id)
              }}
            >
              Edit comment
            </MenuItem>
          ) : null}
          {abilities.edit(annotation) && abilities.privateComments ? (
            <MenuItem
              icon={annotation.isPrivate ? <Unlock /> : <Lock />}
              onSelect={() => void actions.update(annotation.id, { isPrivate: !annotation.isPrivate })}
            >
              {annotation.isPrivate ? 'Show to everyone' : 'Make private (team only)'}
            </MenuItem>
          ) : null}
          {abilities.remove(annotation) ? (
            <>
              <MenuSeparator />
              <MenuItem
                tone="danger"
                icon={<Trash2 />}
                onSelect={() => {
                  actions.remove([annotation.id])
                  select(null)
                }}
              >
                Delete comment
              </MenuItem>
            </>
          ) : null}
        </Menu>
      </header>
      <div className="min-h-0 flex-1 space-y-4 overflow-y-auto p-4">
        <div className="flex items-center gap-2">
          <Avatar name={annotation.userName} size="sm" />
          <span className="text-sm font-medium">{annotation.userName}</span>
          {annotation.isPrivate ? (
            <span className="inline-flex items-center gap-1 rounded bg-warning-50 px-1.5 py-0.5 text-2xs font-medium text-warning-700">
              <Lock className="size-3" aria-hidden="true" /> Private
            </span>
          ) : null}
          <span className="ml-auto flex items-center gap-1">
            <time className="text-xs text-ink-muted" dateTime={annotation.createdAt}>
              {formatRelativeTime(annotation.createdAt)}
            </time>
            <EditedMark editedAt={annotation.editedAt} />
          </span>
        </div>
        {reason ? (
          <div
            className="rounded-md border border-warning-500/40 bg-warning-50 p-2 text-xs text-warning-700"
            role="status"
          >
            {INACTIVE_REASON_TEXT[reason] ?? reason}
            {abilities.changeStatus(annotation) ? (
              <Button
                variant="link"
                size="sm"
                className="ml-1 text-xs"
                onClick={() => {
                  setReattach(annotation.id)
                  setCommenting(true)
                }}
              >
                Re-attach by clicking a new spot
              </Button>
            ) : null}
          </div>
        ) : null}
        {annotation.textContentAfter !== null ? (
          <section
            className="rounded-md border border-line bg-surface-sunken p-2 text-sm"
            aria-label="Copy change"
          >
            <p className="text-ink-subtle line-through">{annotation.textContentBefore}</p>
            <p className="mt-1 font-medium">{annotation.textContentAfter}</p>
          </section>
        ) : null}
        {editing ? (
          <CommentEditor
            stored={annotation.comment}
            label="Edit comment"
            fieldRef={editorField}
            onSave={(markup) => actions.editComment(annotation.id, markup)}
            onDone={stopEditing}
          />
        ) : (
          <CommentText text={annotation.comment} />
        )}
        <AttachmentLinks files={annotation.FileAttachments} />
        <ScreenshotFigure annotation={annotation} />
        <dl className="grid grid-cols-[5.5rem_1fr] items-center gap-x-2 gap-y-2 text-sm">
          <dt className="text-ink-muted">Status</dt>
          <dd>
            <select
              aria-label="Status"
              className="h-8 w-full rounded-control border border-line-strong/80 bg-surface px-2 text-sm disabled:opacity-60"
              value={annotation.status}
              disabled={!abilities.changeStatus(annotation)}
              onChange={(event) => void actions.update(annotation.id, { status: event.target.value })}
              data-testid="status-select"
            >
              {ANNOTATION_STATUSES.map((status) => (
                <option key={status} value={status}>
                  {statusName(status)}
                </option>
              ))}
            </select>
          </dd>
          {abilities.assign ? (
            <>
              <dt className="text-ink-muted">Assignee</dt>
              <dd>
                <select
                  aria-label="Assignee"
                  className="h-8 w-full rounded-control border border-line-strong/80 bg-surface px-2 text-sm"
                  value={annotation.assignedUserId ?? ''}
                  onChange={(event) =>
                    void actions.assign(
                      annotation,
                      users.data?.find((u) => u.id === event.target.value) ?? null,
                    )
                  }
                >
                  <option value="">Nobody</option>
                  {(users.data ?? []).map((user) => (
                    <option key={user.id} value={user.id}>
                      {user.name}
                    </option>
                  ))}
                </select>
              </dd>
            </>
          ) : null}
          <ThreadLabels annotation={annotation} />
        </dl>
        <hr className="border-line" />
        <Replies annotation={annotation} />
      </div>
    </article>
  )
}
