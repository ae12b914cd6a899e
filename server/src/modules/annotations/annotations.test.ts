/**
 * Annotation calls over HTTP on real PostgreSQL: shapes (SPEC names), every rule and its error, the ETag,
 * statuses and the inactive reason, the exported mark and the feed events each change records.
 */
import { beforeAll, describe, expect, test } from 'bun:test'
import { type Event, events } from '@pinpoint/db'
import { buildCanvas, buildUser } from '@pinpoint/db/testing'
import { and, asc, eq, isNull } from 'drizzle-orm'
import type { AnnotationJson } from './json-sql'
import { buildWorld, type World } from './test-world'

type Body = { annotation: AnnotationJson }
type ErrorBody = { error: string; message: string; status: number }

let w: World

beforeAll(async () => {
  w = await buildWorld()
})

async function create(user: World['member'] | null, body: Record<string, unknown>) {
  return (await w.as(user)).post<Body & ErrorBody>('/api/v1/annotations', body)
}

async function feed(canvasId: string, annotationId?: string): Promise<Event[]> {
  return w.db
    .select()
    .from(events)
    .where(
      and(
        eq(events.canvasId, canvasId),
        isNull(events.userId),
        annotationId ? eq(events.annotationId, annotationId) : undefined,
      ),
    )
    .orderBy(asc(events.id))
}

describe('POST /annotations', () => {
  test('creates an annotation with every SPEC field and answers it in SPEC names', async () => {
    const res = await create(w.member, {
      CanvasId: w.canvas.id,
      comment: 'The header is too tall',
      path: '/pricing',
      metadata: {
        window: { width: 390, height: 844 },
        anchor: { selector: 'header > h1', offsetX: 0.2, offsetY: 0.4 },
      },
      x: 0.25,
      y: 0.5,
      status: 'in-progress',
      textContentBefore: 'Old headline',
      textContentAfter: 'New headline',
      screenshotUrl: 'https://cdn.example.com/before.png',
      afterScreenshotUrl: 'https://cdn.example.com/after.png',
      videoTime: 12.5,
      canvasAssetPageIndex: 0,
    })
    expect(res.status).toBe(200)
    const a = res.body.annotation
    expect(a).toMatchObject({
      CanvasId: w.canvas.id,
      CanvasRevisionId: w.canvas.currentRevisionId,
      CanvasAssetId: null,
      canvasAssetPageIndex: 0,
      UserId: w.member.id,
      userName: w.member.name,
      comment: 'The header is too tall',
      path: '/pricing',
      isPrivate: false,
      status: 'in-progress',
      inactiveReason: null,
      metadata: { window: { width: 390, height: 844 }, anchor: { selector: 'header > h1' } },
      videoTime: 12.5,
      assignedUserId: null,
      assignedUser: null,
      Labels: [],
      lastExportDate: null,
      textContentBefore: 'Old headline',
      screenshotUrl: 'https://cdn.example.com/before.png',
      afterScreenshotUrl: 'https://cdn.example.com/after.png',
      AnnotationReplies: [],
      FileAttachments: [],
      numFileAttachments: 0,
    })
    expect(a.createdAt).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/)
    const [event] = await feed(w.canvas.id, a.id)
    expect(event).toMatchObject({ type: 'annotation.created', isPrivate: false, actorUserId: w.member.id })
    expect(event?.data).toMatchObject({
      annotation: { id: a.id },
      text: `${w.member.name} left a new comment`,
      selfText: 'You left a comment',
    })
  })

  test('a guest may comment on a feedback-link canvas; an anonymous visitor may not', async () => {
    expect((await create(w.guest, { CanvasId: w.canvas.id, comment: 'guest here' })).status).toBe(200)
    const anonymous = await create(null, { CanvasId: w.canvas.id, comment: 'who am I' })
    expect(anonymous.status).toBe(401)
    expect(anonymous.body.error).toBe('NotLoggedIn')
  })

  test('validation: missing canvas id, unknown status, foreign revision and asset', async () => {
    expect((await create(w.member, { comment: 'x' })).status).toBe(422)
    expect((await create(w.member, { CanvasId: w.canvas.id, status: 'done' })).status).toBe(422)
    expect(
      (await create(w.member, { CanvasId: w.canvas.id, metadata: { window: { width: 'wide' } } })).status,
    ).toBe(422)
    const other = await buildCanvas(w.db, { user: w.owner })
    const foreign = await create(w.member, { CanvasId: w.canvas.id, CanvasRevisionId: other.revision.id })
    expect(foreign.status).toBe(422)
    expect((await create(w.member, { CanvasId: w.canvas.id, CanvasAssetId: 'nope' })).status).toBe(422)
  })

  test('an unknown canvas, or one the caller may not open, is NotFound', async () => {
    expect((await create(w.member, { CanvasId: 'missing', comment: 'x' })).status).toBe(404)
    const teamOnly = (await buildCanvas(w.db, { user: w.owner, visibility: 'only-team' })).canvas
    const res = await create(w.outsider, { CanvasId: teamOnly.id, comment: 'x' })
    expect(res.status).toBe(404)
    expect(res.body.error).toBe('NotFound')
  })

  test('private comments: team members on a team plan may write them; guests and outsiders may not', async () => {
    const ok = await create(w.member, { CanvasId: w.canvas.id, comment: 'team only', isPrivate: true })
    expect(ok.status).toBe(200)
    expect(ok.body.annotation.isPrivate).toBe(true)
    const [event] = await feed(w.canvas.id, ok.body.annotation.id)
    expect(event).toMatchObject({ type: 'annotation.created', isPrivate: true })
    expect(event?.data).toMatchObject({ selfText: 'You left a private comment' })
    for (const user of [w.guest, w.outsider]) {
      const refused = await create(user, { CanvasId: w.canvas.id, comment: 'x', isPrivate: true })
      expect(refused.status).toBe(403)
    }
    // A solo owner has no team, so no private comments (decision: team-plan teams only).
    expect((await create(w.solo, { CanvasId: w.soloCanvas.id, comment: 'x', isPrivate: true })).status).toBe(
      403,
    )
  })

  test('a read-only (expired) canvas refuses new comments with the reason', async () => {
    const expired = (await buildCanvas(w.db, { user: w.owner, expireDate: new Date(Date.now() - 60_000) }))
      .canvas
    const res = await create(w.member, { CanvasId: expired.id, comment: 'late' })
    expect(res.status).toBe(403)
    expect(res.body.error).toBe('CanvasReadOnly')
  })
})

describe('GET /canvases/{id}/annotations and /annotations/{id}', () => {
  test('lists with replies, labels and counts; private ones only for the team', async () => {
    const canvas = (await buildCanvas(w.db, { user: w.owner })).canvas
    const pub = (await create(w.member, { CanvasId: canvas.id, comment: 'public one' })).body.annotation
    const priv = (await create(w.member, { CanvasId: canvas.id, comment: 'private one', isPrivate: true }))
      .body.annotation
    const team = await (await w.as(w.admin)).get<{ annotations: AnnotationJson[] }>(
      `/api/v1/canvases/${canvas.id}/annotations`,
    )
    expect(team.status).toBe(200)
    expect(team.body.annotations.map((a) => a.id)).toEqual([pub.id, priv.id])
    for (const user of [w.guest, w.outsider, null]) {
      const res = await (await w.as(user)).get<{ annotations: AnnotationJson[] }>(
        `/api/v1/canvases/${canvas.id}/annotations`,
      )
      expect(res.body.annotations.map((a) => a.id)).toEqual([pub.id])
      expect((await (await w.as(user)).get(`/api/v1/annotations/${priv.id}`)).status).toBe(404)
      expect((await (await w.as(user)).get(`/api/v1/annotations/${pub.id}`)).status).toBe(200)
    }
    expect((await (await w.as(w.member)).get('/api/v1/annotations/missing')).status).toBe(404)
    expect((await (await w.as(w.member)).get('/api/v1/canvases/missing/annotations')).status).toBe(404)
  })

  test('ETag: a repeat answers 304; a change answers 200; private activity does not move a guest ETag', async () => {
    const canvas = (await buildCanvas(w.db, { user: w.owner })).canvas
    await create(w.member, { CanvasId: canvas.id, comment: 'first' })
    const team = await w.as(w.member)
    const guest = await w.as(w.guest)
    const url = `/api/v1/canvases/${canvas.id}/annotations`
    const first = await team.get(url)
    const etag = first.headers.get('etag') ?? ''
    expect(etag).toMatch(/^"al-/)
    expect((await team.get(url, { headers: { 'if-none-match': etag } })).status).toBe(304)
    const guestEtag = (await guest.get(url)).headers.get('etag') ?? ''
    await create(w.member, { CanvasId: canvas.id, comment: 'secret', isPrivate: true })
    expect((await team.get(url, { headers: { 'if-none-match': etag } })).status).toBe(200)
    expect((await guest.get(url, { headers: { 'if-none-match': guestEtag } })).status).toBe(304)
    await create(w.member, { CanvasId: canvas.id, comment: 'public again' })
    const changed = await guest.get<{ annotations: AnnotationJson[] }>(url, {
      headers: { 'if-none-match': guestEtag },
    })
    expect(changed.status).toBe(200)
    expect(changed.body.annotations).toHaveLength(2)
  })
})

describe('PUT /annotations/{id}', () => {
  test('the author edits the text; others may not', async () => {
    const a = (await create(w.member, { CanvasId: w.canvas.id, comment: 'typo' })).body.annotation
    const edited = await (await w.as(w.member)).put<Body>(`/api/v1/annotations/${a.id}`, {
      comment: 'fixed',
      x: 0.1,
    })
    expect(edited.status).toBe(200)
    expect(edited.body.annotation).toMatchObject({ comment: 'fixed', x: 0.1 })
    for (const user of [w.admin, w.guest]) {
      expect(
        (await (await w.as(user)).put(`/api/v1/annotations/${a.id}`, { comment: 'hijack' })).status,
      ).toBe(403)
    }
    expect((await (await w.as(null)).put(`/api/v1/annotations/${a.id}`, { comment: 'x' })).status).toBe(401)
    expect((await (await w.as(w.member)).put('/api/v1/annotations/missing', { comment: 'x' })).status).toBe(
      404,
    )
  })

  test('status changes record old and new status; members and the author may change it', async () => {
    const a = (await create(w.guest, { CanvasId: w.canvas.id, comment: 'please fix' })).body.annotation
    for (const [user, status] of [
      [w.member, 'in-progress'],
      [w.admin, 'in-review'],
      [w.guest, 'resolved'],
    ] as const) {
      const res = await (await w.as(user)).put<Body>(`/api/v1/annotations/${a.id}`, { status })
      expect(res.status).toBe(200)
      expect(res.body.annotation.status).toBe(status)
    }
    const changes = (await feed(w.canvas.id, a.id)).filter((e) => e.type === 'annotation.status-changed')
    expect(changes.map((e) => [e.data.oldStatus, e.data.newStatus])).toEqual([
      ['active', 'in-progress'],
      ['in-progress', 'in-review'],
      ['in-review', 'resolved'],
    ])
    const mine = (await create(w.member, { CanvasId: w.canvas.id, comment: 'member note' })).body.annotation
    expect(
      (await (await w.as(w.guest)).put(`/api/v1/annotations/${mine.id}`, { status: 'resolved' })).status,
    ).toBe(403)
    expect(
      (await (await w.as(w.member)).put(`/api/v1/annotations/${mine.id}`, { status: 'closed' })).status,
    ).toBe(422)
  })

  test('making a comment private needs the permission and tells public viewers it is gone', async () => {
    const a = (await create(w.member, { CanvasId: w.canvas.id, comment: 'going private' })).body.annotation
    const res = await (await w.as(w.member)).put<Body>(`/api/v1/annotations/${a.id}`, { isPrivate: true })
    expect(res.body.annotation.isPrivate).toBe(true)
    const [, gone, again] = await feed(w.canvas.id, a.id)
    expect(gone).toMatchObject({ type: 'annotation.deleted', isPrivate: false })
    expect(again).toMatchObject({ type: 'annotation.updated', isPrivate: true })
    const g = (await create(w.guest, { CanvasId: w.canvas.id, comment: 'guest' })).body.annotation
    expect((await (await w.as(w.guest)).put(`/api/v1/annotations/${g.id}`, { isPrivate: true })).status).toBe(
      403,
    )
  })
})

describe('DELETE /annotations/{id}', () => {
  test('the author, a team admin and the canvas owner may delete; other members may not', async () => {
    const byGuest = (await create(w.guest, { CanvasId: w.canvas.id, comment: 'spam' })).body.annotation
    expect((await (await w.as(w.member)).delete(`/api/v1/annotations/${byGuest.id}`)).status).toBe(403)
    expect((await (await w.as(w.admin)).delete(`/api/v1/annotations/${byGuest.id}`)).status).toBe(200)
    expect((await (await w.as(w.admin)).get(`/api/v1/annotations/${byGuest.id}`)).status).toBe(404)
    const [, deleted] = await feed(w.canvas.id, byGuest.id)
    expect(deleted).toMatchObject({ type: 'annotation.deleted', data: { annotationId: byGuest.id } })

    const own = (await create(w.member, { CanvasId: w.canvas.id, comment: 'mine' })).body.annotation
    expect((await (await w.as(w.member)).delete(`/api/v1/annotations/${own.id}`)).status).toBe(200)

    const onSolo = (await create(w.guest, { CanvasId: w.soloCanvas.id, comment: 'on solo' })).body.annotation
    expect((await (await w.as(w.solo)).delete(`/api/v1/annotations/${onSolo.id}`)).status).toBe(200)
    expect((await (await w.as(w.solo)).delete('/api/v1/annotations/missing')).status).toBe(404)
  })
})

describe('inactive reason and exported mark', () => {
  test('the inactive reason is set for a path and cleared for every annotation at that path', async () => {
    const canvas = (await buildCanvas(w.db, { user: w.owner })).canvas
    const onPage = (await create(w.member, { CanvasId: canvas.id, comment: 'a', path: '/about' })).body
      .annotation
    const alsoOnPage = (await create(w.member, { CanvasId: canvas.id, comment: 'b', path: '/about' })).body
      .annotation
    const elsewhere = (await create(w.member, { CanvasId: canvas.id, comment: 'c', path: '/' })).body
      .annotation
    const client = await w.as(w.member)
    const url = `/api/v1/canvases/${canvas.id}/annotations/inactive-reason`
    const set = await client.put<{ annotations: AnnotationJson[] }>(url, {
      path: '/about',
      inactiveReason: 'element-missing',
      annotationIds: [onPage.id],
    })
    expect(set.body.annotations.map((a) => [a.id, a.inactiveReason])).toEqual([
      [onPage.id, 'element-missing'],
    ])
    await client.put(url, { path: '/about', inactiveReason: 'page-changed' })
    const cleared = await client.put<{ annotations: AnnotationJson[] }>(url, {
      path: '/about',
      inactiveReason: null,
    })
    expect(cleared.body.annotations.map((a) => a.inactiveReason)).toEqual([null, null])
    const list = await client.get<{ annotations: AnnotationJson[] }>(
      `/api/v1/canvases/${canvas.id}/annotations`,
    )
    expect(list.body.annotations.find((a) => a.id === elsewhere.id)?.inactiveReason).toBeNull()
    expect(list.body.annotations.find((a) => a.id === alsoOnPage.id)?.inactiveReason).toBeNull()
    expect((await (await w.as(w.guest)).put(url, { path: '/about', inactiveReason: 'x' })).status).toBe(403)
  })

  test('mark-as-exported sets lastExportDate; needs exports on the plan and canvas membership', async () => {
    const a = (await create(w.member, { CanvasId: w.canvas.id, comment: 'export me' })).body.annotation
    const url = `/api/v1/canvases/${w.canvas.id}/annotations/mark-as-exported`
    const res = await (await w.as(w.member)).post<{ annotations: AnnotationJson[] }>(url, {
      annotationIds: [a.id],
    })
    expect(res.status).toBe(200)
    expect(res.body.annotations[0]?.lastExportDate).toBeString()
    expect((await (await w.as(w.guest)).post(url, { annotationIds: [a.id] })).status).toBe(403)
    expect((await (await w.as(w.outsider)).post(url, { annotationIds: [a.id] })).status).toBe(403)
    const t49 = (await create(w.team49Member, { CanvasId: w.team49Canvas.id, comment: 'x' })).body.annotation
    const refused = await (await w.as(w.team49Member)).post(
      `/api/v1/canvases/${w.team49Canvas.id}/annotations/mark-as-exported`,
      {
        annotationIds: [t49.id],
      },
    )
    expect(refused.status).toBe(403)
    expect((await (await w.as(w.member)).post(url, { annotationIds: [] })).status).toBe(422)
  })
})

describe('notifications for comments', () => {
  test('the canvas owner is told of a new comment, with the SPEC text', async () => {
    const a = (await create(w.member, { CanvasId: w.canvas.id, comment: 'hello owner' })).body.annotation
    const list = await (await w.as(w.owner)).get<{
      events: { type: string; data: Record<string, unknown>; read: boolean }[]
    }>('/api/v1/users/me/events')
    const note = list.body.events.find((e) => e.data.annotationId === a.id)
    expect(note).toMatchObject({
      type: 'notification.comment',
      read: false,
      data: { text: `${w.member.name} left a new comment` },
    })
  })

  test('nobody is notified of their own comment, and a new user without access gets nothing', async () => {
    const stranger = await buildUser(w.db)
    const a = (await create(w.owner, { CanvasId: w.canvas.id, comment: 'note to self' })).body.annotation
    const rows = await w.db.select().from(events).where(eq(events.annotationId, a.id))
    expect(rows.filter((e) => e.userId !== null)).toHaveLength(0)
    expect(rows.some((e) => e.userId === stranger.id)).toBe(false)
  })
})
