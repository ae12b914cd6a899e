/**
 * The same anchor for another text of its element: a copy-change comment stores the text before the
 * change; once the site shows the new text (or while the reviewer's edit is still on the page), the pin is
 * found by that one.
 */
import { isAnchor } from './resolve'
import { normalizeText, textHash } from './text'
import type { Anchor } from './types'

export function withText(anchor: unknown, text: string): Anchor | null {
  if (!isAnchor(anchor)) return null
  const normalized = normalizeText(text)
  return {
    ...anchor,
    fingerprint: {
      ...anchor.fingerprint,
      text: normalized.slice(0, 300),
      textLength: normalized.length,
      textHash: textHash(normalized),
      dupes: undefined,
    },
    quote: anchor.quote ? { ...anchor.quote, exact: normalized.slice(0, 160) } : null,
  }
}
