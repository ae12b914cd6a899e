/**
 * The CSS-path selector: `#main > section:nth-of-type(2) > p:nth-of-type(3)`. Exact and fast when the page
 * has not changed, which is the common case; it breaks when content is inserted above, which is why it is
 * only the first of several selectors and is always checked against the fingerprint.
 */
import { BRIDGE_ATTRIBUTE } from './text-index'

/** Ids a framework generated (`ember123`, `:r1:`, uuids) change on every render: not worth anchoring to. */
const GENERATED_ID = /\d{3,}|^[a-f0-9-]{16,}$|^:|^(?:ember|react|ng-|radix-|headlessui|mui-)/i

export function isStableId(id: string): boolean {
  return id.length > 0 && id.length <= 64 && !GENERATED_ID.test(id)
}

function cssEscape(value: string): string {
  return typeof CSS !== 'undefined' && CSS.escape ? CSS.escape(value) : value.replace(/[^\w-]/g, '\\$&')
}

/** A selector that matches exactly this element now. */
export function cssPath(element: Element): string {
  const doc = element.ownerDocument
  const parts: string[] = []
  for (let node: Element | null = element; node && node !== doc.documentElement; node = node.parentElement) {
    const id = node.getAttribute('id')
    if (id && isStableId(id) && doc.querySelectorAll(`#${cssEscape(id)}`).length === 1) {
      parts.unshift(`#${cssEscape(id)}`)
      return parts.join(' > ')
    }
    const tag = cssEscape(node.localName)
    const parent: Element | null = node.parentElement
    if (!parent) {
      parts.unshift(tag)
      break
    }
    const siblings = Array.from(parent.children).filter(
      (child) => child.localName === node?.localName && !child.hasAttribute(BRIDGE_ATTRIBUTE),
    )
    parts.unshift(siblings.length > 1 ? `${tag}:nth-of-type(${siblings.indexOf(node) + 1})` : tag)
  }
  return `html > ${parts.join(' > ')}`.replace(/ > $/, '')
}
