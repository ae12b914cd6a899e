/**
 * Deletions with Undo. A deleted comment or reply leaves the screen at once, but the DELETE is sent only
 * when its Undo toast has gone (the toast's `onLeave` calls `flush`; a toast held by the pointer or the
 * focus stays, and so does the deletion), or the page is left (with `keepalive`, so the request survives).
 * Undo before then simply puts it back: nothing was deleted on the server, so there is nothing to restore
 * there and other viewers never saw it go. Decision 041.
 */

export type DeferredState = 'waiting' | 'sent' | 'undone'

export interface Deferred {
  /** Takes the deletion back if it has not been sent; false when it is too late. */
  undo(): boolean
  /** Sends it now: its Undo toast has gone, or (`leaving`) the page is being left. */
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
  send,
  onUndo,
}: {
  /** Sends the deletion; `leaving` asks for a request that outlives the page. */
  send: (leaving: boolean) => Promise<void>
  onUndo: () => void
}): Deferred {
  let state: DeferredState = 'waiting'
  const entry: Deferred = {
    undo() {
      if (state !== 'waiting') return false
      state = 'undone'
      waiting.delete(entry)
      onUndo()
      return true
    },
    async flush(leaving) {
      if (state !== 'waiting') return
      state = 'sent'
      waiting.delete(entry)
      await send(leaving)
    },
    state: () => state,
  }
  waiting.add(entry)
  listenForLeave()
  return entry
}

/** How many deletions are still waiting for their Undo time to end. */
export function waitingDeletions(): number {
  return waiting.size
}
