/**
 * Over a listening server: customer.updated frames reach the owner and the team's members over the real
 * WebSocket; the test clock answers only on loopback and only with BILLING_TEST_CLOCK=1; with
 * BILLING_DISABLED=1 billing calls answer 409 and every customer is active.
 */
import { afterAll, describe, expect, test } from 'bun:test'
import { users } from '@pinpoint/db'
import { buildCanvas, buildTeam, buildUser } from '@pinpoint/db/testing'
import { eq } from 'drizzle-orm'
import type { Config } from '../../config'
import { createAdjustableClock } from '../../platform/clock'
import { TestSocket } from '../../realtime/test-socket'
import { createTestContext } from '../../testing/harness'
import { createSession } from '../auth/session'
import { enforceBillingActivity } from '../canvases/access'
import { loggedIn } from '../canvases/testing'
import { createBillingTestApp, DAY, type ErrorJson, signedUp } from './testing'

const sockets: TestSocket[] = []
const stops: (() => Promise<unknown>)[] = []
afterAll(async () => {
  for (const socket of sockets) await socket.close()
  for (const stop of stops) await stop()
  enforceBillingActivity(true)
})

/** The test app's own configuration with some billing settings changed. */
async function testConfig(changes: Partial<Config>): Promise<Config> {
  return { ...(await createTestContext()).config, ...changes }
}

describe('customer.updated', () => {
  test('reaches the owner (full) and each member (without the billing contact) when a card is added', async () => {
    const setup = await createBillingTestApp()
    const server = setup.app.listen({ port: 0, hostname: '127.0.0.1' })
    stops.push(() => server.stop())
    const baseUrl = `http://127.0.0.1:${server.server?.port}`
    const { db } = setup.context.database
    const { client, userId } = await signedUp(setup, { plan: 'team49', teamName: 'Live' })
    await client.put('/api/v1/users/me/customer', { billingEmail: 'live-ap@example.com' })
    const [row] = await db.select().from(users).where(eq(users.id, userId))
    const member = await buildUser(db, { teamId: row?.teamId ?? null })
    const token = async (id: string) => (await createSession(db, { userId: id, now: new Date() })).token
    const ownerSocket = await TestSocket.open(baseUrl, { sessionToken: await token(userId) })
    const memberSocket = await TestSocket.open(baseUrl, { sessionToken: await token(member.id) })
    sockets.push(ownerSocket, memberSocket)
    const isUpdate = (frame: { type: string }) => frame.type === 'customer.updated'
    const ownerFrame = ownerSocket.next(isUpdate)
    const memberFrame = memberSocket.next(isUpdate)
    expect((await client.post('/api/v1/users/me/customer/card', { source: 'tok_visa' })).status).toBe(200)
    expect((await ownerFrame).customer).toMatchObject({
      planId: 'team49',
      billingEmail: 'live-ap@example.com',
      active: true,
    })
    expect((await memberFrame).customer).toMatchObject({
      planId: 'team49',
      billingEmail: null,
      customerId: null,
    })
  })
})

describe('test clock', () => {
  test('with BILLING_TEST_CLOCK=1 loopback callers move the clock; the sweep runs at once', async () => {
    const testClock = createAdjustableClock()
    const setup = await createBillingTestApp({
      config: await testConfig({ billingTestClock: true }),
      now: testClock.now,
      testClock,
    })
    const server = setup.app.listen({ port: 0, hostname: '127.0.0.1' })
    stops.push(() => server.stop())
    const base = `http://127.0.0.1:${server.server?.port}/api/v1/dev/clock`
    const before = (await (await fetch(base)).json()) as { now: string }
    const headers = { 'content-type': 'application/json', origin: 'http://localhost:3000' }
    const moved = await fetch(base, { method: 'POST', headers, body: JSON.stringify({ advanceMs: 3 * DAY }) })
    expect(moved.status).toBe(200)
    const { now } = (await moved.json()) as { now: string }
    expect(Date.parse(now) - Date.parse(before.now)).toBeGreaterThanOrEqual(3 * DAY)
    const target = new Date(Date.now() + 4 * DAY)
    const at = await fetch(base, {
      method: 'POST',
      headers,
      body: JSON.stringify({ at: target.toISOString() }),
    })
    expect(Date.parse(((await at.json()) as { now: string }).now) - target.getTime()).toBeLessThan(5000)
    const forwarded = await fetch(base, { headers: { 'x-forwarded-for': '203.0.113.9' } })
    expect(forwarded.status).toBe(404)
    // In-process requests have no socket address: not loopback, so not answered.
    expect((await setup.client().get('/api/v1/dev/clock')).status).toBe(404)
  })

  test('absent without BILLING_TEST_CLOCK', async () => {
    const setup = await createBillingTestApp()
    const server = setup.app.listen({ port: 0, hostname: '127.0.0.1' })
    stops.push(() => server.stop())
    expect((await fetch(`http://127.0.0.1:${server.server?.port}/api/v1/dev/clock`)).status).toBe(404)
  })
})

describe('BILLING_DISABLED=1', () => {
  test('billing calls say billing is off; an expired trial leaves canvases writable', async () => {
    const setup = await createBillingTestApp({
      config: await testConfig({ billingProvider: 'disabled' }),
    })
    const { db } = setup.context.database
    const client = setup.client()
    expect((await client.get('/api/v1/billing/config')).body).toEqual({
      provider: 'disabled',
      stripePublishableKey: null,
    })
    const { owner } = await buildTeam(db, {
      plan: 'team49',
      customer: { status: 'trialing', periodEnd: new Date(Date.now() - 30 * DAY) },
    })
    const ownerClient = await loggedIn(setup, owner)
    const off = await ownerClient.get<ErrorJson>('/api/v1/users/me/customer/billing-data')
    expect(off.status).toBe(409)
    expect(off.body.message).toBe('Billing is turned off on this server.')
    expect((await ownerClient.post('/api/v1/users/me/customer/card', { source: 'tok_visa' })).status).toBe(
      409,
    )
    const customer = await ownerClient.get<{ customer: { active: boolean } }>('/api/v1/users/me/customer')
    expect(customer.body.customer.active).toBe(true)
    const { canvas } = await buildCanvas(db, { user: owner })
    const res = await ownerClient.get<{ canvas: { state: { readOnly: boolean } } }>(
      `/api/v1/canvases/${canvas.id}`,
    )
    expect(res.body.canvas.state.readOnly).toBe(false)
    // The same record on a server with billing on: read-only (the trial ended long ago).
    const billed = await createBillingTestApp()
    const again = await (await loggedIn(billed, owner)).get<{ canvas: { state: { readOnly: boolean } } }>(
      `/api/v1/canvases/${canvas.id}`,
    )
    expect(again.body.canvas.state.readOnly).toBe(true)
  })
})
