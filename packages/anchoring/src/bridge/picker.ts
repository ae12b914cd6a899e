/**
 * Comment mode inside the page: the element under the pointer is outlined, and a click (or Enter on a
 * focused element) places a pin instead of following the link or pressing the button. In text-edit mode a
 * click makes the element's text editable and reports the before/after text of a copy change.
 */
import { anchorElementFor, captureAnchor } from '../capture'
import { BRIDGE_ATTRIBUTE } from '../text-index'
import type { Anchor } from '../types'
import type { PinLayer } from './pins'

export interface PickerCallbacks {
  place(anchor: Anchor, client: { x: number; y: number }): void
  textEdited(anchor: Anchor, client: { x: number; y: number }, before: string, after: string): void
}

/** Events swallowed in comment mode so the page does not react to the click that places a pin. */
const SWALLOWED = ['mousedown', 'mouseup', 'pointerdown', 'pointerup', 'auxclick', 'dblclick', 'submit']

/**
 * Touch events are kept from the page's own scripts but not cancelled: a cancelled touchstart or touchend
 * stops the browser from making the click a tap turns into, and that click is what places the pin on a
 * phone (a cancelled touchstart would also stop the page from scrolling under a finger).
 */
const TOUCH = ['touchstart', 'touchend']

function isOurs(target: EventTarget | null): boolean {
  return target instanceof Element && !!target.closest(`[${BRIDGE_ATTRIBUTE}]`)
}

export class Picker {
  commenting = false
  textEdit = false
  private editing: HTMLElement | null = null

  constructor(
    private readonly layer: PinLayer,
    private readonly callbacks: PickerCallbacks,
  ) {
    document.addEventListener('mousemove', (event) => this.onMove(event), true)
    document.addEventListener('click', (event) => this.onClick(event), true)
    document.addEventListener('keydown', (event) => this.onKey(event), true)
    for (const type of SWALLOWED) {
      document.addEventListener(type, (event) => this.swallow(event), { capture: true, passive: false })
    }
    for (const type of TOUCH) {
      document.addEventListener(type, (event) => this.isolate(event), { capture: true, passive: true })
    }
  }

  setMode(commenting: boolean, textEdit: boolean): void {
    this.commenting = commenting
    this.textEdit = textEdit
    document.documentElement.style.cursor = commenting ? 'crosshair' : ''
    if (!commenting) this.layer.showHover(null)
  }

  private active(event: Event): boolean {
    return this.commenting && !isOurs(event.target) && !this.editing?.contains(event.target as Node)
  }

  private swallow(event: Event): void {
    if (!this.active(event)) return
    event.preventDefault()
    event.stopImmediatePropagation()
  }

  private isolate(event: Event): void {
    if (this.active(event)) event.stopImmediatePropagation()
  }

  private onMove(event: MouseEvent): void {
    if (!this.active(event) || !(event.target instanceof Element)) {
      if (this.commenting) this.layer.showHover(null)
      return
    }
    this.layer.showHover(anchorElementFor(event.target).getBoundingClientRect())
  }

  private onClick(event: MouseEvent): void {
    if (!this.active(event) || !(event.target instanceof Element)) return
    event.preventDefault()
    event.stopImmediatePropagation()
    this.pick(event.target, event.clientX, event.clientY)
  }

  private onKey(event: KeyboardEvent): void {
    if (!this.active(event) || event.key !== 'Enter') return
    const target = document.activeElement
    if (!(target instanceof Element) || target === document.body) return
    event.preventDefault()
    event.stopImmediatePropagation()
    const rect = target.getBoundingClientRect()
    this.pick(target, rect.left + rect.width / 2, rect.top + rect.height / 2)
  }

  /** The page's own element at a point of the viewport, under our pins and outlines. */
  private elementAt(x: number, y: number): Element | null {
    return document.elementsFromPoint(x, y).find((element) => !isOurs(element)) ?? null
  }

  /** The keyboard's placement cursor is over this point: outline what a click there would comment on. */
  hoverAt(x: number, y: number): void {
    const element = this.commenting ? this.elementAt(x, y) : null
    this.layer.showHover(element ? anchorElementFor(element).getBoundingClientRect() : null)
  }

  /** Enter on the keyboard's placement cursor: the same as a click at that point. */
  pickAt(x: number, y: number): void {
    const element = this.commenting ? this.elementAt(x, y) : null
    if (element && element !== document.documentElement) this.pick(element, x, y)
  }

  private pick(target: Element, x: number, y: number): void {
    // On touch screens the outline of the tapped element would otherwise stay on screen.
    this.layer.showHover(null)
    const anchor = captureAnchor(target, x, y)
    const element = anchorElementFor(target)
    if (this.textEdit && element instanceof HTMLElement && (element.textContent ?? '').trim()) {
      this.startEdit(element, anchor, { x, y })
      return
    }
    this.callbacks.place(anchor, { x, y })
  }

  private startEdit(element: HTMLElement, anchor: Anchor, client: { x: number; y: number }): void {
    // innerText, not textContent: a copy change is about the text as the reader sees it (line breaks, no
    // hidden spans), which is what the reviewer edits and what the team will paste back.
    // biome-ignore lint/performance/useDomNodeTextContent: the rendered text is the point here
    const before = element.innerText
    this.editing = element
    element.contentEditable = 'plaintext-only'
    element.focus()
    const finish = (commit: boolean) => {
      element.removeEventListener('blur', onBlur)
      element.removeEventListener('keydown', onKey)
      element.contentEditable = 'inherit'
      this.editing = null
      if (!commit) {
        // biome-ignore lint/performance/useDomNodeTextContent: restores the rendered text edited above
        element.innerText = before
        return
      }
      // biome-ignore lint/performance/useDomNodeTextContent: compared with the rendered text read above
      const after = element.innerText
      if (after !== before) this.callbacks.textEdited(anchor, client, before, after)
    }
    const onBlur = () => finish(true)
    const onKey = (event: KeyboardEvent) => {
      event.stopPropagation()
      if (event.key === 'Escape') finish(false)
      else if (event.key === 'Enter' && !event.shiftKey) {
        event.preventDefault()
        finish(true)
      }
    }
    element.addEventListener('blur', onBlur)
    element.addEventListener('keydown', onKey)
  }
}
