/**
 * Auto-sync both ways against the fake Asana and ClickUp, and webhook events: a new comment on a linked
 * canvas becomes a task, a reply a task comment, a task done in the tool resolves the comment (and
 * reopened makes it active); a 401 leaves the cursor, fails the link and flags the account; the webhook
 * gets created / replied / status-changed messages.
 */
import { afterAll, describe, expect, test } from 'bun:test'
import { annotations, autoSyncs, webhookDeliveries } from '@pinpoint/db'
import { buildCanvas } from '@pinpoint/db/testing'
import { eq } from 'drizzle-orm'
import { ASANA_FAKE, startFakeAsana } from '../../connectors/asana/fake'
import { CLICKUP_FAKE, startFakeClickUp } from '../../connectors/clickup/fake'
import { buildWorld, type World } from '../annotations/test-world'
import { runAutoSyncs } from './runner'

const asana = startFakeAsana()
const clickup = startFakeClickUp()
const receiver = Bun.serve({ hostname: '127.0.0.1', port: 0, fetch: () => new Response('ok') })
afterAll(async () => {
  await asana.stop()
  await clickup.stop()
  await receiver.stop(true)
})

const w: World = await buildWorld()
w.context.config.integrations.asanaApiUrl = asana.url
w.context.config.integrations.clickupApiUrl = `${clickup.url}/api/v2`
w.context.config.proxyAllowHosts = ['127.0.0.1']
const member = await w.as(w.member)
await member.post('/api/v1/users/me/accounts/asana', { token: ASANA_FAKE.token })
await member.post('/api/v1/users/me/accounts/clickup', { token: CLICKUP_FAKE.token })

async function comment(canvasId: string, text: string) {
  const res = await member.post<{ annotation: { id: string } }>('/api/v1/annotations', {
    CanvasId: canvasId,
    comment: text,
  })
  expect(res.status).toBe(200)
  return res.body.annotation.id
}
const statusOf = async (id: string) =>
  (await w.db.select().from(annotations).where(eq(annotations.id, id)))[0]?.status

describe('auto-sync with Asana', () => {
  const canvas = w.canvas

  test('only comments made after linking are pushed; each becomes a task in the project', async () => {
    const before = await comment(canvas.id, 'Made before the link')
    const link = await member.post<{ autoSync: { syncStatus: string; sectionId: string | null } }>(
      '/api/v1/users/me/accounts/asana/auto-sync',
      { canvasId: canvas.id, workspaceId: 'w1', projectId: 'p1', sectionId: 'none' },
    )
    expect(link.status).toBe(200)
    expect(link.body.autoSync).toMatchObject({ syncStatus: 'idle', sectionId: null })
    const id = await comment(canvas.id, 'New after @[Ana](user:a1) linked')
    await runAutoSyncs(w.context)
    const created = asana.calls('POST').filter((r) => r.path === '/tasks')
    expect(created).toHaveLength(1)
    const data = (created[0]?.body as { data: Record<string, unknown> } | undefined)?.data ?? {}
    expect(data.name).toBe('New after @Ana linked')
    expect(data.projects).toEqual(['p1'])
    expect(data.memberships).toBeUndefined()
    expect(String(data.notes)).toContain(`/comment/${id}/`)
    const [row] = await w.db.select().from(annotations).where(eq(annotations.id, id))
    expect(row?.lastExportDate).toBeInstanceOf(Date)
    expect(
      (await w.db.select().from(annotations).where(eq(annotations.id, before)))[0]?.lastExportDate,
    ).toBeNull()
    const list = await member.get<{ autoSyncs: { type: string; syncStatus: string }[] }>(
      '/api/v1/users/me/accounts',
    )
    expect(list.body.autoSyncs).toEqual([expect.objectContaining({ type: 'asana', syncStatus: 'synced' })])
    // A second run sends nothing new.
    const count = asana.requests.length
    await runAutoSyncs(w.context)
    expect(asana.requests.slice(count).every((r) => r.method === 'GET')).toBe(true)
  })

  test('a reply becomes a story; done in Asana resolves the comment, reopened makes it active', async () => {
    const id = await comment(canvas.id, 'Logo too small')
    await runAutoSyncs(w.context)
    const reply = await member.post(`/api/v1/annotations/${id}/replies`, { comment: 'Agreed, 2x please' })
    expect(reply.status).toBe(200)
    await runAutoSyncs(w.context)
    const task = [...asana.tasks.values()].find((t) => t.name === 'Logo too small')
    expect(task?.stories).toEqual([`${w.member.name}: Agreed, 2x please`])
    asana.complete(task?.gid ?? '')
    await runAutoSyncs(w.context)
    expect(await statusOf(id)).toBe('resolved')
    asana.complete(task?.gid ?? '', false)
    await runAutoSyncs(w.context)
    expect(await statusOf(id)).toBe('active')
  })

  test('a 401 keeps the comment for later, fails the link with the message and asks to reconnect', async () => {
    const id = await comment(canvas.id, 'During the outage')
    asana.failNext('unauthorized')
    await runAutoSyncs(w.context)
    const [link] = await w.db.select().from(autoSyncs).where(eq(autoSyncs.canvasId, canvas.id))
    expect(link?.syncStatus).toBe('failed')
    expect(link?.lastError).toContain('reconnect Asana')
    await runAutoSyncs(w.context)
    expect([...asana.tasks.values()].some((t) => t.name === 'During the outage')).toBe(true)
    expect(
      (await w.db.select().from(autoSyncs).where(eq(autoSyncs.canvasId, canvas.id)))[0]?.syncStatus,
    ).toBe('synced')
    void id
  })
})

describe('auto-sync with ClickUp', () => {
  test('task in the list, reply as comment, closed status resolves', async () => {
    const { canvas } = await buildCanvas(w.db, { user: w.owner })
    const link = await member.post('/api/v1/users/me/accounts/clickup/auto-sync', {
      canvasId: canvas.id,
      spaceId: '901',
      listId: '902',
    })
    expect(link.status).toBe(200)
    const id = await comment(canvas.id, 'Button colour')
    await runAutoSyncs(w.context)
    const created = clickup.calls('POST').find((r) => r.path === '/api/v2/list/902/task')
    expect((created?.body as { name?: string } | undefined)?.name).toBe('Button colour')
    await member.post(`/api/v1/annotations/${id}/replies`, { comment: 'Use brand blue' })
    await runAutoSyncs(w.context)
    const task = [...clickup.tasks.values()].find((t) => t.name === 'Button colour')
    expect(task?.comments).toEqual([`${w.member.name}: Use brand blue`])
    clickup.setStatus(task?.id ?? '', 'complete', 'closed')
    await runAutoSyncs(w.context)
    expect(await statusOf(id)).toBe('resolved')
  })
})

describe('auto-sync with the webhook', () => {
  test('comment created, replied and status changed are queued as messages', async () => {
    await member.post('/api/v1/users/me/accounts/webhook', { url: `http://127.0.0.1:${receiver.port}/in` })
    const { canvas } = await buildCanvas(w.db, { user: w.owner })
    expect(
      (await member.post('/api/v1/users/me/accounts/webhook/auto-sync', { canvasId: canvas.id })).status,
    ).toBe(200)
    const id = await comment(canvas.id, 'Hook me')
    await member.post(`/api/v1/annotations/${id}/replies`, { comment: 'A reply' })
    await member.put(`/api/v1/annotations/${id}`, { status: 'in-review' })
    await runAutoSyncs(w.context)
    const rows = await w.db.select().from(webhookDeliveries).orderBy(webhookDeliveries.createdAt)
    const types = rows.map((row) => row.eventType).filter((type) => type.startsWith('comment.'))
    expect(types).toEqual(['comment.created', 'comment.replied', 'comment.status-changed'])
    const changed = rows.find((row) => row.eventType === 'comment.status-changed')
    expect((changed?.payload as { data?: { change?: unknown } } | undefined)?.data?.change).toMatchObject({
      oldStatus: 'active',
      newStatus: 'in-review',
    })
  })

  test('stopping the auto-sync of a canvas', async () => {
    const res = await member.request('DELETE', '/api/v1/users/me/accounts/auto-sync', {
      json: { canvasId: w.canvas.id },
    })
    expect(res.status).toBe(200)
    expect(await w.db.select().from(autoSyncs).where(eq(autoSyncs.canvasId, w.canvas.id))).toEqual([])
  })
})
