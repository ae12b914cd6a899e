/**
 * @-mentions stored inside comment text (SPEC 3): `@[Display Name](type:id)`, where the name contains no
 * `]`, the type is a word (e.g. `user`) and the id is alphanumeric.
 */

/** One mention found in a text. */
export interface Mention {
  id: string
  name: string
}

/** The mention format. Global: copy it (`new RegExp(MENTION_PATTERN)`) before using `exec` in a loop. */
export const MENTION_PATTERN = /@\[([^\]]+)\]\(([A-Za-z][\w-]*):([A-Za-z0-9]+)\)/g

/**
 * All mentions in `text`, in order of first appearance, without repeating an `{id, name}` pair.
 * The same id under two different names yields two pairs (the SPEC asks for unique pairs).
 */
export function parseMentions(text: string | null | undefined): Mention[] {
  const mentions: Mention[] = []
  const seen = new Set<string>()
  for (const match of (text ?? '').matchAll(MENTION_PATTERN)) {
    const name = match[1] ?? ''
    const id = match[3] ?? ''
    const key = `${id}\u0000${name}`
    if (seen.has(key)) continue
    seen.add(key)
    mentions.push({ id, name })
  }
  return mentions
}

/** The distinct ids mentioned in `text`, in order of first appearance. */
export function mentionedUserIds(text: string | null | undefined): string[] {
  return [...new Set(parseMentions(text).map((mention) => mention.id))]
}

/**
 * Builds the stored form of a mention. Square brackets in the name are dropped (they would end the name
 * early); an id or type outside the format throws, since it could never be parsed back.
 */
export function formatMention(name: string, type: string, id: string): string {
  if (!/^[A-Za-z0-9]+$/.test(id)) throw new Error(`Mention id must be alphanumeric: ${id}`)
  if (!/^[A-Za-z][\w-]*$/.test(type)) throw new Error(`Invalid mention type: ${type}`)
  const safeName = name.replace(/[[\]]/g, '').trim()
  if (!safeName) throw new Error('Mention name is empty')
  return `@[${safeName}](${type}:${id})`
}

/**
 * The text as people read it: each `@[Name](type:id)` becomes `@Name` (for task tools, CSV and webhooks,
 * which know nothing of our ids).
 */
export function mentionsAsNames(text: string | null | undefined): string {
  return (text ?? '').replace(new RegExp(MENTION_PATTERN), (_match, name: string) => `@${name}`)
}
