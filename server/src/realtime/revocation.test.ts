/**
 * Issue 21 item 1: sockets follow the session and the rights (decision 026). Real server, real WebSocket,
 * real HTTP calls: a socket is subscribed, its rights are revoked over HTTP, then a private annotation is
 * posted; nothing private may arrive, and the socket must be closed or moved to the public topic.
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import type { Canvas, User } from '@pinpoint/db'
import { buildCanvas, buildTeam, buildUser, DEFAULT_PASSWORD } from '@pinpoint/db/testing'
import { CLOSE_SESSION_ENDED } from './hub'
import { type SocketServer, startSocketServer } from './test-server'
import type { TestSocket } from './test-socket'

let server: SocketServer
let baseUrl: string
let db: SocketServer['db']

const tokenFor = (user: User) => server.tokenFor(user)

async function call(method: string, path: string, token: string, body?: unknown) {
  const res = await fetch(`${baseUrl}/api/v1${path}`, {
    method,
    headers: { 'content-type': 'application/json', cookie: `pinpoint_session=${token}` },
    body: body === undefined ? undefined : JSON.stringify(body),
  })
  return { status: res.status, body: (await res.json().catch(() => null)) as Record<string, unknown> | null }
}

async function subscribed(token: string, canvasId: string) {
  const socket = await server.openWith({ sessionToken: token })
  const frame = await socket.request({ type: 'subscribe', canvasId }, (f) => f.type === 'subscribed')
  return { socket, frame }
}

function closed(socket: TestSocket, timeoutMs = 3000): Promise<number> {
  if (socket.ws.readyState === WebSocket.CLOSED) return Promise.resolve(-1)
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('socket still open')), timeoutMs)
    socket.ws.addEventListener('close', (event) => {
      clearTimeout(timer)
      resolve(event.code)
    })
  })
}

/** A team on a plan with private comments, its owner's session, a member and a link-shared canvas. */
async function world() {
  const periodEnd = new Date(Date.now() + 365 * 24 * 3600 * 1000)
  const team = await buildTeam(db, { plan: 'enterprise35peruser', customer: { periodEnd } })
  const member = await buildUser(db, { teamId: team.team.id })
  const canvas: Canvas = (await buildCanvas(db, { user: team.owner })).canvas
  return { team: team.team, owner: team.owner, ownerToken: await tokenFor(team.owner), member, canvas }
}

async function postPrivateThenPublic(ownerToken: string, canvasId: string, secret: string) {
  const priv = await call('POST', '/annotations', ownerToken, {
    CanvasId: canvasId,
    comment: secret,
    isPrivate: true,
  })
  expect(priv.status).toBe(200)
  const pub = await call('POST', '/annotations', ownerToken, { CanvasId: canvasId, comment: 'public marker' })
  expect(pub.status).toBe(200)
  return {
    privateId: String((priv.body?.annotation as { id?: string } | undefined)?.id),
    publicId: String((pub.body?.annotation as { id?: string } | undefined)?.id),
  }
}

beforeAll(async () => {
  server = await startSocketServer()
  ;({ baseUrl, db } = server)
})

afterAll(() => server.stop())

describe('sockets follow the rights', () => {
  test('a member removed from the team drops to the public topic: no private comment, public ones still arrive', async () => {
    const { team, ownerToken, member, canvas } = await world()
    const { socket, frame } = await subscribed(await tokenFor(member), canvas.id)
    expect(frame).toMatchObject({ private: true })

    expect((await call('DELETE', `/teams/${team.id}/users/${member.id}`, ownerToken)).status).toBe(200)
    const secret = 'REMOVED-MEMBER-SECRET-1'
    const { privateId, publicId } = await postPrivateThenPublic(ownerToken, canvas.id, secret)
    await socket.next((f) => f.type === 'event' && f.event.annotationId === publicId, 3000, true)
    await Bun.sleep(100)
    expect(JSON.stringify(socket.frames)).not.toContain(secret)
    expect(JSON.stringify(socket.frames)).not.toContain(privateId)
    // Told to reload, so private comments it already showed leave the screen too.
    expect(socket.frames.some((f) => f.type === 'resync' && f.canvasId === canvas.id)).toBe(true)
  })

  test('a canvas made team-only unsubscribes a guest link holder', async () => {
    const { ownerToken, canvas } = await world()
    const guest = await buildUser(db, { isGuest: true })
    const { socket, frame } = await subscribed(await tokenFor(guest), canvas.id)
    expect(frame).toMatchObject({ private: false })

    expect(
      (await call('PUT', `/canvases/${canvas.id}`, ownerToken, { visibility: 'only-team' })).status,
    ).toBe(200)
    await socket.next((f) => f.type === 'unsubscribed' && f.canvasId === canvas.id, 3000, true)
    const { publicId } = await postPrivateThenPublic(ownerToken, canvas.id, 'TEAM-ONLY-SECRET')
    await Bun.sleep(300)
    expect(JSON.stringify(socket.frames)).not.toContain('TEAM-ONLY-SECRET')
    expect(JSON.stringify(socket.frames)).not.toContain(publicId)
  })

  test('taking the admin role back re-checks without cutting what a member may still see', async () => {
    const { team, ownerToken, canvas } = await world()
    const admin = await buildUser(db, { teamId: team.id, role: 'admin' })
    const { socket } = await subscribed(await tokenFor(admin), canvas.id)
    expect((await call('DELETE', `/teams/${team.id}/admins?userId=${admin.id}`, ownerToken)).status).toBe(200)
    const { privateId } = await postPrivateThenPublic(ownerToken, canvas.id, 'STILL-A-MEMBER')
    await socket.next((f) => f.type === 'event' && f.event.annotationId === privateId, 3000, true)
    expect(socket.ws.readyState).toBe(WebSocket.OPEN)
  })
})

describe('sockets follow the session', () => {
  test('logging out (DELETE /sessions) closes the session sockets before anything private is sent', async () => {
    const { ownerToken, member, canvas } = await world()
    const token = await tokenFor(member)
    const { socket } = await subscribed(token, canvas.id)
    const gone = closed(socket)
    expect((await call('DELETE', '/sessions', token)).status).toBe(200)
    await postPrivateThenPublic(ownerToken, canvas.id, 'AFTER-LOGOUT-SECRET')
    expect(await gone).toBe(CLOSE_SESSION_ENDED)
    expect(JSON.stringify(socket.frames)).not.toContain('AFTER-LOGOUT-SECRET')
  })

  test('changing the password closes the sockets of the other sessions; the current one stays', async () => {
    const { ownerToken, member, canvas } = await world()
    const elsewhere = await subscribed(await tokenFor(member), canvas.id)
    const currentToken = await tokenFor(member)
    const here = await subscribed(currentToken, canvas.id)
    const gone = closed(elsewhere.socket)
    const changed = await call('PUT', '/users/me/password', currentToken, {
      currentPassword: DEFAULT_PASSWORD,
      newPassword: 'a-new-password-for-the-test-42',
    })
    expect(changed.status).toBe(200)
    const { privateId } = await postPrivateThenPublic(ownerToken, canvas.id, 'AFTER-PASSWORD-SECRET')
    expect(await gone).toBe(CLOSE_SESSION_ENDED)
    expect(JSON.stringify(elsewhere.socket.frames)).not.toContain('AFTER-PASSWORD-SECRET')
    await here.socket.next((f) => f.type === 'event' && f.event.annotationId === privateId, 3000, true)
  })

  test('a socket opened with an API token closes when the token is revoked', async () => {
    const { ownerToken, canvas } = await world()
    const created = await call('POST', '/users/me/token', ownerToken)
    expect(created.status).toBe(200)
    const socket = await server.openWith({ bearer: String(created.body?.token) })
    await socket.request({ type: 'subscribe', canvasId: canvas.id }, (f) => f.type === 'subscribed')
    const gone = closed(socket)
    expect((await call('DELETE', '/users/me/token', ownerToken)).status).toBe(200)
    expect(await gone).toBe(CLOSE_SESSION_ENDED)
  })
})
