/**
 * A process answers HTTP (and so takes sockets) before its bus has its first LISTEN in place. A socket that
 * subscribed in that window used to be served at once: its replay snapshot was taken while nothing was
 * heard yet, and an event committed after the snapshot but before the LISTEN reached it never (seen as a
 * rare 10 s timeout of bus-outage.test.ts on a loaded machine, where spawning a process made the window
 * wide). Here the bus's start is held on purpose, so the window is as wide as the test wants.
 */
import { afterAll, expect, test } from 'bun:test'
import { buildCanvas, buildTeam } from '@pinpoint/db/testing'
import { createApp } from '../app'
import { recordEvent } from '../modules/events/service'
import { createTestContext } from '../testing/harness'
import { sessionTokenFor } from './test-server'
import { TestSocket } from './test-socket'

const context = await createTestContext()
let releaseBus!: () => void
const busMayStart = new Promise<void>((resolve) => {
  releaseBus = resolve
})
const realBus = context.bus
const app = createApp({
  ...context,
  bus: {
    ...realBus,
    start: async () => {
      await busMayStart
      await realBus.start()
    },
  },
})
const listening = app.listen({ port: 0, hostname: '127.0.0.1' })
const baseUrl = `http://127.0.0.1:${listening.server?.port}`
const sockets: TestSocket[] = []

afterAll(async () => {
  releaseBus()
  for (const socket of sockets) await socket.close()
  await listening.stop()
})

test('a socket that subscribes before the bus listens is served once it does, and misses nothing', async () => {
  const db = context.database.db
  const { owner } = await buildTeam(db)
  const { canvas } = await buildCanvas(db, { user: owner })
  const socket = TestSocket.connect(baseUrl, { sessionToken: await sessionTokenFor(db, owner) })
  sockets.push(socket)
  await socket.opened()
  // What the browser client does as soon as the socket opens.
  socket.send({ type: 'subscribe', canvasId: canvas.id })
  // Time for the server to serve the subscription, as it did before the fix.
  await Bun.sleep(300)
  const feed = (text: string) => ({ type: 'annotation.created', canvasId: canvas.id, data: { text } })
  const meanwhile = await recordEvent(db, feed('committed before the bus listened'))

  releaseBus()
  const subscribed = await socket.next((frame) => frame.type === 'subscribed', 10_000, true)
  const eventWith = (id: number) => (frame: { type: string; event?: unknown }) =>
    frame.type === 'event' && (frame.event as { id: number }).id === id
  const after = await recordEvent(db, feed('committed once it listens'))
  await socket.next(eventWith(after.id), 5_000, true)

  // The socket is told where it stands (`lastEventId`); every event after that reaches it, exactly once.
  const position = Number((subscribed as { lastEventId?: number }).lastEventId ?? 0)
  const owed = [meanwhile.id, after.id].filter((id) => id > position)
  const ids = socket.frames.flatMap((frame) => (frame.type === 'event' ? [frame.event.id] : []))
  expect(ids).toEqual(owed)
  expect(socket.frames[0]?.type).toBe('ready')
}, 30_000)
