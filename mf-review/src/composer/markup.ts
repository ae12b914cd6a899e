/**
 * Stored comment text back into what the comment field shows: `@[Ada Lovelace](user:ID)` becomes
 * "@Ada Lovelace" plus the mention, so editing a comment keeps its mentions and `toMarkup` writes them back.
 */
import { MENTION_PATTERN, parseMentions } from '@pinpoint/domain'

export interface EditableText {
  text: string
  mentions: { id: string; name: string }[]
}

export function fromMarkup(stored: string): EditableText {
  return {
    text: stored.replace(new RegExp(MENTION_PATTERN), (_match, name: string) => `@${name}`),
    mentions: parseMentions(stored).map(({ id, name }) => ({ id, name })),
  }
}
