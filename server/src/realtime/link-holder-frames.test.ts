/**
 * Issue 21 item 7, over a real server and real WebSockets:
 *  - deleting an asset announces its removed comments: the public feed names only public ones, the team
 *    feed the private ones too;
 *  - presence: members of the canvas see who is viewing (names, avatars); link holders see how many,
 *    never who (decision 027).
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { canvasAssets, type User } from '@pinpoint/db'
import { buildAnnotation, buildCanvas, buildTeam, buildUser } from '@pinpoint/db/testing'
import { type SocketServer, startSocketServer } from './test-server'

let server: SocketServer
let baseUrl: string
let db: SocketServer['db']

const token = (user: User) => server.tokenFor(user)

async function subscribed(user: User | null, canvasId: string) {
  const socket = await server.open(user)
  await socket.request({ type: 'subscribe', canvasId }, (f) => f.type === 'subscribed')
  return socket
}

async function world() {
  const periodEnd = new Date(Date.now() + 365 * 24 * 3600 * 1000)
  const { team, owner } = await buildTeam(db, { plan: 'enterprise35peruser', customer: { periodEnd } })
  const member = await buildUser(db, { teamId: team.id, name: 'Marta Member' })
  const guest = await buildUser(db, { isGuest: true, name: 'Gina Guest' })
  const { canvas, revision } = await buildCanvas(db, { user: owner, type: 'design' })
  return { owner, member, guest, canvas, revision }
}

beforeAll(async () => {
  server = await startSocketServer()
  ;({ baseUrl, db } = server)
})

afterAll(() => server.stop())

describe('asset.deleted', () => {
  test('the public feed carries only public comment ids; the team feed gets the private ones', async () => {
    const { owner, member, guest, canvas, revision } = await world()
    const [asset] = await db
      .insert(canvasAssets)
      .values({
        canvasId: canvas.id,
        canvasRevisionId: revision.id,
        name: 'a.png',
        type: 'image',
        position: 0,
      })
      .returning()
    if (!asset) throw new Error('no asset')
    const open = await buildAnnotation(db, { canvas, canvasAssetId: asset.id })
    const hidden = await buildAnnotation(db, { canvas, canvasAssetId: asset.id, isPrivate: true })
    const teamSocket = await subscribed(member, canvas.id)
    const guestSocket = await subscribed(guest, canvas.id)
    const anonymousSocket = await subscribed(null, canvas.id)

    const res = await fetch(`${baseUrl}/api/v1/canvases/${canvas.id}/assets/${asset.id}`, {
      method: 'DELETE',
      headers: { cookie: `pinpoint_session=${await token(owner)}` },
    })
    expect(res.status).toBe(200)

    const deleted = (f: { type: string; event?: { type: string; isPrivate: boolean } }) =>
      f.type === 'event' && f.event?.type === 'asset.deleted'
    for (const socket of [guestSocket, anonymousSocket]) {
      const frame = await socket.next(deleted, 3000, true)
      expect(frame).toMatchObject({ event: { isPrivate: false, data: { annotationIds: [open.id] } } })
    }
    await teamSocket.next((f) => deleted(f) && f.type === 'event' && f.event.isPrivate, 3000, true)
    const teamIds = teamSocket
      .events('asset.deleted')
      .flatMap((event) => event.data.annotationIds as string[])
    expect(teamIds.sort()).toEqual([open.id, hidden.id].sort())
    await Bun.sleep(100)
    for (const socket of [guestSocket, anonymousSocket])
      expect(JSON.stringify(socket.frames)).not.toContain(hidden.id)
  })
})

describe('presence', () => {
  test('members see names; guests and logged-out visitors see a count without names', async () => {
    const { owner, member, guest, canvas } = await world()
    const memberSocket = await subscribed(member, canvas.id)
    const guestSocket = await subscribed(guest, canvas.id)
    const anonymousSocket = await subscribed(null, canvas.id)
    await subscribed(owner, canvas.id)

    // The member sees everyone by name, the guest included.
    await memberSocket.next(
      (f) =>
        f.type === 'presence' && f.viewers.length === 4 && f.viewers.some((v) => v.name === 'Gina Guest'),
      3000,
      true,
    )
    for (const socket of [guestSocket, anonymousSocket]) {
      const frame = await socket.next((f) => f.type === 'presence' && f.viewers.length === 4, 3000, true)
      expect(frame).toMatchObject({ anonymous: true })
      const text = JSON.stringify(socket.frames.filter((f) => f.type === 'presence'))
      for (const name of ['Marta Member', owner.name, 'Gina Guest']) expect(text).not.toContain(name)
      for (const id of [member.id, owner.id]) expect(text).not.toContain(id)
    }
  })
})
