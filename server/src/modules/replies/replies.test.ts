/**
 * Reply calls over HTTP: create, edit, delete, private replies, the thread in the list, notifications of
 * the annotation's author and earlier repliers, and the feed events.
 */
import { beforeAll, describe, expect, test } from 'bun:test'
import { events } from '@pinpoint/db'
import { and, asc, eq, isNull } from 'drizzle-orm'
import type { AnnotationJson, AnnotationReplyJson } from '../annotations/json-sql'
import { buildWorld, type World } from '../annotations/test-world'

let w: World
let annotation: AnnotationJson

type ReplyBody = { reply: AnnotationReplyJson; error?: string }

beforeAll(async () => {
  w = await buildWorld()
  const res = await (await w.as(w.guest)).post<{ annotation: AnnotationJson }>('/api/v1/annotations', {
    CanvasId: w.canvas.id,
    comment: 'Button is misaligned',
  })
  annotation = res.body.annotation
})

async function reply(
  user: World['member'] | null,
  body: Record<string, unknown>,
  annotationId = annotation.id,
) {
  return (await w.as(user)).post<ReplyBody>(`/api/v1/annotations/${annotationId}/replies`, body)
}

describe('POST /annotations/{AnnotationId}/replies', () => {
  test('creates a reply in SPEC names, listed in the thread, and notifies the author', async () => {
    const res = await reply(w.member, { comment: 'On it' })
    expect(res.status).toBe(200)
    expect(res.body.reply).toMatchObject({
      AnnotationId: annotation.id,
      UserId: w.member.id,
      userName: w.member.name,
      comment: 'On it',
      isPrivate: false,
      FileAttachments: [],
    })
    const list = await (await w.as(w.guest)).get<{ annotations: AnnotationJson[] }>(
      `/api/v1/canvases/${w.canvas.id}/annotations`,
    )
    const thread = list.body.annotations.find((a) => a.id === annotation.id)?.AnnotationReplies ?? []
    expect(thread.map((r) => r.id)).toContain(res.body.reply.id)
    const notes = await (await w.as(w.guest)).get<{
      events: { type: string; data: Record<string, unknown> }[]
    }>('/api/v1/users/me/events')
    expect(notes.body.events.find((e) => e.data.replyId === res.body.reply.id)).toMatchObject({
      type: 'notification.reply',
      data: {
        text: `${w.member.name} replied to a comment`,
        annotationId: annotation.id,
        canvasTitle: w.canvas.title,
      },
    })
    const [event] = await w.db
      .select()
      .from(events)
      .where(and(eq(events.replyId, res.body.reply.id), isNull(events.userId)))
    expect(event).toMatchObject({ type: 'reply.created', isPrivate: false })
    expect(event?.data).toMatchObject({
      text: `${w.member.name} replied to a comment`,
      selfText: 'You replied to a comment',
    })
  })

  test('earlier repliers are notified of later replies; the replier is not', async () => {
    await reply(w.admin, { comment: 'Me too' })
    const later = await reply(w.owner, { comment: 'Fixed in v2' })
    const recipients = await w.db
      .select({ userId: events.userId })
      .from(events)
      .where(and(eq(events.replyId, later.body.reply.id), eq(events.type, 'notification.reply')))
      .orderBy(asc(events.id))
    const ids = recipients.map((row) => row.userId)
    expect(ids).toEqual(expect.arrayContaining([w.guest.id, w.member.id, w.admin.id]))
    expect(ids).not.toContain(w.owner.id)
  })

  test('private replies: team only; hidden from guests in the list and their notifications', async () => {
    const priv = await reply(w.member, { comment: 'internal: blame the vendor', isPrivate: true })
    expect(priv.status).toBe(200)
    const guestList = await (await w.as(w.guest)).get<{ annotations: AnnotationJson[] }>(
      `/api/v1/canvases/${w.canvas.id}/annotations`,
    )
    expect(guestList.text).not.toContain('blame the vendor')
    const guestNotes = await (await w.as(w.guest)).get('/api/v1/users/me/events')
    expect(guestNotes.text).not.toContain('blame the vendor')
    const teamList = await (await w.as(w.admin)).get(`/api/v1/canvases/${w.canvas.id}/annotations`)
    expect(teamList.text).toContain('blame the vendor')
    expect((await reply(w.guest, { comment: 'x', isPrivate: true })).status).toBe(403)
    expect(
      (await (await w.as(w.guest)).put(`/api/v1/replies/${priv.body.reply.id}`, { comment: 'x' })).status,
    ).toBe(404)
    expect((await (await w.as(w.guest)).delete(`/api/v1/replies/${priv.body.reply.id}`)).status).toBe(404)
  })

  test('replies to a private annotation are private events even when the reply is not', async () => {
    const secret = await (await w.as(w.member)).post<{ annotation: AnnotationJson }>('/api/v1/annotations', {
      CanvasId: w.canvas.id,
      comment: 'team thread',
      isPrivate: true,
    })
    const res = await reply(w.admin, { comment: 'agreed' }, secret.body.annotation.id)
    const [event] = await w.db
      .select()
      .from(events)
      .where(and(eq(events.replyId, res.body.reply.id), isNull(events.userId)))
    expect(event?.isPrivate).toBe(true)
    expect((await reply(w.guest, { comment: 'x' }, secret.body.annotation.id)).status).toBe(404)
  })

  test('anonymous is NotLoggedIn; a missing annotation is NotFound; an empty body is invalid', async () => {
    expect((await reply(null, { comment: 'x' })).status).toBe(401)
    expect((await reply(w.member, { comment: 'x' }, 'missing')).status).toBe(404)
    expect((await reply(w.member, {})).status).toBe(422)
  })
})

describe('PUT and DELETE /replies/{id}', () => {
  test('only the author edits; author, team admin or canvas owner delete', async () => {
    const mine = (await reply(w.guest, { comment: 'first draft' })).body.reply
    const edited = await (await w.as(w.guest)).put<ReplyBody>(`/api/v1/replies/${mine.id}`, {
      comment: 'second draft',
    })
    expect(edited.status).toBe(200)
    expect(edited.body.reply.comment).toBe('second draft')
    expect((await (await w.as(w.member)).put(`/api/v1/replies/${mine.id}`, { comment: 'nope' })).status).toBe(
      403,
    )
    expect((await (await w.as(w.member)).delete(`/api/v1/replies/${mine.id}`)).status).toBe(403)
    expect((await (await w.as(w.admin)).delete(`/api/v1/replies/${mine.id}`)).status).toBe(200)
    expect((await (await w.as(w.admin)).delete(`/api/v1/replies/${mine.id}`)).status).toBe(404)
    const deleted = await w.db
      .select()
      .from(events)
      .where(and(eq(events.replyId, mine.id), eq(events.type, 'reply.deleted')))
    expect(deleted).toHaveLength(1)
    expect((await (await w.as(w.member)).put('/api/v1/replies/missing', { comment: 'x' })).status).toBe(404)
  })

  test('making a reply private tells public viewers it is gone', async () => {
    const r = (await reply(w.member, { comment: 'soon private' })).body.reply
    await (await w.as(w.member)).put(`/api/v1/replies/${r.id}`, { isPrivate: true })
    const rows = await w.db
      .select()
      .from(events)
      .where(and(eq(events.replyId, r.id), isNull(events.userId)))
      .orderBy(asc(events.id))
    expect(rows.map((e) => [e.type, e.isPrivate])).toEqual([
      ['reply.created', false],
      ['reply.deleted', false],
      ['reply.updated', true],
    ])
  })
})
