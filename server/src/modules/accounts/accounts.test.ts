/**
 * Connected accounts over HTTP against the fake Trello: connecting checks the token with the tool and
 * seals it (never in the table in clear, never in an answer), the plan gate, disconnecting, destinations,
 * and the sync call with created / failed / skipped per comment and the exported mark.
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { annotations, connectedAccounts } from '@pinpoint/db'
import { buildAnnotation } from '@pinpoint/db/testing'
import { eq } from 'drizzle-orm'
import { startFakeTrello, TRELLO_FAKE } from '../../connectors/trello/fake'
import { buildWorld, type World } from '../annotations/test-world'

const fake = startFakeTrello()
const w: World = await buildWorld()
beforeAll(() => {
  w.context.config.integrations.trelloApiUrl = fake.url
  w.context.config.integrations.trelloApiKey = TRELLO_FAKE.apiKey
})
afterAll(() => fake.stop())

describe('connected accounts', () => {
  test('connect checks the token with Trello, seals it, and never answers it back', async () => {
    const member = await w.as(w.member)
    const bad = await member.post('/api/v1/users/me/accounts/trello', { token: 'wrong' })
    expect(bad.status).toBe(422)
    expect((bad.body as { message: string }).message).toBe(
      'Trello did not accept these credentials. Check the token and try again.',
    )
    const ok = await member.post('/api/v1/users/me/accounts/trello', { token: TRELLO_FAKE.token })
    expect(ok.status).toBe(200)
    expect(ok.body).toMatchObject({
      account: { type: 'trello', accountName: 'Ana Trello', status: 'connected' },
    })
    expect(ok.text).not.toContain(TRELLO_FAKE.token)
    const [row] = await w.db.select().from(connectedAccounts).where(eq(connectedAccounts.userId, w.member.id))
    expect(JSON.stringify(row?.credentials)).not.toContain(TRELLO_FAKE.token)
    expect(row?.credentials.sealed).toStartWith('v1.')
    const list = await member.get<{
      accounts: unknown[]
      tools: { type: string }[]
      exportsAllowed: boolean
    }>('/api/v1/users/me/accounts')
    expect(list.body.accounts).toEqual([
      expect.objectContaining({ type: 'trello', accountName: 'Ana Trello', status: 'connected' }),
    ])
    expect(list.body.exportsAllowed).toBe(true)
    expect(list.body.tools.map((tool) => tool.type)).toEqual(['trello', 'monday', 'asana', 'jira', 'clickup'])
    expect(list.text).not.toContain(TRELLO_FAKE.token)
  })

  test('team49 members may not connect; their list says exports are not on the plan', async () => {
    const client = await w.as(w.team49Member)
    const res = await client.post('/api/v1/users/me/accounts/trello', { token: TRELLO_FAKE.token })
    expect(res.status).toBe(403)
    const list = await client.get<{ exportsAllowed: boolean }>('/api/v1/users/me/accounts')
    expect(list.body.exportsAllowed).toBe(false)
    expect((await (await w.as(null)).get('/api/v1/users/me/accounts')).status).toBe(401)
  })

  test('destinations come from the tool', async () => {
    const member = await w.as(w.member)
    const boards = await member.get('/api/v1/users/me/accounts/trello/choices?field=boardId')
    expect(boards.body).toEqual({ choices: [{ id: 'board1', name: 'Website relaunch' }] })
    const lists = await member.get('/api/v1/users/me/accounts/trello/choices?field=listId&boardId=board1')
    expect((lists.body as { choices: unknown[] }).choices).toHaveLength(2)
  })

  test('sync: created, skipped (hidden, already a task), marks exported', async () => {
    const member = await w.as(w.member)
    const a = await buildAnnotation(w.db, { canvas: w.canvas, comment: 'Fix @[Ana Lee](user:abc1) header' })
    const b = await buildAnnotation(w.db, { canvas: w.canvas, comment: 'Second' })
    const hidden = await buildAnnotation(w.db, { canvas: w.team49Canvas, comment: 'Not mine' })
    const before = fake.requests.length
    const res = await member.post<{ results: { annotationId: string; status: string; taskUrl?: string }[] }>(
      '/api/v1/users/me/accounts/trello/sync',
      { listId: 'board1-todo', annotationIds: [a.id, b.id, hidden.id] },
    )
    expect(res.status).toBe(200)
    expect(res.body.results.map((r) => [r.annotationId, r.status])).toEqual([
      [a.id, 'created'],
      [b.id, 'created'],
      [hidden.id, 'skipped'],
    ])
    const card = fake.requests.slice(before).find((r) => r.path === '/1/cards')?.body as Record<
      string,
      string
    >
    expect(card.name).toBe('Fix @Ana Lee header')
    expect(card.desc).toContain(`/link/${w.canvas.subdomain}/comment/${a.id}/`)
    const [row] = await w.db.select().from(annotations).where(eq(annotations.id, a.id))
    expect(row?.lastExportDate).toBeInstanceOf(Date)
    const again = await member.post<{ results: { status: string; message: string }[] }>(
      '/api/v1/users/me/accounts/trello/sync',
      { listId: 'board1-todo', annotationIds: [a.id] },
    )
    expect(again.body.results[0]).toMatchObject({ status: 'skipped', message: 'Already a task in Trello.' })
  })

  test('a 401 from Trello fails the comments with "reconnect" and flags the account', async () => {
    const member = await w.as(w.member)
    const a = await buildAnnotation(w.db, { canvas: w.canvas })
    const b = await buildAnnotation(w.db, { canvas: w.canvas })
    fake.failNext('unauthorized')
    const before = fake.requests.length
    const res = await member.post<{ results: { status: string; reason: string; message: string }[] }>(
      '/api/v1/users/me/accounts/trello/sync',
      { listId: 'board1-todo', annotationIds: [a.id, b.id] },
    )
    expect(res.body.results.map((r) => [r.status, r.reason])).toEqual([
      ['failed', 'reconnect'],
      ['failed', 'reconnect'],
    ])
    expect(res.body.results[0]?.message).toContain('reconnect Trello in Settings')
    expect(fake.requests.length - before).toBe(1)
    const list = await member.get<{ accounts: { status: string }[] }>('/api/v1/users/me/accounts')
    expect(list.body.accounts[0]?.status).toBe('reconnect')
    const [row] = await w.db.select().from(annotations).where(eq(annotations.id, a.id))
    expect(row?.lastExportDate).toBeNull()
  })

  test('disconnect forgets the credentials', async () => {
    const member = await w.as(w.member)
    expect((await member.request('DELETE', '/api/v1/users/me/accounts/trello')).status).toBe(200)
    expect((await member.request('DELETE', '/api/v1/users/me/accounts/trello')).status).toBe(404)
    const rows = await w.db.select().from(connectedAccounts).where(eq(connectedAccounts.userId, w.member.id))
    expect(rows).toEqual([])
  })
})

describe('credentials at rest', () => {
  test('a value sealed with an older key still opens, and is re-sealed with the current key', async () => {
    const { openCredentials, sealCredentials } = await import('./credentials')
    const { parseSecretKeys } = await import('../../platform/security/secret-box')
    const oldKey = Buffer.alloc(32, 1).toString('base64')
    const newKey = Buffer.alloc(32, 2).toString('base64')
    const before = { ...w.context.config, secretKeys: parseSecretKeys(`old:${oldKey}`) }
    const after = { ...w.context.config, secretKeys: parseSecretKeys(`new:${newKey},old:${oldKey}`) }
    const [row] = await w.db
      .insert(connectedAccounts)
      .values({ id: 'rotation1', userId: w.admin.id, type: 'asana', credentials: {} })
      .returning()
    if (!row) throw new Error('no row')
    const sealed = sealCredentials(before, row.id, { token: 'asana-secret' })
    await w.db.update(connectedAccounts).set({ credentials: sealed }).where(eq(connectedAccounts.id, row.id))
    const stored = { ...row, credentials: sealed }
    expect(await openCredentials(w.db, after, stored)).toEqual({ token: 'asana-secret' })
    const [resealed] = await w.db.select().from(connectedAccounts).where(eq(connectedAccounts.id, row.id))
    expect(resealed?.credentials.sealed).toStartWith('v1.new.')
    // Bound to its row: the same sealed value does not open as another account's.
    await expect(openCredentials(w.db, after, { ...stored, id: 'other' })).rejects.toThrow(
      'sealed for another record',
    )
  })
})
