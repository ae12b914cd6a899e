/**
 * The pins drawn inside the reviewed page: buttons in a shadow root (the page's CSS cannot restyle them,
 * ours cannot leak into the page) hung on <html>, placed in document coordinates so they scroll with the
 * page natively (no lag behind the scroll, unlike an overlay in the parent). Pins on fixed elements (a
 * sticky header) are fixed too. Layout reads every box first and writes after, so 500 pins cost one layout.
 */
import type { PinInput, PinStatus } from '../protocol'
import { BRIDGE_ATTRIBUTE } from '../text-index'
import type { Anchor, Resolution } from '../types'
import { PIN_STYLES } from './styles'

interface PinEntry {
  input: PinInput
  button: HTMLButtonElement
  found: Extract<Resolution, { status: 'found' }> | null
  reason: PinStatus['reason']
  anchor: Anchor | null
  fixed: boolean
  visible: boolean
  x: number
  y: number
}

function hasFixedAncestor(element: Element): boolean {
  for (
    let node: Element | null = element;
    node && node !== document.documentElement;
    node = node.parentElement
  ) {
    if (getComputedStyle(node).position === 'fixed') return true
  }
  return false
}

export class PinLayer {
  readonly host = document.createElement('div')
  private readonly root: ShadowRoot
  private readonly layer = document.createElement('div')
  private readonly hover = document.createElement('div')
  private readonly entries = new Map<string, PinEntry>()
  private draftPin: PinEntry | null = null
  private selected: string | null = null

  constructor(private readonly onPinClick: (id: string) => void) {
    this.host.setAttribute(BRIDGE_ATTRIBUTE, '')
    this.root = this.host.attachShadow({ mode: 'open' })
    const style = document.createElement('style')
    style.textContent = PIN_STYLES
    this.hover.className = 'hover'
    this.hover.hidden = true
    this.layer.className = 'layer'
    this.root.append(style, this.layer, this.hover)
    this.attach()
  }

  /** Re-hangs the layer when the page replaced the document's children (some frameworks do). */
  attach(): void {
    if (!this.host.isConnected) document.documentElement.append(this.host)
  }

  setPins(inputs: readonly PinInput[]): void {
    const keep = new Set(inputs.map((input) => input.id))
    for (const [id, entry] of this.entries) {
      if (!keep.has(id)) {
        entry.button.remove()
        this.entries.delete(id)
      }
    }
    for (const input of inputs) {
      const existing = this.entries.get(input.id)
      if (existing) {
        existing.input = input
        this.decorate(existing)
        continue
      }
      const button = document.createElement('button')
      button.type = 'button'
      button.addEventListener('click', (event) => {
        event.preventDefault()
        event.stopPropagation()
        this.onPinClick(input.id)
      })
      const entry: PinEntry = {
        input,
        button,
        found: null,
        reason: undefined,
        anchor: null,
        fixed: false,
        visible: false,
        x: 0,
        y: 0,
      }
      this.entries.set(input.id, entry)
      this.decorate(entry)
      this.layer.append(button)
    }
  }

  private decorate(entry: PinEntry): void {
    const { button, input } = entry
    button.className = `pin status-${input.status}${this.selected === input.id ? ' selected' : ''}`
    button.textContent = input.label
    button.setAttribute('aria-label', input.title)
    button.dataset.pinId = input.id
  }

  ids(): string[] {
    return [...this.entries.keys()]
  }

  /** The anchor of a pin, then its alternates (see PinInput). */
  anchorsOf(id: string): unknown[] {
    const input = this.entries.get(id)?.input
    return input ? [input.anchor, ...(input.alternates ?? [])] : []
  }

  /** Pins whose element left the page, or that were not found: candidates for another resolution. */
  stale(): string[] {
    return [...this.entries.values()]
      .filter((entry) => !entry.found?.element.isConnected)
      .map((entry) => entry.input.id)
  }

  apply(id: string, resolution: Resolution): void {
    const entry = this.entries.get(id)
    if (!entry) return
    entry.found = resolution.status === 'found' ? resolution : null
    entry.reason = resolution.status === 'inactive' ? resolution.reason : undefined
    entry.fixed = entry.found ? hasFixedAncestor(entry.found.element) : false
  }

  setDraft(anchor: Anchor | null, resolution: Resolution | null): void {
    this.draftPin?.button.remove()
    this.draftPin = null
    if (!anchor || !resolution || resolution.status !== 'found') return
    const button = document.createElement('button')
    button.type = 'button'
    button.className = 'pin draft'
    button.textContent = '+'
    button.setAttribute('aria-label', 'New comment')
    this.draftPin = {
      input: { id: 'draft', anchor, label: '+', title: 'New comment', status: 'draft' },
      button,
      found: resolution,
      reason: undefined,
      anchor,
      fixed: hasFixedAncestor(resolution.element),
      visible: true,
      x: 0,
      y: 0,
    }
    this.layer.append(button)
  }

  select(id: string | null): Element | null {
    this.selected = id
    for (const entry of this.entries.values()) this.decorate(entry)
    return id ? (this.entries.get(id)?.found?.element ?? null) : null
  }

  /** Places every pin at its element's current box. */
  layout(): void {
    this.attach()
    const scrollX = window.scrollX
    const scrollY = window.scrollY
    const all = [...this.entries.values(), ...(this.draftPin ? [this.draftPin] : [])]
    for (const entry of all) {
      const found = entry.found
      if (!found?.element.isConnected) {
        entry.visible = false
        continue
      }
      const element = found.element
      if (element === document.body || element === document.documentElement) {
        entry.visible = true
        entry.x = found.point.x - scrollX
        entry.y = found.point.y - scrollY
        continue
      }
      const rect = element.getBoundingClientRect()
      const anchor = entry.input.anchor as Anchor
      entry.visible = element.getClientRects().length > 0 && (rect.width > 0 || rect.height > 0)
      entry.x = rect.left + anchor.offset.x * rect.width
      entry.y = rect.top + anchor.offset.y * rect.height
    }
    for (const entry of all) {
      const { button } = entry
      button.hidden = !entry.visible
      if (!entry.visible) continue
      button.style.position = entry.fixed ? 'fixed' : 'absolute'
      const left = entry.fixed ? entry.x : entry.x + scrollX
      const top = entry.fixed ? entry.y : entry.y + scrollY
      button.style.transform = `translate(${Math.round(left)}px, ${Math.round(top)}px)`
    }
  }

  statuses(): PinStatus[] {
    return [...this.entries.values()].map((entry) =>
      entry.found
        ? {
            id: entry.input.id,
            status: 'found' as const,
            confidence: entry.found.confidence,
            method: entry.found.method,
            visible: entry.visible,
            x: Math.round(entry.x),
            y: Math.round(entry.y),
          }
        : { id: entry.input.id, status: 'inactive' as const, reason: entry.reason ?? 'element-removed' },
    )
  }

  showHover(rect: DOMRect | null): void {
    this.hover.hidden = !rect
    if (!rect) return
    Object.assign(this.hover.style, {
      transform: `translate(${rect.left}px, ${rect.top}px)`,
      width: `${rect.width}px`,
      height: `${rect.height}px`,
    })
  }
}
