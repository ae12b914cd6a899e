/**
 * The bridge script, injected by the proxy at the start of every proxied page and e-mail. It anchors pins
 * in the page, draws them, places new ones in comment mode and reports navigation, talking to the review
 * screen (the app origin named in its script tag, and nobody else) with postMessage.
 *
 * Resolution passes: on DOMContentLoaded, on load, and after DOM changes (debounced) for pins whose
 * element left the page or was not found yet, so content rendered late by a script still gets its pins.
 * The status is "settled" once the page has loaded and a pass ran after it: only then does the review
 * screen treat an unresolved pin as inactive.
 */

import { carryAnchors } from '../carry'
import * as anchoring from '../index'
import { BRIDGE_NS, type BridgeMessage, isParentMessage, type PinInput } from '../protocol'
import { createResolveContext, resolveAnchor } from '../resolve'
import { shootElement } from '../screenshot/shoot'
import { BRIDGE_ATTRIBUTE } from '../text-index'
import { pageInfo, watchNavigation } from './page'
import { Picker } from './picker'
import { listenForPictureRequests } from './picture/capture'
import { PinLayer } from './pins'

type Outgoing = BridgeMessage extends infer M ? (M extends { ns: string } ? Omit<M, 'ns'> : never) : never

const script = document.currentScript as HTMLScriptElement | null
const config = {
  appOrigin: script?.dataset.appOrigin ?? '',
  target: script?.dataset.target ?? null,
  mode: script?.dataset.mode === 'email' ? 'email' : 'site',
  error: script?.dataset.error ?? null,
  status: Number(script?.dataset.status ?? 0),
  /** The capture script, loaded only when a picture is wanted (screenshot/shoot.ts). */
  captureSrc: script?.dataset.captureSrc ?? '',
}
// Tests (and people debugging) reach the anchoring functions from the page.
Object.assign(window, { __pinpointAnchoring: anchoring })

const framed = window.parent !== window
function send(message: Outgoing): void {
  if (framed && config.appOrigin) window.parent.postMessage({ ns: BRIDGE_NS, ...message }, config.appOrigin)
}

let layer: PinLayer | null = null
let picker: Picker | null = null
let loaded = document.readyState === 'complete'
let settled = false
let passTimer = 0
let layoutFrame = 0

function resolvePins(ids: readonly string[]): void {
  if (!layer || ids.length === 0) return
  const context = createResolveContext(document)
  for (const id of ids) {
    const [anchor, ...alternates] = layer.anchorsOf(id)
    let resolution = resolveAnchor(anchor, context)
    for (const alternate of alternates) {
      if (resolution.status === 'found') break
      resolution = resolveAnchor(alternate, context)
    }
    layer.apply(id, resolution)
  }
}

function runPass(all: boolean): void {
  if (!layer) return
  const started = performance.now()
  resolvePins(all ? layer.ids() : layer.stale())
  const resolved = performance.now()
  layer.layout()
  // Visible in the frame's performance timeline (benchmarks read it).
  performance.measure('pinpoint:resolve', { start: started, end: resolved })
  performance.measure('pinpoint:layout', { start: resolved, end: performance.now() })
  settled = loaded
  send({ type: 'pins-status', pins: layer.statuses(), settled })
}

function schedulePass(delay = 150): void {
  window.clearTimeout(passTimer)
  passTimer = window.setTimeout(() => runPass(false), delay)
}

function scheduleLayout(): void {
  if (layoutFrame) return
  layoutFrame = requestAnimationFrame(() => {
    layoutFrame = 0
    layer?.layout()
  })
}

function start(): void {
  if (config.error) {
    send({
      type: 'ready',
      page: pageInfo(config.target),
      error: { message: config.error, status: config.status },
    })
    return
  }
  layer = new PinLayer((id) => send({ type: 'pin-click', id }))
  const pins = layer
  picker = new Picker(pins, {
    place: (anchor, client) => send({ type: 'place', anchor, client, page: pageInfo(config.target) }),
    textEdited: (anchor, client, before, after) =>
      send({ type: 'text-edit', anchor, client, before, after, page: pageInfo(config.target) }),
  })
  new MutationObserver((records) => {
    if (records.every((record) => (record.target as Element).closest?.(`[${BRIDGE_ATTRIBUTE}]`))) return
    schedulePass()
    scheduleLayout()
  }).observe(document.documentElement, { childList: true, subtree: true, characterData: true })
  new ResizeObserver(() => scheduleLayout()).observe(document.documentElement)
  window.addEventListener('resize', () => {
    scheduleLayout()
    send({ type: 'page', page: pageInfo(config.target) })
  })
  // Images and fonts loading later move things; inner scroll containers move their content.
  document.addEventListener('load', () => scheduleLayout(), true)
  document.addEventListener(
    'scroll',
    (event) => {
      if (event.target !== document) scheduleLayout()
      else send({ type: 'scroll', x: window.scrollX, y: window.scrollY })
    },
    true,
  )
  document.fonts?.ready.then(() => scheduleLayout()).catch(() => {})
  document.documentElement.addEventListener('mouseleave', () => pins.showHover(null))
  window.addEventListener('load', () => {
    loaded = true
    schedulePass(50)
  })
  document.addEventListener('keydown', (event) => {
    const target = event.target as HTMLElement | null
    const editable = target?.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(target?.tagName ?? '')
    if (editable || event.ctrlKey || event.metaKey || event.altKey || event.defaultPrevented) return
    if (event.key.length === 1 || event.key === 'Escape' || event.key.startsWith('Arrow')) {
      send({ type: 'key', key: event.key, shiftKey: event.shiftKey })
    }
  })
  if (config.mode === 'site') watchNavigation(() => send({ type: 'page', page: pageInfo(config.target) }))
  send({ type: 'ready', page: pageInfo(config.target) })
}

window.addEventListener('message', (event) => {
  if (event.source !== window.parent || event.origin !== config.appOrigin || !isParentMessage(event.data))
    return
  const message = event.data
  if (!layer || !picker) return
  switch (message.type) {
    case 'mode':
      picker.setMode(message.commenting, message.textEdit)
      break
    case 'pins':
      layer.setPins(message.pins as PinInput[])
      runPass(true)
      break
    case 'select': {
      const element = layer.select(message.id)
      if (element && message.scroll) element.scrollIntoView({ block: 'center', behavior: 'smooth' })
      break
    }
    case 'cursor':
      if (message.action === 'place') picker.pickAt(message.x, message.y)
      else picker.hoverAt(message.x, message.y)
      break
    case 'scroll-by':
      window.scrollBy({ top: message.dy })
      break
    case 'carry': {
      // After load: content rendered by the page's scripts must be there before a pin is declared lost.
      const carry = () => {
        const carried = carryAnchors(message.pins, createResolveContext(document))
        send({
          type: 'carried',
          requestId: message.requestId,
          results: message.pins.map(({ id }) => {
            const result = carried.get(id)
            return result?.status === 'reanchored'
              ? { id, status: 'reanchored', anchor: result.anchor }
              : { id, status: 'needs-new-spot', reason: result?.reason ?? 'invalid-anchor' }
          }),
        })
      }
      if (loaded) window.setTimeout(carry, 50)
      else window.addEventListener('load', () => window.setTimeout(carry, 50), { once: true })
      break
    }
    case 'scroll-to':
      window.scrollTo({ left: message.x, top: message.y, behavior: 'instant' })
      break
    case 'capture': {
      const context = createResolveContext(document)
      let found: ReturnType<typeof resolveAnchor> | null = null
      for (const anchor of message.anchors) {
        found = resolveAnchor(anchor, context)
        if (found.status === 'found') break
      }
      const shot =
        found?.status === 'found' ? shootElement(found.element, found.point, config.captureSrc) : null
      void Promise.resolve(shot).then((image) =>
        send({ type: 'captured', requestId: message.requestId, image }),
      )
      break
    }
    case 'draft': {
      const resolution = message.anchor ? resolveAnchor(message.anchor, createResolveContext(document)) : null
      layer.setDraft(message.anchor, resolution)
      layer.layout()
      break
    }
  }
})

// Revision pictures for dashboard cards (decision 056).
if (framed && config.appOrigin && !config.error) listenForPictureRequests(config.appOrigin)

if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', start)
else start()
