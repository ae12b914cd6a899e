/** Comment text with @-mentions shown as names (the stored markup is `@[Name](user:ID)`). */
import { Fragment } from 'react'

const MENTION = /@\[([^\]]+)\]\([A-Za-z][\w-]*:[A-Za-z0-9]+\)/g

export function CommentText({ text, className }: { text: string; className?: string }) {
  const parts: Array<{ mention: boolean; text: string }> = []
  let last = 0
  for (const match of text.matchAll(MENTION)) {
    const index = match.index ?? 0
    if (index > last) parts.push({ mention: false, text: text.slice(last, index) })
    parts.push({ mention: true, text: `@${match[1] ?? ''}` })
    last = index + match[0].length
  }
  if (last < text.length) parts.push({ mention: false, text: text.slice(last) })
  return (
    <p className={className ?? 'whitespace-pre-wrap break-words text-sm text-ink'}>
      {parts.map((part, index) =>
        part.mention ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: parts of one text never reorder
          <span key={index} className="rounded bg-brand-50 px-0.5 font-medium text-brand-700">
            {part.text}
          </span>
        ) : (
          // biome-ignore lint/suspicious/noArrayIndexKey: parts of one text never reorder
          <Fragment key={index}>{part.text}</Fragment>
        ),
      )}
    </p>
  )
}
