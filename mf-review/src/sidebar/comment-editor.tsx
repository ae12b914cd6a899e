/**
 * Editing the text of one's own comment or reply in place: the stored mentions come back as "@Name"
 * (they stay mentions, and people newly mentioned are notified by the server). Ctrl/⌘+Enter saves,
 * Escape cancels; the edit button gets the focus back either way.
 */
import { Button, formatRelativeTime } from '@pinpoint/ui'
import { type KeyboardEvent, type Ref, useState } from 'react'
import { fromMarkup } from '../composer/markup'
import { type Mentioned, MentionTextarea, toMarkup } from '../composer/mention-textarea'
import { useCanvasUsers } from '../data/queries'
import { useReview } from '../model'

export function CommentEditor({
  stored,
  label,
  onSave,
  onDone,
  fieldRef,
}: {
  stored: string
  /** Accessible name of the field ("Edit comment", "Edit reply"). */
  label: string
  onSave: (markup: string) => Promise<boolean>
  onDone: () => void
  /** The text field, for a caller that must move the focus there itself (after a menu has closed). */
  fieldRef?: Ref<HTMLTextAreaElement>
}) {
  const { abilities, canvas } = useReview()
  const users = useCanvasUsers(canvas.id, abilities.mention)
  const [initial] = useState(() => fromMarkup(stored))
  const [text, setText] = useState(initial.text)
  const [mentions, setMentions] = useState<Mentioned[]>(initial.mentions)
  const [busy, setBusy] = useState(false)
  const save = async () => {
    if (!text.trim() || busy) return
    const markup = toMarkup(text.trim(), mentions)
    if (markup === stored) return onDone()
    setBusy(true)
    const ok = await onSave(markup)
    setBusy(false)
    if (ok) onDone()
  }
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    // The suggestion list stops its own Escape; one reaching here leaves the editor.
    if (event.key === 'Escape') {
      event.stopPropagation()
      onDone()
    }
  }
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: Escape from the field inside, not a control
    <div className="space-y-2" onKeyDown={onKeyDown} data-testid="comment-editor">
      <MentionTextarea
        ref={fieldRef}
        autoFocus
        value={text}
        onChange={setText}
        mentions={mentions}
        onMention={(mention) => setMentions((list) => [...list, mention])}
        users={users.data ?? []}
        label={label}
        placeholder="Write the new text…"
        rows={3}
        onSubmit={() => void save()}
      />
      <div className="flex justify-end gap-2">
        <Button variant="secondary" size="sm" onClick={onDone}>
          Cancel
        </Button>
        <Button size="sm" loading={busy} disabled={!text.trim()} onClick={() => void save()}>
          Save
        </Button>
      </div>
    </div>
  )
}

/** "edited" beside a comment's or reply's time, with when in its tooltip and for screen readers. */
export function EditedMark({ editedAt }: { editedAt: string | null | undefined }) {
  if (!editedAt) return null
  const when = formatRelativeTime(editedAt)
  return (
    <span className="text-xs text-ink-muted" title={`Edited ${when}`} data-testid="edited-mark">
      (edited<span className="sr-only"> {when}</span>)
    </span>
  )
}
