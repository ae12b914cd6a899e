/**
 * Assignees, mentions (events and e-mails, gated by plan and by who may see the comment) and file
 * attachments on comments (attach-files rule, counts, access-checked downloads).
 */
import { beforeAll, describe, expect, test } from 'bun:test'
import { canvasUsers, events, outboxEmails, type User } from '@pinpoint/db'
import { buildUser } from '@pinpoint/db/testing'
import { and, eq } from 'drizzle-orm'
import { mentionIdOf } from '../notifications/service'
import type { AnnotationJson } from './json-sql'
import { buildWorld, type World } from './test-world'

type Body = { annotation: AnnotationJson }
let w: World

beforeAll(async () => {
  w = await buildWorld()
})

async function comment(user: User, body: Record<string, unknown>, canvasId = w.canvas.id) {
  return (await w.as(user)).post<Body>('/api/v1/annotations', { CanvasId: canvasId, ...body })
}

const mention = (user: User) => `@[${user.name}](user:${mentionIdOf(user.id)})`

async function notificationsOf(user: User, annotationId: string) {
  return w.db
    .select()
    .from(events)
    .where(and(eq(events.userId, user.id), eq(events.annotationId, annotationId)))
}

async function mailsTo(user: User) {
  return w.db
    .select()
    .from(outboxEmails)
    .where(and(eq(outboxEmails.to, user.email), eq(outboxEmails.kind, 'mention')))
}

describe('assignees', () => {
  test('a member assigns a teammate, who is notified; unassigning clears it', async () => {
    const a = (await comment(w.guest, { comment: 'assign me' })).body.annotation
    const res = await (await w.as(w.member)).post<Body>(
      `/api/v1/annotations/${a.id}/assigned-user/${w.admin.id}`,
    )
    expect(res.status).toBe(200)
    expect(res.body.annotation).toMatchObject({
      assignedUserId: w.admin.id,
      assignedUser: { id: w.admin.id, name: w.admin.name },
    })
    const [note] = await notificationsOf(w.admin, a.id)
    expect(note).toMatchObject({
      type: 'notification.assigned',
      data: { text: `${w.member.name} assigned a comment to you` },
    })
    const cleared = await (await w.as(w.member)).delete<Body>(`/api/v1/annotations/${a.id}/assigned-user`)
    expect(cleared.body.annotation).toMatchObject({ assignedUserId: null, assignedUser: null })
  })

  test('gates: team49 plans, guests and outsiders cannot assign; nobody can assign an outsider', async () => {
    const a = (await comment(w.member, { comment: 'x' })).body.annotation
    expect(
      (await (await w.as(w.guest)).post(`/api/v1/annotations/${a.id}/assigned-user/${w.member.id}`)).status,
    ).toBe(403)
    expect(
      (await (await w.as(w.member)).post(`/api/v1/annotations/${a.id}/assigned-user/${w.outsider.id}`))
        .status,
    ).toBe(403)
    expect(
      (await (await w.as(w.member)).post(`/api/v1/annotations/${a.id}/assigned-user/missing`)).status,
    ).toBe(404)
    expect(
      (await (await w.as(null)).post(`/api/v1/annotations/${a.id}/assigned-user/${w.member.id}`)).status,
    ).toBe(401)
    const t = (await comment(w.team49Member, { comment: 'x' }, w.team49Canvas.id)).body.annotation
    const refused = await (await w.as(w.team49Member)).post(
      `/api/v1/annotations/${t.id}/assigned-user/${w.team49Member.id}`,
    )
    expect(refused.status).toBe(403)
  })
})

describe('mentions', () => {
  test('a mentioned teammate gets a mention notification and an e-mail (not also the generic one)', async () => {
    const a = (await comment(w.member, { comment: `Can you check this ${mention(w.owner)}?` })).body
      .annotation
    const notes = await notificationsOf(w.owner, a.id)
    expect(notes.map((n) => n.type)).toEqual(['notification.mention'])
    expect(notes[0]?.data).toMatchObject({
      text: `${w.member.name} mentioned you in a comment`,
      comment: `Can you check this @${w.owner.name}?`,
    })
    const mails = await mailsTo(w.owner)
    expect(mails).toHaveLength(1)
    expect(mails[0]?.subject).toContain(w.member.name)
    expect(mails[0]?.text).toContain(`/link/${w.canvas.subdomain}/comment/${a.id}/`)
  })

  test('mentions are gated by plan: a team49 member or a guest notifies nobody by mentioning', async () => {
    const colleague = await buildUser(w.db, { teamId: w.team49Member.teamId })
    const a = (await comment(w.team49Member, { comment: `hey ${mention(colleague)}` }, w.team49Canvas.id))
      .body.annotation
    expect(await notificationsOf(colleague, a.id)).toHaveLength(0)
    const g = (await comment(w.guest, { comment: `hey ${mention(w.admin)}` })).body.annotation
    expect((await notificationsOf(w.admin, g.id)).map((n) => n.type)).not.toContain('notification.mention')
  })

  test('only people who may see the comment are notified: outsiders and guests are not, for private ones', async () => {
    const a = (
      await comment(w.member, {
        comment: `private ${mention(w.admin)} ${mention(w.guest)} ${mention(w.outsider)}`,
        isPrivate: true,
      })
    ).body.annotation
    expect((await notificationsOf(w.admin, a.id)).map((n) => n.type)).toEqual(['notification.mention'])
    expect(await notificationsOf(w.guest, a.id)).toHaveLength(0)
    expect(await notificationsOf(w.outsider, a.id)).toHaveLength(0)
    expect(await mailsTo(w.outsider)).toHaveLength(0)
  })

  test('editing notifies only mentions the edit added; e-mails respect emailOn', async () => {
    const quiet = await buildUser(w.db, { teamId: w.member.teamId, emailOn: false })
    const a = (await comment(w.member, { comment: `first ${mention(w.admin)}` })).body.annotation
    await (await w.as(w.member)).put(`/api/v1/annotations/${a.id}`, {
      comment: `first ${mention(w.admin)} and ${mention(quiet)}`,
    })
    expect(await notificationsOf(w.admin, a.id)).toHaveLength(1)
    expect((await notificationsOf(quiet, a.id)).map((n) => n.type)).toEqual(['notification.mention'])
    expect(await mailsTo(quiet)).toHaveLength(0)
  })

  test('an edit notifies by the rules of a new comment: invited people, not strangers; private ones the team', async () => {
    const invited = await buildUser(w.db)
    await w.db.insert(canvasUsers).values({ canvasId: w.canvas.id, userId: invited.id, role: 'commenter' })
    const edit = async (id: string, text: string) =>
      expect((await (await w.as(w.member)).put(`/api/v1/annotations/${id}`, { comment: text })).status).toBe(
        200,
      )
    const types = async (user: User, id: string) => (await notificationsOf(user, id)).map((n) => n.type)
    const open = (await comment(w.member, { comment: 'plain' })).body.annotation
    await edit(open.id, `now ${mention(invited)} ${mention(w.outsider)}`)
    expect(await types(invited, open.id)).toEqual(['notification.mention'])
    expect(await types(w.outsider, open.id)).toEqual([])
    const secret = (await comment(w.member, { comment: 'secret', isPrivate: true })).body.annotation
    await edit(secret.id, `secret ${mention(w.admin)} ${mention(w.guest)} ${mention(invited)}`)
    expect(await types(w.admin, secret.id)).toEqual(['notification.mention'])
    expect(await types(w.guest, secret.id)).toEqual([])
    expect(await types(invited, secret.id)).toEqual([])
  })
})

const PNG = Uint8Array.from(
  atob('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg=='),
  (c) => c.charCodeAt(0),
)

async function upload(user: User): Promise<{ status: number; id: string }> {
  const form = new FormData()
  form.set('file', new File([PNG], 'shot.png', { type: 'image/png' }))
  const res = await (await w.as(user)).request<{ fileAttachment: { id: string } }>(
    'POST',
    '/api/v1/file-attachments',
    { body: form },
  )
  return { status: res.status, id: res.body.fileAttachment?.id ?? '' }
}

describe('attachments', () => {
  test('uploaded files attach to a comment and a reply; counts and downloads follow visibility', async () => {
    const file = await upload(w.member)
    expect(file.status).toBe(200)
    const a = (await comment(w.member, { comment: 'see screenshot', fileAttachmentIds: [file.id] })).body
      .annotation
    expect(a.numFileAttachments).toBe(1)
    expect(a.FileAttachments[0]).toMatchObject({
      id: file.id,
      AnnotationId: a.id,
      name: 'shot.png',
      mimeType: 'image/png',
    })
    const download = await (await w.as(w.guest)).get(a.FileAttachments[0]?.url ?? '')
    expect(download.status).toBe(302)
    expect(download.headers.get('location')).toContain('/api/v1/files/')

    const replyFile = await upload(w.member)
    const reply = await (await w.as(w.member)).post<{ reply: { FileAttachments: { url: string }[] } }>(
      `/api/v1/annotations/${a.id}/replies`,
      {
        comment: 'internal file',
        isPrivate: true,
        fileAttachmentIds: [replyFile.id],
      },
    )
    const url = reply.body.reply.FileAttachments[0]?.url ?? ''
    expect((await (await w.as(w.admin)).get(url)).status).toBe(302)
    expect((await (await w.as(w.guest)).get(url)).status).toBe(404)
    expect((await (await w.as(null)).get(url)).status).toBe(404)
    const list = await (await w.as(w.guest)).get<{ annotations: AnnotationJson[] }>(
      `/api/v1/canvases/${w.canvas.id}/annotations`,
    )
    expect(list.body.annotations.find((x) => x.id === a.id)?.numFileAttachments).toBe(1)
  })

  test('attach-files rule: a free plan or a guest cannot attach; foreign or reused files are refused', async () => {
    expect((await upload(w.free)).status).toBe(403)
    expect((await upload(w.guest)).status).toBe(403)
    const file = await upload(w.member)
    const stolen = await comment(w.admin, { comment: 'x', fileAttachmentIds: [file.id] })
    expect(stolen.status).toBe(422)
    expect((await comment(w.member, { comment: 'ok', fileAttachmentIds: [file.id] })).status).toBe(200)
    expect((await comment(w.member, { comment: 'again', fileAttachmentIds: [file.id] })).status).toBe(422)
  })
})
