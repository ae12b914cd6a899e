/**
 * A comment field with @-mentions (SPEC: suggest the team users the canvas may show). The field shows
 * "@Ada Lovelace"; `toMarkup` turns each chosen mention into the stored `@[Ada Lovelace](user:ID)` form.
 * Suggestions open after "@", and are chosen with the arrow keys and Enter or Tab, or the mouse.
 */
import { formatMention } from '@pinpoint/domain'
import { Avatar, cn } from '@pinpoint/ui'
import { forwardRef, type KeyboardEvent, useEffect, useId, useRef, useState } from 'react'
import type { CanvasUser } from '../data/types'

export interface Mentioned {
  id: string
  name: string
}

/** The text with every chosen mention in its stored markup. */
export function toMarkup(text: string, mentions: readonly Mentioned[]): string {
  let out = text
  for (const mention of [...mentions].sort((a, b) => b.name.length - a.name.length)) {
    out = out.split(`@${mention.name}`).join(formatMention(mention.name, 'user', mention.id))
  }
  return out
}

interface Props {
  value: string
  onChange: (value: string) => void
  mentions: readonly Mentioned[]
  onMention: (mention: Mentioned) => void
  users: readonly CanvasUser[]
  placeholder: string
  label: string
  onSubmit: () => void
  autoFocus?: boolean
  rows?: number
}

export const MentionTextarea = forwardRef<HTMLTextAreaElement, Props>(function MentionTextarea(
  { value, onChange, onMention, users, placeholder, label, onSubmit, autoFocus, rows = 3 },
  ref,
) {
  const listId = useId()
  const own = useRef<HTMLTextAreaElement | null>(null)
  // The box opens because the reviewer chose a spot: typing comes next, so the field takes the focus.
  useEffect(() => {
    if (autoFocus) own.current?.focus()
  }, [autoFocus])
  const [query, setQuery] = useState<string | null>(null)
  const [active, setActive] = useState(0)
  const [caret, setCaret] = useState(0)
  const matches =
    query === null
      ? []
      : users
          .filter((user) => `${user.name} ${user.email ?? ''}`.toLowerCase().includes(query.toLowerCase()))
          .slice(0, 6)
  const open = matches.length > 0

  const update = (text: string, position: number) => {
    onChange(text)
    setCaret(position)
    const match = /(?:^|\s)@([^\s@]{0,30})$/.exec(text.slice(0, position))
    setQuery(users.length && match ? (match[1] ?? '') : null)
    setActive(0)
  }
  const choose = (user: CanvasUser) => {
    const before = value.slice(0, caret).replace(/@([^\s@]{0,30})$/, `@${user.name} `)
    onChange(before + value.slice(caret))
    onMention({ id: user.id, name: user.name })
    setQuery(null)
  }
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (open && (event.key === 'ArrowDown' || event.key === 'ArrowUp')) {
      event.preventDefault()
      setActive((index) => (index + (event.key === 'ArrowDown' ? 1 : matches.length - 1)) % matches.length)
    } else if (open && (event.key === 'Enter' || event.key === 'Tab')) {
      event.preventDefault()
      const user = matches[active]
      if (user) choose(user)
    } else if (open && event.key === 'Escape') {
      event.stopPropagation()
      setQuery(null)
    } else if (event.key === 'Enter' && (event.metaKey || event.ctrlKey)) {
      event.preventDefault()
      onSubmit()
    }
  }

  return (
    <div className="relative">
      <textarea
        ref={(element) => {
          own.current = element
          if (typeof ref === 'function') ref(element)
          else if (ref) ref.current = element
        }}
        value={value}
        rows={rows}
        aria-label={label}
        placeholder={placeholder}
        role="combobox"
        aria-expanded={open}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={open ? `${listId}-${active}` : undefined}
        aria-describedby={`${listId}-hint`}
        onChange={(event) => update(event.target.value, event.target.selectionStart)}
        onKeyDown={onKeyDown}
        onBlur={() => window.setTimeout(() => setQuery(null), 150)}
        className="block w-full resize-none rounded-control border border-line-strong/80 bg-surface px-3 py-2 text-sm text-ink placeholder:text-ink-subtle focus-visible:border-brand-500 focus-visible:outline-none focus-visible:ring-3 focus-visible:ring-brand-500/20"
      />
      {/* Said to screen readers always; shown where there is a keyboard (issue 19 item 9). */}
      <p id={`${listId}-hint`} className="mt-1 text-xs text-ink-muted max-sm:hidden pointer-coarse:hidden">
        Ctrl+Enter (⌘+Enter on a Mac) sends; Enter adds a line.
      </p>
      <div
        id={listId}
        role="listbox"
        aria-label="People to mention"
        hidden={!open}
        className="absolute inset-x-0 top-full z-30 mt-1 max-h-56 overflow-auto rounded-control border border-line bg-surface-raised p-1 shadow-pop"
      >
        {matches.map((user, index) => (
          <div
            key={user.id}
            id={`${listId}-${index}`}
            role="option"
            tabIndex={-1}
            aria-selected={index === active}
            onMouseDown={(event) => {
              event.preventDefault()
              choose(user)
            }}
            className={cn(
              'flex cursor-pointer items-center gap-2 rounded-md px-2 py-1.5 text-sm',
              index === active && 'bg-selected',
            )}
          >
            <Avatar name={user.name} src={user.avatarUrl} size="xs" />
            <span className="truncate font-medium">{user.name}</span>
            {user.email ? <span className="truncate text-xs text-ink-subtle">{user.email}</span> : null}
          </div>
        ))}
      </div>
    </div>
  )
})
