/**
 * Analytics events end to end over HTTP: the real app and database, a real local sink (an HTTP server in
 * the test process). Each SPEC event reaches the sink with its allowed properties only, and no request
 * the sink ever received contains a comment's text or an e-mail address.
 */
import { afterAll, describe, expect, test } from 'bun:test'
import { users } from '@pinpoint/db'
import { uniqueEmail } from '@pinpoint/db/testing'
import { eq } from 'drizzle-orm'
import { createAnalytics } from '../../platform/analytics'
import { silentLogger } from '../../platform/logger'
import { startAnalyticsSink } from '../../testing/analytics-sink'
import { createTestApp } from '../../testing/harness'
import { TestClient } from '../../testing/http'

const sink = await startAnalyticsSink()
afterAll(() => sink.close())
const analytics = createAnalytics({ url: sink.url, logger: silentLogger, now: () => new Date() })
const { app, context } = await createTestApp({ analytics })
const { db } = context.database

const SECRET_COMMENT = 'Top secret: the launch slips to March'
const visit = { url: '/pricing?utm_source=news', referrer: 'https://news.example/story?id=7' }

async function signUp(browser: TestClient, extra: Record<string, unknown> = {}) {
  const email = uniqueEmail('analytics')
  const res = await browser.post<{ user: { id: string } }>('/api/v1/users', {
    email,
    name: 'Ada Analytics',
    password: 'a good password',
    ...extra,
  })
  expect(res.status).toBe(201)
  return { email, id: res.body.user.id }
}

const eventsOf = (userId: string, name: string) =>
  sink.events().filter((event) => event.userId === userId && event.event === name)

describe('server events reach the sink', () => {
  const browser = new TestClient(app)
  // The browser recorded its first visit (shell bootstrap); the sign-up body does not repeat it.
  browser.cookies.set('pinpoint_initial_visit', encodeURIComponent(JSON.stringify(visit)))
  let user: { email: string; id: string }
  let canvasId = ''
  let annotationId = ''

  test('sign-up: plan and team, the referrer host and landing path; the visit is stored on the account', async () => {
    user = await signUp(browser, { plan: 'enterprise35peruser', teamName: 'Analytics Co' })
    await analytics.flush()
    const [event] = eventsOf(user.id, 'signed_up')
    expect(event?.properties).toEqual({
      planId: 'enterprise35peruser',
      hasTeam: true,
      joinedByInvite: false,
      referrerHost: 'news.example',
      landingPath: '/pricing',
    })
    const [row] = await db.select().from(users).where(eq(users.id, user.id))
    expect(row?.initialVisitData).toEqual(visit)
  })

  test('canvas created', async () => {
    const res = await browser.post<{ canvas: { id: string } }>('/api/v1/canvases', {
      type: 'design',
      title: 'Secret project',
    })
    expect(res.status).toBe(200)
    canvasId = res.body.canvas.id
    await analytics.flush()
    expect(eventsOf(user.id, 'canvas_created')[0]?.properties).toEqual({
      canvasId,
      canvasType: 'design',
      inFolder: false,
      teamCanvas: true,
    })
  })

  test('comment and reply created: where and what kind, never the text', async () => {
    const created = await browser.post<{ annotation: { id: string } }>('/api/v1/annotations', {
      CanvasId: canvasId,
      comment: SECRET_COMMENT,
      x: 0.5,
      y: 0.5,
    })
    expect(created.status).toBe(200)
    annotationId = created.body.annotation.id
    const reply = await browser.post(`/api/v1/annotations/${annotationId}/replies`, {
      comment: `${SECRET_COMMENT} (reply) cc ${user.email}`,
    })
    expect(reply.status).toBe(200)
    await analytics.flush()
    const comments = eventsOf(user.id, 'comment_created')
    expect(comments.map((event) => event.properties)).toEqual([
      { canvasId, annotationId, isReply: false, isPrivate: false, byGuest: false, attachmentCount: 0 },
      { annotationId, isReply: true, isPrivate: false, byGuest: false, attachmentCount: 0 },
    ])
  })

  test('export: comments marked as exported (a team plan that exports)', async () => {
    const res = await browser.post(`/api/v1/canvases/${canvasId}/annotations/mark-as-exported`, {
      annotationIds: [annotationId],
    })
    expect(res.status).toBe(200)
    await analytics.flush()
    expect(eventsOf(user.id, 'annotations_exported')[0]?.properties).toEqual({ canvasId, count: 1 })
  })

  test('export: a CSV download', async () => {
    const res = await browser.post(`/api/v1/canvases/${canvasId}/annotations/export.csv`, {
      annotationIds: [annotationId],
    })
    expect(res.status).toBe(200)
    expect(res.text).toContain(SECRET_COMMENT)
    await analytics.flush()
    expect(eventsOf(user.id, 'annotations_exported').map((event) => event.properties)).toContainEqual({
      canvasId,
      target: 'csv',
      count: 1,
    })
  })

  test('plan change: from and to', async () => {
    const res = await browser.put(`/api/v1/users/${user.id}/customer/plan`, { plan: 'enterprise45peruser' })
    expect(res.status).toBe(200)
    await analytics.flush()
    expect(eventsOf(user.id, 'plan_changed')[0]?.properties).toEqual({
      fromPlanId: 'enterprise35peruser',
      toPlanId: 'enterprise45peruser',
    })
  })

  test('nothing the sink received carries the comment text or an e-mail address', () => {
    const everything = sink.rawBodies().join('\n')
    expect(everything).not.toContain('Top secret')
    expect(everything).not.toContain(user.email)
    expect(everything).not.toMatch(/[\w.+-]+@[\w-]+\.[\w.]+/)
  })
})

describe('POST /analytics/events (browser events)', () => {
  test('a failed canvas creation is reported with its message, e-mail addresses blanked', async () => {
    const browser = new TestClient(app)
    const { id } = await signUp(browser)
    const res = await browser.post<{ accepted: boolean }>('/api/v1/analytics/events', {
      event: 'canvas_creation_failed',
      properties: {
        message: 'Could not reach https://example.test for ops@example.test',
        canvasType: 'website',
        status: 400,
        comment: SECRET_COMMENT,
      },
    })
    expect(res.status).toBe(202)
    expect(res.body.accepted).toBe(true)
    await analytics.flush()
    const [event] = eventsOf(id, 'canvas_creation_failed')
    expect(event?.source).toBe('client')
    expect(event?.properties).toEqual({
      message: 'Could not reach https://example.test for [email]',
      canvasType: 'website',
      status: 400,
    })
  })

  test('the browser cannot report server events or unknown ones', async () => {
    const browser = new TestClient(app)
    await signUp(browser)
    for (const event of ['signed_up', 'comment_created', 'comment_text']) {
      const res = await browser.post('/api/v1/analytics/events', { event, properties: {} })
      expect(res.status).toBe(422)
    }
  })

  test('anonymous callers are refused', async () => {
    const res = await new TestClient(app).post('/api/v1/analytics/events', {
      event: 'canvas_creation_failed',
    })
    expect(res.status).toBe(401)
  })

  test('with analytics off (the default) the event is accepted and dropped', async () => {
    const off = await createTestApp()
    const browser = off.client()
    const signed = await browser.post('/api/v1/users', {
      email: uniqueEmail('off'),
      name: 'Off',
      password: 'a good password',
    })
    expect(signed.status).toBe(201)
    await analytics.flush()
    const before = sink.rawBodies().length
    const res = await browser.post<{ accepted: boolean }>('/api/v1/analytics/events', {
      event: 'canvas_creation_failed',
      properties: { message: 'nope' },
    })
    expect(res.status).toBe(202)
    expect(res.body.accepted).toBe(false)
    expect(off.context.analytics.enabled).toBe(false)
    await analytics.flush()
    expect(sink.rawBodies().length).toBe(before)
  })
})
