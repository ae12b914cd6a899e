/**
 * Where a verdict shows besides the review header: the owner's activity feed (a notification), their
 * e-mail, the dashboard card (the list's `verdict`) and its filter (decision 047).
 */
import { describe, expect, test } from 'bun:test'
import { outboxEmails, users } from '@pinpoint/db'
import { and, eq } from 'drizzle-orm'
import { type CanvasBody, createCanvasTestApp, type ErrorBody, teamWithMembers } from '../canvases/testing'

const setup = await createCanvasTestApp()
const { db } = setup.context.database

interface EventsBody {
  events: { type: string; data: Record<string, unknown>; CanvasId: string }[]
}
interface ListBody {
  canvases: { id: string; verdict: string | null }[]
  total: number
}

const listWith = (filters: Record<string, unknown>) =>
  `/api/v1/users/me/canvases?filters=${encodeURIComponent(JSON.stringify(filters))}`

describe('verdicts reach the owner and the dashboard', () => {
  test("a member's verdict notifies and e-mails the owner; the owner's own notifies nobody", async () => {
    const { owner, ownerClient, memberClient, member } = await teamWithMembers(setup)
    const { canvas } = (
      await ownerClient.post<CanvasBody>('/api/v1/canvases', { type: 'design', title: 'Poster' })
    ).body
    const res = await memberClient.post(`/api/v1/canvases/${canvas.id}/reviews`, {
      status: 'changes-requested',
      comment: 'Logo @[Ann](user:abc) too small',
    })
    expect(res.status).toBe(200)
    const feed = (await ownerClient.get<EventsBody>('/api/v1/users/me/events')).body.events
    const note = feed.find((e) => e.type === 'notification.verdict' && e.CanvasId === canvas.id)
    expect(note?.data).toMatchObject({
      text: `${member.name} requested changes to revision 1 of “Poster”`,
      status: 'changes-requested',
      revisionNumber: 1,
      subdomain: canvas.subdomain,
      comment: 'Logo @Ann too small',
    })
    const mails = await db
      .select()
      .from(outboxEmails)
      .where(and(eq(outboxEmails.kind, 'verdict'), eq(outboxEmails.to, owner.email)))
    expect(mails).toHaveLength(1)
    expect(mails[0]?.subject).toBe(`${member.name} requested changes to revision 1 of “Poster”`)
    expect(mails[0]?.text).toContain(`/link/${canvas.subdomain}/v/1/`)
    expect(mails[0]?.text).toContain('Logo @[Ann](user:abc) too small')

    // The owner approving their own canvas: no notification, no e-mail.
    await ownerClient.post(`/api/v1/canvases/${canvas.id}/reviews`, { status: 'approved' })
    const after = (await ownerClient.get<EventsBody>('/api/v1/users/me/events')).body.events
    expect(after.filter((e) => e.type === 'notification.verdict' && e.CanvasId === canvas.id)).toHaveLength(1)
    expect(
      await db
        .select()
        .from(outboxEmails)
        .where(and(eq(outboxEmails.kind, 'verdict'), eq(outboxEmails.to, owner.email))),
    ).toHaveLength(1)
  })

  test('an owner with e-mails off gets the notification but no e-mail', async () => {
    const { owner, ownerClient, adminClient } = await teamWithMembers(setup)
    await db.update(users).set({ emailOn: false }).where(eq(users.id, owner.id))
    const { canvas } = (
      await ownerClient.post<CanvasBody>('/api/v1/canvases', { type: 'design', title: 'Quiet' })
    ).body
    expect(
      (await adminClient.post(`/api/v1/canvases/${canvas.id}/reviews`, { status: 'approved' })).status,
    ).toBe(200)
    const feed = (await ownerClient.get<EventsBody>('/api/v1/users/me/events')).body.events
    expect(feed.some((e) => e.type === 'notification.verdict' && e.CanvasId === canvas.id)).toBe(true)
    expect(
      await db
        .select()
        .from(outboxEmails)
        .where(and(eq(outboxEmails.kind, 'verdict'), eq(outboxEmails.to, owner.email))),
    ).toHaveLength(0)
  })

  test('the card carries the latest verdict of the current revision; the list filters by it', async () => {
    const { ownerClient, memberClient } = await teamWithMembers(setup)
    const make = async (title: string) =>
      (await ownerClient.post<CanvasBody>('/api/v1/canvases', { type: 'design', title })).body.canvas
    const approved = await make('Approved one')
    const changes = await make('Changes one')
    const fresh = await make('Fresh one')
    const renewed = await make('Renewed one')
    await memberClient.post(`/api/v1/canvases/${approved.id}/reviews`, { status: 'changes-requested' })
    await memberClient.post(`/api/v1/canvases/${approved.id}/reviews`, { status: 'approved' })
    await memberClient.post(`/api/v1/canvases/${changes.id}/reviews`, { status: 'changes-requested' })
    // A verdict on revision 1, then revision 2: the card shows revision 2's (none yet).
    await memberClient.post(`/api/v1/canvases/${renewed.id}/reviews`, { status: 'approved' })
    await ownerClient.post(`/api/v1/canvases/${renewed.id}/revisions`, {})

    const all = (await ownerClient.get<ListBody>(listWith({}))).body.canvases
    const verdictOf = (id: string) => all.find((c) => c.id === id)?.verdict
    expect([approved, changes, fresh, renewed].map((c) => verdictOf(c.id))).toEqual([
      'approved',
      'changes-requested',
      null,
      null,
    ])
    const ids = async (verdict: string) =>
      (await ownerClient.get<ListBody>(listWith({ verdict }))).body.canvases.map((c) => c.id).sort()
    expect(await ids('approved')).toEqual([approved.id])
    expect(await ids('changes-requested')).toEqual([changes.id])
    expect(await ids('unreviewed')).toEqual([fresh.id, renewed.id].sort())
    const counted = (await ownerClient.get<ListBody>(listWith({ verdict: 'unreviewed' }))).body.total
    expect(counted).toBe(2)
    const detail = (await ownerClient.get<CanvasBody>(`/api/v1/canvases/${approved.id}`)).body.canvas
    expect(detail.verdict).toBe('approved')
    const bad = await ownerClient.get<ErrorBody>(listWith({ verdict: 'maybe' }))
    expect([bad.status, bad.body.error]).toEqual([422, 'ValidationFailed'])
  })
})
