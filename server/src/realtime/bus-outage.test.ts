/**
 * The bus survives its database connection dropping (decision 053). A real server process reaches the real
 * PostgreSQL through a TCP relay in this test; cutting the relay is a database restart as the process sees
 * it: every connection drops and new ones are refused. An event committed meanwhile (by this test, straight
 * on PostgreSQL) is announced to nobody; once the relay is back the process listens again, and its socket
 * that stayed open must still get that event, exactly once, and what comes after it live.
 */
import { afterAll, beforeAll, expect, test } from 'bun:test'
import { createServer, connect as netConnect, type Server, type Socket } from 'node:net'
import { buildCanvas, buildTeam, createTestDatabase, type TestDatabase } from '@pinpoint/db/testing'
import { createSession } from '../modules/auth/session'
import { recordEvent } from '../modules/events/service'
import { type ServerProcess, spawnServer } from './spawn-server'
import { TestSocket } from './test-socket'

/** A TCP relay to PostgreSQL that can be cut (all connections dropped, new ones refused) and restored. */
class Relay {
  private server: Server | null = null
  private readonly sockets = new Set<Socket>()
  port = 0

  constructor(
    private readonly host: string,
    private readonly upstreamPort: number,
  ) {}

  async up(): Promise<void> {
    const server = createServer((client) => {
      const upstream = netConnect(this.upstreamPort, this.host)
      for (const socket of [client, upstream]) {
        this.sockets.add(socket)
        socket.on('close', () => this.sockets.delete(socket))
        socket.on('error', () => {
          client.destroy()
          upstream.destroy()
        })
      }
      client.pipe(upstream).pipe(client)
    })
    this.server = server
    await new Promise<void>((resolve) => server.listen(this.port, '127.0.0.1', resolve))
    const address = server.address()
    if (address && typeof address === 'object') this.port = address.port
  }

  async cut(): Promise<void> {
    const server = this.server
    this.server = null
    const closed = new Promise<void>((resolve) => server?.close(() => resolve()) ?? resolve())
    for (const socket of this.sockets) socket.destroy()
    await closed
  }
}

let database: TestDatabase
let relay: Relay
let server: ServerProcess
const sockets: TestSocket[] = []

beforeAll(async () => {
  database = await createTestDatabase()
  if (!database.url) throw new Error('the bus outage test needs PostgreSQL')
  const url = new URL(database.url)
  relay = new Relay(url.hostname, Number(url.port || 5432))
  await relay.up()
  url.hostname = '127.0.0.1'
  url.port = String(relay.port)
  server = await spawnServer(url.toString(), 'bus-outage-test-session-secret-0123456789')
}, 60_000)

afterAll(async () => {
  for (const socket of sockets) await socket.close()
  await server?.stop()
  await relay?.cut()
  await database?.dispose()
}, 60_000)

test('events committed while the bus was down reach the open socket once it listens again', async () => {
  const { owner } = await buildTeam(database.db)
  const { canvas } = await buildCanvas(database.db, { user: owner })
  const token = (await createSession(database.db, { userId: owner.id, now: new Date() })).token
  const socket = await TestSocket.open(server.url, { sessionToken: token })
  sockets.push(socket)
  await socket.request({ type: 'subscribe', canvasId: canvas.id }, (frame) => frame.type === 'subscribed')
  const feed = (text: string) => ({ type: 'annotation.created', canvasId: canvas.id, data: { text } })
  const eventWith = (id: number) => (frame: { type: string; event?: unknown }) =>
    frame.type === 'event' && (frame.event as { id: number }).id === id

  // Heard live before the outage: the bus works.
  const before = await recordEvent(database.db, feed('before'))
  await socket.next(eventWith(before.id), 10_000)

  await relay.cut()
  const during = await recordEvent(database.db, feed('while the database was away'))
  await relay.up()

  // The process listens again (postgres.js reconnects with backoff) and catches up.
  await socket.next(eventWith(during.id), 30_000, true)
  const after = await recordEvent(database.db, feed('after'))
  await socket.next(eventWith(after.id), 10_000, true)

  const ids = socket.frames.flatMap((frame) => (frame.type === 'event' ? [frame.event.id] : []))
  expect(ids).toEqual([before.id, during.id, after.id])
}, 90_000)
