import { describe, expect, test } from 'bun:test'
import { buildUser } from '@pinpoint/db/testing'
import { type CanvasBody, createCanvasTestApp, loggedIn, teamWithMembers } from '../canvases/testing'
import { recordEvent } from './service'

const setup = await createCanvasTestApp()
const { db } = setup.context.database

type EventsBody = {
  events: { id: number; type: string; read: boolean; CanvasId: string; data: Record<string, unknown> }[]
  unreadCount: number
}

describe('events', () => {
  test('canvas lifecycle feed; private events only for private-comment viewers', async () => {
    const { ownerClient, memberClient } = await teamWithMembers(setup)
    const { canvas } = (
      await ownerClient.post<CanvasBody>('/api/v1/canvases', { type: 'design', title: 'Feed' })
    ).body
    await ownerClient.put(`/api/v1/canvases/${canvas.id}`, { title: 'Feed 2' })
    await recordEvent(db, {
      type: 'annotation.created',
      canvasId: canvas.id,
      annotationId: 'a1',
      isPrivate: true,
    })
    const feed = await memberClient.get<EventsBody>(`/api/v1/canvases/${canvas.id}/events`)
    expect(feed.body.events.map((e) => e.type)).toEqual([
      'annotation.created',
      'canvas.renamed',
      'canvas.created',
    ])
    expect(feed.body.events[0]?.data.annotationId).toBe('a1')
    const guest = await loggedIn(setup, await buildUser(db, { isGuest: true }))
    const guestFeed = await guest.get<EventsBody>(`/api/v1/canvases/${canvas.id}/events`)
    expect(guestFeed.body.events.map((e) => e.type)).toEqual(['canvas.renamed', 'canvas.created'])
    const paged = await memberClient.get<EventsBody>(
      `/api/v1/canvases/${canvas.id}/events?limit=1&before=${feed.body.events[0]?.id}`,
    )
    expect(paged.body.events.map((e) => e.type)).toEqual(['canvas.renamed'])
  })

  test('my notifications, unread count and mark-as-read (only my own)', async () => {
    const me = await buildUser(db)
    const other = await buildUser(db)
    const a = await recordEvent(db, {
      type: 'notification.reply',
      userId: me.id,
      data: { annotationId: 'x' },
    })
    const b = await recordEvent(db, { type: 'notification.mention', userId: me.id })
    const theirs = await recordEvent(db, { type: 'notification.reply', userId: other.id })
    const client = await loggedIn(setup, me)
    const before = await client.get<EventsBody>('/api/v1/users/me/events')
    expect(before.body.events.map((e) => e.id)).toEqual([b.id, a.id])
    expect(before.body.unreadCount).toBe(2)
    const marked = await client.post<{ eventIds: number[] }>('/api/v1/events/mark-as-read', {
      eventIds: [a.id, String(theirs.id)],
    })
    expect(marked.body.eventIds).toEqual([a.id])
    const after = await client.get<EventsBody>('/api/v1/users/me/events')
    expect(after.body.unreadCount).toBe(1)
    expect(after.body.events.find((e) => e.id === a.id)?.read).toBe(true)
    expect((await setup.client().get('/api/v1/users/me/events')).status).toBe(401)
  })
})
