/**
 * Deletions with Undo. A deleted comment or reply leaves the screen at once, but the DELETE is sent only
 * when its Undo toast has gone (or the page is left, with `keepalive` so the request survives the page).
 * Undo before then simply puts it back: nothing was deleted on the server, so there is nothing to restore
 * there and other viewers never saw it go. Decision 041.
 */

export type DeferredState = 'waiting' | 'sent' | 'undone'

export interface Deferred {
  /** Takes the deletion back if it has not been sent; false when it is too late. */
  undo(): boolean
  /** Sends it now (the page is being left). */
  flush(leaving: boolean): Promise<void>
  state(): DeferredState
}

const waiting = new Set<Deferred>()
let listening = false

/** Every deletion still waiting is sent when the page goes away (tab closed, reload, another site). */
function listenForLeave() {
  if (listening || typeof window === 'undefined') return
  listening = true
  window.addEventListener('pagehide', () => {
    for (const entry of [...waiting]) void entry.flush(true)
  })
}

export function deferDelete({
  delayMs,
  send,
  onUndo,
}: {
  delayMs: number
  /** Sends the deletion; `leaving` asks for a request that outlives the page. */
  send: (leaving: boolean) => Promise<void>
  onUndo: () => void
}): Deferred {
  let state: DeferredState = 'waiting'
  let timer: ReturnType<typeof setTimeout> | undefined
  const entry: Deferred = {
    undo() {
      if (state !== 'waiting') return false
      state = 'undone'
      clearTimeout(timer)
      waiting.delete(entry)
      onUndo()
      return true
    },
    async flush(leaving) {
      if (state !== 'waiting') return
      state = 'sent'
      clearTimeout(timer)
      waiting.delete(entry)
      await send(leaving)
    },
    state: () => state,
  }
  timer = setTimeout(() => void entry.flush(false), delayMs)
  waiting.add(entry)
  listenForLeave()
  return entry
}

/** How many deletions are still waiting for their Undo time to end. */
export function waitingDeletions(): number {
  return waiting.size
}
