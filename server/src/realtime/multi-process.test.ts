/**
 * Two server processes on one PostgreSQL database (the acceptance test): a WebSocket client on
 * process A sees, within 1 s, a comment created through process B; a guest socket on B never receives a
 * private one. The bus (LISTEN/NOTIFY) is the only link between the processes.
 */
import { afterAll, beforeAll, expect, test } from 'bun:test'
import type { Canvas, User } from '@pinpoint/db'
import { buildCanvas, buildUser, createTestDatabase, type TestDatabase } from '@pinpoint/db/testing'
import { type ServerProcess, spawnServer } from './spawn-server'
import { buildRealtimeCast, openKept, sessionTokenFor } from './test-server'
import { TestSocket } from './test-socket'

const SECRET = 'multi-process-test-secret-value-0123456789'
let database: TestDatabase
let a: ServerProcess
let b: ServerProcess
let member: User
let owner: User
let teamId: string
let guest: User
let canvas: Canvas
const sockets: TestSocket[] = []

const token = (user: User) => sessionTokenFor(database.db, user)

async function socket(server: ServerProcess, user: User) {
  const s = await openKept(server.url, { sessionToken: await token(user) }, sockets)
  await s.request({ type: 'subscribe', canvasId: canvas.id }, (f) => f.type === 'subscribed')
  return s
}

async function comment(server: ServerProcess, user: User, body: Record<string, unknown>) {
  const res = await fetch(`${server.url}/api/v1/annotations`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie: `pinpoint_session=${await token(user)}` },
    body: JSON.stringify({ CanvasId: canvas.id, ...body }),
  })
  expect(res.status).toBe(200)
  return ((await res.json()) as { annotation: { id: string } }).annotation
}

beforeAll(async () => {
  database = await createTestDatabase()
  if (!database.url) throw new Error('the two-process test needs PostgreSQL')
  ;({ owner, member, teamId, guest } = await buildRealtimeCast(database.db, { paidUp: true }))
  canvas = (await buildCanvas(database.db, { user: owner })).canvas
  const secret = 'two-process-test-session-secret-long-enough'
  ;[a, b] = await Promise.all([spawnServer(database.url, secret), spawnServer(database.url, secret)])
}, 60_000)

afterAll(async () => {
  for (const s of sockets) await s.close()
  await Promise.all([a?.stop(), b?.stop()])
  await database?.dispose()
})

test('a comment created through B reaches a socket on A within 1 s', async () => {
  expect(a.url).not.toBe(b.url)
  const onA = await socket(a, member)
  const started = performance.now()
  const created = comment(b, member, { comment: 'hello from B' })
  const frame = await onA.next((f) => f.type === 'event' && f.event.type === 'annotation.created', 1000)
  const elapsed = performance.now() - started
  expect(frame).toMatchObject({
    event: { annotationId: (await created).id, data: { annotation: { comment: 'hello from B' } } },
  })
  expect(elapsed).toBeLessThan(1000)
})

test('a guest socket on B never receives a private comment, while the team socket on A does', async () => {
  const teamOnA = await socket(a, member)
  const guestOnB = await socket(b, guest)
  const priv = await comment(b, member, { comment: SECRET, isPrivate: true })
  await teamOnA.next((f) => f.type === 'event' && f.event.annotationId === priv.id, 1000, true)
  // A public comment after it: once the guest has that, the private one would have arrived before it.
  const pub = await comment(b, member, { comment: 'public after private' })
  await guestOnB.next((f) => f.type === 'event' && f.event.annotationId === pub.id, 1000, true)
  await Bun.sleep(200)
  expect(JSON.stringify(guestOnB.frames)).not.toContain(SECRET)
  expect(JSON.stringify(guestOnB.frames)).not.toContain(priv.id)
})

test('reconnecting to the other process replays what was missed', async () => {
  const first = await socket(a, member)
  const marker = await comment(a, member, { comment: 'marker' })
  const seen = await first.next((f) => f.type === 'event' && f.event.annotationId === marker.id, 3000, true)
  await first.close()
  const missed: string[] = []
  for (let i = 0; i < 5; i++) missed.push((await comment(a, member, { comment: `missed ${i}` })).id)
  const again = await TestSocket.open(b.url, { sessionToken: await token(member) })
  sockets.push(again)
  const lastEventId = seen.type === 'event' ? seen.event.id : 0
  await again.request({ type: 'subscribe', canvasId: canvas.id, lastEventId }, (f) => f.type === 'subscribed')
  const created = again.events('annotation.created').map((event) => event.annotationId)
  expect(created).toEqual(missed)
})

test('a member removed through B stops receiving private comments on A at once (the bus carries the re-check)', async () => {
  const removed = await buildUser(database.db, { teamId })
  const onA = await socket(a, removed)
  const res = await fetch(`${b.url}/api/v1/teams/${teamId}/users/${removed.id}`, {
    method: 'DELETE',
    headers: { cookie: `pinpoint_session=${await token(owner)}` },
  })
  expect(res.status).toBe(200)
  const secret = `${SECRET}-after-removal`
  const priv = await comment(b, owner, { comment: secret, isPrivate: true })
  const pub = await comment(b, owner, { comment: 'public after removal' })
  await onA.next((f) => f.type === 'event' && f.event.annotationId === pub.id, 3000, true)
  await Bun.sleep(200)
  expect(JSON.stringify(onA.frames)).not.toContain(secret)
  expect(JSON.stringify(onA.frames)).not.toContain(priv.id)
  expect(onA.frames.some((f) => f.type === 'resync')).toBe(true)
})

test('logging out through B closes the session socket on A', async () => {
  const sessionToken = await token(member)
  const onA = await TestSocket.open(a.url, { sessionToken })
  sockets.push(onA)
  await onA.request({ type: 'subscribe', canvasId: canvas.id }, (f) => f.type === 'subscribed')
  const closed = new Promise<number>((resolve) => onA.ws.addEventListener('close', (e) => resolve(e.code)))
  const res = await fetch(`${b.url}/api/v1/sessions`, {
    method: 'DELETE',
    headers: { cookie: `pinpoint_session=${sessionToken}` },
  })
  expect(res.status).toBe(200)
  await comment(b, owner, { comment: `${SECRET}-after-logout`, isPrivate: true })
  expect(await closed).toBe(4001)
  expect(JSON.stringify(onA.frames)).not.toContain(`${SECRET}-after-logout`)
})

test("a teammate's comment and new canvas through B reach the team's dashboard socket on A (decision 054)", async () => {
  const onA = await TestSocket.open(a.url, { sessionToken: await token(member) })
  sockets.push(onA)
  await onA.request({ type: 'team.subscribe', teamId }, (f) => f.type === 'team.subscribed')
  const activity = onA.next((f) => f.type === 'dashboard.hint' && f.canvasId === canvas.id, 3000)
  await comment(b, owner, { comment: 'seen on every dashboard' })
  expect(await activity).toMatchObject({ kind: 'activity' })
  const created = onA.next((f) => f.type === 'dashboard.hint' && f.kind === 'created', 3000)
  const res = await fetch(`${b.url}/api/v1/canvases`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie: `pinpoint_session=${await token(owner)}` },
    body: JSON.stringify({ type: 'design', title: 'Made on B' }),
  })
  expect(res.status).toBe(200)
  const body = (await res.json()) as { canvas: { id: string } }
  expect(await created).toMatchObject({ canvasId: body.canvas.id })
})
