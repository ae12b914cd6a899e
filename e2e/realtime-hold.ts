/**
 * Holds the real-time frames a page receives, in order, so a journey can replay a race deterministically
 * instead of hoping the machine is slow (e.g. the `annotation.created` frame of a comment arriving after
 * the answer to a change made to it). Playwright's WebSocket routing relays to the real server; nothing is
 * invented except `send`, which delivers a protocol frame of the test's own.
 */
import type { Page, WebSocketRoute } from '@playwright/test'

export async function holdRealtime(page: Page) {
  let socket: WebSocketRoute | null = null
  let holding = false
  const held: string[] = []
  await page.routeWebSocket(/\/api\/v1\/realtime/, (ws) => {
    socket = ws
    const server = ws.connectToServer()
    // Page -> server is relayed as is; server -> page goes through here.
    server.onMessage((message) => {
      if (holding && typeof message === 'string') held.push(message)
      else ws.send(message)
    })
  })
  const deliver = (frame: string) => {
    if (!socket) throw new Error('the page has no real-time socket')
    socket.send(frame)
  }
  return {
    hold() {
      holding = true
    },
    /** Frames held so far (text, as received). */
    held: () => [...held],
    /** Delivers the first held frame matching `match` (frames before it stay held, in order). */
    releaseFirst(match: (frame: string) => boolean) {
      const index = held.findIndex(match)
      if (index < 0) throw new Error('no held frame matches')
      deliver(held.splice(index, 1)[0] as string)
    },
    send: deliver,
    releaseAll() {
      holding = false
      for (const frame of held.splice(0)) deliver(frame)
    },
  }
}
