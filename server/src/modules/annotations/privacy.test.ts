/**
 * The privacy test (issue acceptance): private annotations and replies, with attachments, mentions,
 * statuses, labels and assignees, then a search for their text through every path a guest, a member of
 * another team and an anonymous visitor can take: list, single fetch, canvas events, notifications,
 * e-mails, the WebSocket (live and replayed), attachment downloads, counts and error bodies. Zero hits.
 * A team member is the positive control: they must see every secret, or the test proves nothing.
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { outboxEmails, teams, type User } from '@pinpoint/db'
import { buildLabel } from '@pinpoint/db/testing'
import { eq } from 'drizzle-orm'
import { TestSocket } from '../../realtime/test-socket'
import { mentionIdOf } from '../notifications/service'
import type { AnnotationJson } from './json-sql'
import { buildWorld, sessionToken, type World } from './test-world'

const SECRET = 'ZQXSECRET'
let w: World
let baseUrl: string
let stop: () => Promise<void>
const observers: { name: string; user: User | null; live?: TestSocket }[] = []
let control: TestSocket
const attachmentUrls: string[] = []
const annotationIds: string[] = []
const replyIds: string[] = []

const mention = (user: User) => `@[${user.name}](user:${mentionIdOf(user.id)})`
const PNG = Uint8Array.from(
  atob('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg=='),
  (c) => c.charCodeAt(0),
)

async function socketFor(user: User | null) {
  const socket = await TestSocket.open(baseUrl, user ? { sessionToken: await sessionToken(w.db, user) } : {})
  await socket.request({ type: 'subscribe', canvasId: w.canvas.id }, (f) => f.type === 'subscribed')
  return socket
}

async function upload(user: User): Promise<string> {
  const form = new FormData()
  form.set('file', new File([PNG], `${SECRET}-file.png`, { type: 'image/png' }))
  const res = await (await w.as(user)).request<{ fileAttachment: { id: string } }>(
    'POST',
    '/api/v1/file-attachments',
    { body: form },
  )
  return res.body.fileAttachment.id
}

async function post<T>(user: User, path: string, body?: unknown) {
  const res = await (await w.as(user)).post<T>(path, body)
  expect(res.status).toBe(200)
  return res.body
}

beforeAll(async () => {
  w = await buildWorld()
  const app = w.app.listen({ port: 0, hostname: '127.0.0.1' })
  baseUrl = `http://127.0.0.1:${app.server?.port}`
  stop = async () => {
    await app.stop()
  }
  observers.push(
    { name: 'guest', user: w.guest },
    { name: 'other-team member', user: w.outsider },
    { name: 'anonymous', user: null },
  )
  for (const observer of observers) observer.live = await socketFor(observer.user)
  control = await socketFor(w.admin)

  // A public thread started by the guest, then private activity around it.
  const pub = (
    await post<{ annotation: AnnotationJson }>(w.guest, '/api/v1/annotations', {
      CanvasId: w.canvas.id,
      comment: 'public question',
      path: '/',
    })
  ).annotation
  const secretFile = await upload(w.member)
  const priv = (
    await post<{ annotation: AnnotationJson }>(w.member, '/api/v1/annotations', {
      CanvasId: w.canvas.id,
      comment: `${SECRET} A ${mention(w.guest)} ${mention(w.outsider)} ${mention(w.admin)}`,
      isPrivate: true,
      path: '/',
      textContentBefore: `${SECRET} before`,
      fileAttachmentIds: [secretFile],
    })
  ).annotation
  annotationIds.push(pub.id, priv.id)
  const replyFile = await upload(w.member)
  const privReply = await post<{ reply: { id: string } }>(w.member, `/api/v1/annotations/${pub.id}/replies`, {
    comment: `${SECRET} B ${mention(w.guest)}`,
    isPrivate: true,
    fileAttachmentIds: [replyFile],
  })
  const replyOnPrivate = await post<{ reply: { id: string } }>(
    w.admin,
    `/api/v1/annotations/${priv.id}/replies`,
    { comment: `${SECRET} C` },
  )
  replyIds.push(privReply.reply.id, replyOnPrivate.reply.id)
  await (await w.as(w.member)).put(`/api/v1/annotations/${priv.id}`, {
    status: 'in-review',
    comment: `${SECRET} A edited`,
  })
  await post(w.member, `/api/v1/annotations/${priv.id}/assigned-user/${w.admin.id}`)
  const [ownerTeam] = await w.db
    .select()
    .from(teams)
    .where(eq(teams.id, w.owner.teamId ?? ''))
  if (!ownerTeam) throw new Error('no team')
  const label = await buildLabel(w.db, { team: ownerTeam, name: `${SECRET} label` })
  await post(w.member, `/api/v1/annotations/${priv.id}/labels/${label.id}`)
  await post(w.member, `/api/v1/canvases/${w.canvas.id}/annotations/mark-as-exported`, {
    annotationIds: [priv.id, pub.id],
  })
  await (await w.as(w.member)).put(`/api/v1/canvases/${w.canvas.id}/annotations/inactive-reason`, {
    path: '/',
    inactiveReason: 'gone',
  })

  const team = await (await w.as(w.admin)).get<{ annotations: AnnotationJson[] }>(
    `/api/v1/canvases/${w.canvas.id}/annotations`,
  )
  for (const annotation of team.body.annotations) {
    for (const file of annotation.FileAttachments) attachmentUrls.push(file.url)
    for (const reply of annotation.AnnotationReplies ?? [])
      for (const file of reply.FileAttachments) attachmentUrls.push(file.url)
  }
  // Let live delivery settle: the control socket must have seen the last private event.
  await control.next(
    (f) => f.type === 'event' && f.event.type === 'annotations.inactive-reason' && f.event.isPrivate,
    3000,
    true,
  )
  await Bun.sleep(200)
})

afterAll(async () => {
  for (const observer of observers) await observer.live?.close()
  await control.close()
  await stop()
})

/** Everything an observer can fetch over HTTP, as one text. */
async function httpHaul(user: User | null): Promise<string> {
  const client = await w.as(user)
  const parts: string[] = []
  const get = async (path: string) => parts.push((await client.get(path)).text)
  await get(`/api/v1/canvases/${w.canvas.id}/annotations`)
  await get(`/api/v1/canvases/${w.canvas.id}/events?limit=200`)
  await get('/api/v1/users/me/events?limit=200')
  await get(`/api/v1/canvases/${w.canvas.id}`)
  for (const id of annotationIds) {
    await get(`/api/v1/annotations/${id}`)
    parts.push((await client.put(`/api/v1/annotations/${id}`, { status: 'active' })).text)
    parts.push((await client.post(`/api/v1/annotations/${id}/replies`, { comment: 'peek' })).text)
  }
  for (const id of replyIds) parts.push((await client.put(`/api/v1/replies/${id}`, { comment: 'peek' })).text)
  for (const url of attachmentUrls) {
    const res = await client.get(url)
    parts.push(`${res.status} ${res.headers.get('location') ?? ''} ${res.text}`)
    if (res.status === 302) parts.push((await client.get(res.headers.get('location') ?? '')).text)
  }
  return parts.join('\n')
}

describe('private comments never reach people without the permission', () => {
  test('positive control: a team member sees every secret', async () => {
    const haul = await httpHaul(w.admin)
    for (const marker of [`${SECRET} A`, `${SECRET} B`, `${SECRET} C`, `${SECRET} before`, `${SECRET} label`])
      expect(haul).toContain(marker)
    expect(JSON.stringify(control.frames)).toContain(`${SECRET} B`)
    expect(attachmentUrls.length).toBe(2)
  })

  for (const name of ['guest', 'other-team member', 'anonymous']) {
    test(`${name}: zero appearances over HTTP, live WebSocket, replay, notifications and e-mail`, async () => {
      const observer = observers.find((o) => o.name === name)
      if (!observer) throw new Error('no observer')
      expect(await httpHaul(observer.user)).not.toContain(SECRET)
      expect(JSON.stringify(observer.live?.frames)).not.toContain(SECRET)
      // Private ids are not even referenced on the public topic.
      expect(JSON.stringify(observer.live?.frames)).not.toContain(annotationIds[1])

      const replay = await TestSocket.open(
        baseUrl,
        observer.user ? { sessionToken: await sessionToken(w.db, observer.user) } : {},
      )
      await replay.request(
        { type: 'subscribe', canvasId: w.canvas.id, lastEventId: 0 },
        (f) => f.type === 'subscribed',
      )
      if (observer.user)
        await replay.request(
          { type: 'notifications.subscribe', lastEventId: 0 },
          (f) => f.type === 'notifications.subscribed',
        )
      expect(replay.frames.length).toBeGreaterThan(2)
      expect(JSON.stringify(replay.frames)).not.toContain(SECRET)
      await replay.close()

      if (observer.user) {
        const mails = await w.db.select().from(outboxEmails).where(eq(outboxEmails.to, observer.user.email))
        expect(JSON.stringify(mails)).not.toContain(SECRET)
      }
    })
  }

  test('counts leave private files out for those who cannot see them', async () => {
    const list = await (await w.as(w.guest)).get<{ annotations: AnnotationJson[] }>(
      `/api/v1/canvases/${w.canvas.id}/annotations`,
    )
    expect(list.body.annotations.map((a) => [a.id, a.numFileAttachments])).toEqual([
      [annotationIds[0] ?? '', 0],
    ])
    const replies = list.body.annotations[0]?.AnnotationReplies ?? []
    // Only the public "peek" replies the observers themselves posted above; the private one is absent.
    expect(replies.every((reply) => !reply.isPrivate && reply.comment === 'peek')).toBe(true)
  })
})
