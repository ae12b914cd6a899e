/**
 * Webhooks end to end over real HTTP: a receiver verifies every message with the Standard Webhooks
 * reference library; a 500 gets the message again (same webhook-id) from the delivery job; an unreachable
 * receiver ends failed after its tries; loopback and private targets are refused unless allow-listed.
 */
import { afterAll, describe, expect, test } from 'bun:test'
import { annotations, webhookDeliveries } from '@pinpoint/db'
import { buildAnnotation } from '@pinpoint/db/testing'
import { eq, sql } from 'drizzle-orm'
import { Webhook } from 'standardwebhooks'
import { QUEUES } from '../../jobs'
import { jobHandlers } from '../../jobs/handlers'
import { buildWorld, type World } from '../annotations/test-world'
import { MAX_ATTEMPTS, RETRY_DELAYS_MS } from './deliver'
import { signWebhook } from './signing'

interface Received {
  headers: Record<string, string>
  body: string
  verified: unknown
}

const received: Received[] = []
let answers: number[] = []
let secret = ''
const receiver = Bun.serve({
  hostname: '127.0.0.1',
  port: 0,
  async fetch(request) {
    const body = await request.text()
    const headers = Object.fromEntries(request.headers)
    let verified: unknown = null
    try {
      verified = new Webhook(secret).verify(body, headers)
    } catch (error) {
      verified = `invalid: ${(error as Error).message}`
    }
    received.push({ headers, body, verified })
    const status = answers.shift() ?? 200
    return new Response(status === 200 ? 'ok thanks' : 'boom', { status })
  },
})
afterAll(() => receiver.stop(true))

const w: World = await buildWorld()
w.context.config.proxyAllowHosts = ['127.0.0.1']
const deliver = jobHandlers(w.context)[QUEUES.webhookDelivery]
const hookUrl = `http://127.0.0.1:${receiver.port}/hooks/pinpoint`

async function connect(url = hookUrl) {
  const member = await w.as(w.member)
  const res = await member.post<{ secret: string; account: { accountName: string } }>(
    '/api/v1/users/me/accounts/webhook',
    { url },
  )
  return { member, res }
}

describe('webhooks', () => {
  test('connect shows the whsec_ secret once; the list never shows it', async () => {
    const { member, res } = await connect()
    expect(res.status).toBe(200)
    expect(res.body.secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/)
    expect(res.body.account.accountName).toBe(`127.0.0.1:${receiver.port}/hooks/pinpoint`)
    secret = res.body.secret
    const list = await member.get('/api/v1/users/me/accounts')
    expect(list.text).not.toContain(secret)
  })

  test('exported comments arrive signed; the receiver verifies each with the reference library', async () => {
    const member = await w.as(w.member)
    const a = await buildAnnotation(w.db, { canvas: w.canvas, comment: 'Hi @[Ana](user:a1) "quoted", 🎉' })
    const b = await buildAnnotation(w.db, { canvas: w.canvas })
    received.length = 0
    const res = await member.post<{ results: { annotationId: string; status: string }[] }>(
      '/api/v1/users/me/accounts/webhook/sync',
      { annotationIds: [a.id, b.id] },
    )
    expect(res.body.results.map((r) => r.status)).toEqual(['created', 'created'])
    expect(received).toHaveLength(2)
    for (const message of received) {
      expect(message.verified).toMatchObject({ type: 'annotation.exported' })
      expect(message.headers['webhook-id']).toMatch(/^msg_[0-9a-f]{32}$/)
      expect(message.headers['webhook-signature']).toStartWith('v1,')
      expect(message.headers['webhook-signature']).toBe(
        signWebhook(
          secret,
          message.headers['webhook-id'] ?? '',
          Number(message.headers['webhook-timestamp']),
          message.body,
        ),
      )
    }
    const first = JSON.parse(received[0]?.body ?? '{}')
    expect(first.data.annotation.id).toBe(a.id)
    expect(first.data.text).toBe('Hi @Ana "quoted", 🎉')
    expect(first.data.link).toBe(`http://localhost:3000/link/${w.canvas.subdomain}/comment/${a.id}/`)
    const [row] = await w.db.select().from(annotations).where(eq(annotations.id, a.id))
    expect(row?.lastExportDate).toBeInstanceOf(Date)
  })

  test('a receiver answering 500 once gets the message again, same webhook-id, from the delivery job', async () => {
    const member = await w.as(w.member)
    received.length = 0
    answers = [500]
    const res = await member.post<{ delivery: { id: string; status: string; nextAttemptAt: string } }>(
      '/api/v1/users/me/accounts/webhook/test',
    )
    expect(res.body.delivery.status).toBe('retrying')
    const wait = Date.parse(res.body.delivery.nextAttemptAt) - Date.now()
    expect(wait).toBeLessThanOrEqual(30_000)
    expect(wait).toBeGreaterThan(10_000)
    // The retry is a pg-boss job on the delivery queue, due at the delivery's next attempt.
    const jobs = await w.context.database.rows<{ start_after: Date }>(
      sql`select start_after from pgboss.job where name = ${QUEUES.webhookDelivery} and data->>'deliveryId' = ${res.body.delivery.id}`,
    )
    expect(jobs).toHaveLength(1)
    expect(
      Math.abs(new Date(jobs[0]?.start_after ?? 0).getTime() - Date.parse(res.body.delivery.nextAttemptAt)),
    ).toBeLessThan(1000)
    await deliver?.({ deliveryId: res.body.delivery.id })
    expect(received).toHaveLength(2)
    expect(received[1]?.headers['webhook-id']).toBe(received[0]?.headers['webhook-id'] ?? 'missing')
    expect(received[1]?.body).toBe(received[0]?.body ?? 'missing')
    expect(received[1]?.verified).toMatchObject({ type: 'ping' })
    const log = await member.get<{
      deliveries: {
        id: string
        status: string
        tries: { statusCode: number; durationMs: number; responseExcerpt: string }[]
      }[]
    }>('/api/v1/users/me/accounts/webhook/deliveries')
    const entry = log.body.deliveries.find((d) => d.id === res.body.delivery.id)
    expect(entry?.status).toBe('delivered')
    expect(entry?.tries.map((t) => [t.statusCode, t.responseExcerpt])).toEqual([
      [500, 'boom'],
      [200, 'ok thanks'],
    ])
    expect(entry?.tries.every((t) => t.durationMs >= 0)).toBe(true)
  })

  test('an unreachable receiver ends failed in the log after its tries', async () => {
    const dead = Bun.serve({ hostname: '127.0.0.1', port: 0, fetch: () => new Response('') })
    const deadUrl = `http://127.0.0.1:${dead.port}/gone`
    await dead.stop(true)
    const { member } = await connect(deadUrl)
    const res = await member.post<{ delivery: { id: string; status: string } }>(
      '/api/v1/users/me/accounts/webhook/test',
    )
    expect(res.body.delivery.status).toBe('retrying')
    for (let i = 1; i < MAX_ATTEMPTS; i++) await deliver?.({ deliveryId: res.body.delivery.id })
    const [row] = await w.db
      .select()
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.id, res.body.delivery.id))
    expect(row?.status).toBe('failed')
    expect(row?.attempts).toBe(6)
    expect(row?.nextAttemptAt).toBeNull()
    // The schedule: first retry within 30 s, growing, about four hours in all.
    expect(RETRY_DELAYS_MS[0]).toBeLessThanOrEqual(30_000)
    expect([...RETRY_DELAYS_MS].sort((x, y) => x - y)).toEqual([...RETRY_DELAYS_MS])
    const total = RETRY_DELAYS_MS.reduce((sum, ms) => sum + ms, 0)
    expect(total).toBeGreaterThan(3 * 3_600_000)
    expect(total).toBeLessThan(6 * 3_600_000)
    const log = await member.get<{
      deliveries: { status: string; tries: { statusCode: number | null }[] }[]
    }>('/api/v1/users/me/accounts/webhook/deliveries')
    expect(log.body.deliveries[0]?.status).toBe('failed')
    expect(log.body.deliveries[0]?.tries).toHaveLength(6)
    expect(log.body.deliveries[0]?.tries.every((t) => t.statusCode === null)).toBe(true)
  })

  test('loopback and private receivers are refused unless allow-listed', async () => {
    w.context.config.proxyAllowHosts = []
    try {
      for (const url of [
        hookUrl,
        'http://10.1.2.3/hook',
        'http://169.254.169.254/latest',
        'http://[::1]:8080/x',
      ]) {
        const { res } = await connect(url)
        expect(res.status).toBe(422)
        expect((res.body as unknown as { message: string }).message).toContain('private or local')
      }
    } finally {
      w.context.config.proxyAllowHosts = ['127.0.0.1']
    }
  })

  test('team49 cannot connect a webhook', async () => {
    const client = await w.as(w.team49Member)
    expect((await client.post('/api/v1/users/me/accounts/webhook', { url: hookUrl })).status).toBe(403)
  })
})
