/** The thread of a comment: its replies, and the reply box (mentions, attachments, private). */
import { Avatar, Button, formatRelativeTime, Switch } from '@pinpoint/ui'
import { Lock, Pencil, Trash2 } from 'lucide-react'
import { useState } from 'react'
import { AttachButton, UploadList, useUploads } from '../composer/attachments'
import { type Mentioned, MentionTextarea, toMarkup } from '../composer/mention-textarea'
import { useCanvasUsers } from '../data/queries'
import type { Annotation, FileAttachment } from '../data/types'
import { useReview } from '../model'
import { CommentEditor, EditedMark } from './comment-editor'
import { CommentText } from './comment-text'

export function AttachmentLinks({ files }: { files: readonly FileAttachment[] }) {
  if (files.length === 0) return null
  return (
    <ul className="mt-1.5 flex flex-wrap gap-1.5" aria-label="Attachments">
      {files.map((file) => (
        <li key={file.id}>
          <a
            href={file.url}
            target="_blank"
            rel="noreferrer"
            className="inline-flex max-w-48 items-center rounded border border-line bg-surface-sunken px-1.5 py-0.5 text-xs text-brand-700 hover:underline"
          >
            <span className="truncate">{file.name}</span>
          </a>
        </li>
      ))}
    </ul>
  )
}

export function Replies({ annotation }: { annotation: Annotation }) {
  const { user, actions, abilities, canvas } = useReview()
  const users = useCanvasUsers(canvas.id, abilities.mention)
  const uploads = useUploads()
  const [text, setText] = useState('')
  const [mentions, setMentions] = useState<Mentioned[]>([])
  const [isPrivate, setPrivate] = useState(false)
  const [busy, setBusy] = useState(false)
  const [editingId, setEditingId] = useState<string | null>(null)
  const replies = annotation.AnnotationReplies ?? []
  const send = async () => {
    if (!text.trim() || uploads.busy || busy) return
    setBusy(true)
    const ok = await actions.reply(annotation.id, {
      comment: toMarkup(text.trim(), mentions),
      isPrivate: isPrivate || undefined,
      fileAttachmentIds: uploads.ids.length ? uploads.ids : undefined,
    })
    setBusy(false)
    if (ok) {
      setText('')
      setMentions([])
      uploads.clear()
    }
  }
  return (
    <section aria-label="Replies" className="space-y-3">
      {replies.length ? (
        <ol className="space-y-3">
          {replies.map((reply) => (
            <li key={reply.id} className="flex gap-2" data-reply-id={reply.id}>
              <Avatar name={reply.userName} size="sm" />
              <div className="min-w-0 flex-1">
                <div className="flex items-center gap-2 text-sm">
                  <span className="font-medium">{reply.userName}</span>
                  {reply.isPrivate ? <Lock className="size-3 text-ink-subtle" aria-label="Private" /> : null}
                  <time className="text-xs text-ink-muted" dateTime={reply.createdAt}>
                    {formatRelativeTime(reply.createdAt)}
                  </time>
                  <EditedMark editedAt={reply.editedAt} />
                  {user && reply.UserId === user.id ? (
                    <span className="ml-auto flex gap-0.5">
                      {!abilities.readOnly ? (
                        <button
                          type="button"
                          className="grid size-7 place-items-center rounded-control text-ink-muted hover:bg-hover hover:text-ink focus-visible:outline-2 focus-visible:outline-brand-500"
                          aria-label="Edit reply"
                          data-edit-reply=""
                          onClick={() => setEditingId(reply.id)}
                        >
                          <Pencil className="size-3.5" />
                        </button>
                      ) : null}
                      <button
                        type="button"
                        className="grid size-7 place-items-center rounded-control text-ink-muted hover:bg-hover hover:text-danger-700 focus-visible:outline-2 focus-visible:outline-brand-500"
                        aria-label="Delete reply"
                        onClick={() => actions.deleteReply(annotation.id, reply.id)}
                      >
                        <Trash2 className="size-3.5" />
                      </button>
                    </span>
                  ) : null}
                </div>
                {editingId === reply.id ? (
                  <CommentEditor
                    stored={reply.comment}
                    label="Edit reply"
                    onSave={(markup) => actions.editReply(reply, markup)}
                    onDone={() => {
                      setEditingId(null)
                      // Focus goes back to the reply's edit button rather than to the page.
                      requestAnimationFrame(() =>
                        document
                          .querySelector<HTMLButtonElement>(`[data-reply-id="${reply.id}"] [data-edit-reply]`)
                          ?.focus(),
                      )
                    }}
                  />
                ) : (
                  <CommentText text={reply.comment} />
                )}
                <AttachmentLinks files={reply.FileAttachments} />
              </div>
            </li>
          ))}
        </ol>
      ) : null}
      {abilities.signedIn && abilities.comment ? (
        <div className="space-y-2">
          <MentionTextarea
            value={text}
            onChange={setText}
            mentions={mentions}
            onMention={(mention) => setMentions((list) => [...list, mention])}
            users={users.data ?? []}
            label="Reply"
            placeholder="Reply…"
            rows={2}
            onSubmit={() => void send()}
          />
          <UploadList uploads={uploads.uploads} onRemove={uploads.remove} />
          <div className="flex items-center gap-2">
            {abilities.attach ? <AttachButton onFiles={uploads.add} /> : null}
            {abilities.privateComments && !annotation.isPrivate ? (
              <Switch checked={isPrivate} onCheckedChange={setPrivate} label="Private" className="text-xs" />
            ) : null}
            <Button
              size="sm"
              className="ml-auto"
              loading={busy}
              disabled={!text.trim() || uploads.busy}
              onClick={() => void send()}
            >
              Reply
            </Button>
          </div>
        </div>
      ) : null}
    </section>
  )
}
