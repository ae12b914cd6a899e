/**
 * SPEC 4 and 6 rules that billing drives, over HTTP with the injected clock and the local provider:
 * a trial turns canvases read-only two hours after it ends and a card brings them back at once; past_due
 * keeps access 7 days; a cancel keeps access to the period end; team49 gates; the solo premium limit.
 * Billing e-mails land in the outbox.
 */
import { afterEach, describe, expect, test } from 'bun:test'
import { outboxEmails } from '@pinpoint/db'
import { eq } from 'drizzle-orm'
import type { TestClient } from '../../testing/http'
import { runBillingSweep } from './runtime'
import { billingDataOf, createBillingTestApp, DAY, type ErrorJson, HOUR, signedUp } from './testing'
import type { CustomerView } from './views'

const setup = await createBillingTestApp()
const { db } = setup.context.database
const clock = setup.context.clock
const MINUTE = 60 * 1000

afterEach(() => clock.reset())

async function newCanvas(client: TestClient, title = 'Billing canvas'): Promise<string> {
  const res = await client.post<{ canvas: { id: string } }>('/api/v1/canvases', { type: 'design', title })
  if (res.status !== 201 && res.status !== 200) throw new Error(`canvas: ${res.status} ${res.text}`)
  return res.body.canvas.id
}

async function readOnly(client: TestClient, canvasId: string): Promise<boolean> {
  const res = await client.get<{ canvas: { state: { readOnly: boolean; readOnlyReason: string | null } } }>(
    `/api/v1/canvases/${canvasId}`,
  )
  if (res.status !== 200) throw new Error(`canvas read: ${res.status} ${res.text}`)
  return res.body.canvas.state.readOnly
}

async function customer(client: TestClient): Promise<CustomerView> {
  return (await client.get<{ customer: CustomerView }>('/api/v1/users/me/customer')).body.customer
}

async function moveTo(at: number) {
  clock.set(new Date(at))
  await runBillingSweep(setup.context)
}

async function mailKinds(to: string): Promise<string[]> {
  const rows = await db.select().from(outboxEmails).where(eq(outboxEmails.to, to))
  return rows.map((row) => row.kind ?? '')
}

describe('trial (SPEC 4: trialing until two hours after periodEnd)', () => {
  test('canvases turn read-only 2 hours after the trial; a card makes them writable at once', async () => {
    const start = Date.now()
    clock.set(new Date(start))
    const { client, email } = await signedUp(setup, { plan: 'team49', teamName: 'Trialists' })
    const canvasId = await newCanvas(client)
    const trialEnd = Date.parse((await customer(client)).periodEnd ?? '')
    expect(trialEnd - start).toBe(14 * DAY)
    await moveTo(trialEnd - 3 * DAY + MINUTE)
    expect(await mailKinds(email)).toContain('billing-trial-ending')
    await moveTo(trialEnd + 2 * HOUR - MINUTE)
    expect(await readOnly(client, canvasId)).toBe(false)
    expect(await mailKinds(email)).toContain('billing-trial-ended')
    await moveTo(trialEnd + 2 * HOUR)
    expect(await readOnly(client, canvasId)).toBe(true)
    expect(await customer(client)).toMatchObject({ status: 'trialing', active: false })
    const declined = await client.post<ErrorJson>('/api/v1/users/me/customer/card', {
      source: 'tok_chargeDeclined',
    })
    expect(declined.status).toBe(402)
    expect(await readOnly(client, canvasId)).toBe(true)
    const paid = await client.post<{ customer: CustomerView }>('/api/v1/users/me/customer/card', {
      source: 'tok_visa',
    })
    expect(paid.body.customer).toMatchObject({ status: 'active', active: true, trialing: false })
    expect(await readOnly(client, canvasId)).toBe(false)
    expect(await mailKinds(email)).toContain('billing-receipt')
  })
})

describe('past_due (SPEC 4: active until 7 days after periodEnd)', () => {
  test('a failed renewal keeps access for 7 days, e-mails, then the retries end the subscription', async () => {
    const start = Date.now()
    clock.set(new Date(start))
    const { client, email } = await signedUp(setup, { plan: 'team49', teamName: 'Late payers' })
    await client.put('/api/v1/users/me/customer', { billingEmail: 'late-ap@example.com' })
    await client.post('/api/v1/users/me/customer/card', { source: 'tok_chargeCustomerFail' })
    const canvasId = await newCanvas(client)
    const periodEnd = Date.parse((await customer(client)).periodEnd ?? '')
    await moveTo(periodEnd + MINUTE)
    expect(await customer(client)).toMatchObject({ status: 'past_due', active: true })
    expect(await mailKinds('late-ap@example.com')).toContain('billing-payment-failed')
    expect(await mailKinds(email)).not.toContain('billing-payment-failed')
    await moveTo(periodEnd + 7 * DAY - MINUTE)
    expect(await readOnly(client, canvasId)).toBe(false)
    await moveTo(periodEnd + 7 * DAY)
    expect(await readOnly(client, canvasId)).toBe(true)
    expect((await customer(client)).status).toBe('canceled')
    const failures = (await mailKinds('late-ap@example.com')).filter(
      (kind) => kind === 'billing-payment-failed',
    )
    expect(failures).toHaveLength(4)
  })

  test('a good card while past_due pays at once: active again, the period moves on', async () => {
    clock.set(new Date())
    const { client } = await signedUp(setup, { plan: 'individual29' })
    await client.post('/api/v1/users/me/customer/card', { source: 'tok_chargeCustomerFail' })
    const periodEnd = Date.parse((await customer(client)).periodEnd ?? '')
    await moveTo(periodEnd + 2 * DAY)
    expect((await customer(client)).status).toBe('past_due')
    const res = await client.post<{ customer: CustomerView }>('/api/v1/users/me/customer/card', {
      source: 'tok_visa',
    })
    expect(res.body.customer.status).toBe('active')
    expect(Date.parse(res.body.customer.periodEnd ?? '')).toBeGreaterThan(periodEnd + 27 * DAY)
  })
})

describe('cancel (access until the period end)', () => {
  test('a canceled team keeps writable canvases to the period end, then read-only', async () => {
    const start = Date.now()
    clock.set(new Date(start))
    const { client } = await signedUp(setup)
    await client.post('/api/v1/users/me/customer/card', { source: 'tok_visa' })
    await client.put('/api/v1/users/me/customer/plan', { plan: 'team49', teamName: 'Leaving' })
    const canvasId = await newCanvas(client)
    await client.request('DELETE', '/api/v1/users/me/customer/subscription', {
      json: { survey: { reason: 'Done' } },
    })
    const periodEnd = Date.parse((await customer(client)).periodEnd ?? '')
    await moveTo(periodEnd - MINUTE)
    expect(await readOnly(client, canvasId)).toBe(false)
    await moveTo(periodEnd + MINUTE)
    expect(await customer(client)).toMatchObject({ status: 'canceled', active: false })
    expect(await readOnly(client, canvasId)).toBe(true)
    expect((await billingDataOf(client)).invoices).toHaveLength(1)
  })
})

describe('plan gates (SPEC 6) from the catalogue', () => {
  test('team49 has no API token; enterprise does, from the moment the plan changes', async () => {
    const { client } = await signedUp(setup, { plan: 'team49', teamName: 'Gated' })
    expect((await client.get('/api/v1/users/me/token')).status).toBe(403)
    await client.put('/api/v1/users/me/customer/plan', { plan: 'enterprise35peruser' })
    expect((await client.get('/api/v1/users/me/token')).status).toBe(200)
  })

  test('solo plans: premium canvases up to the catalogue limit (individual29: 3)', async () => {
    const { client } = await signedUp(setup, { plan: 'individual29' })
    const ids = [
      await newCanvas(client, 'a'),
      await newCanvas(client, 'b'),
      await newCanvas(client, 'c'),
      await newCanvas(client, 'd'),
    ]
    for (const id of ids.slice(0, 3)) {
      expect((await client.put(`/api/v1/canvases/${id}`, { isPremium: true })).status).toBe(200)
    }
    const fourth = await client.put<ErrorJson>(`/api/v1/canvases/${ids[3]}`, { isPremium: true })
    expect(fourth.status).toBe(409)
    expect(fourth.body.meta.limit).toBe(3)
    await client.put('/api/v1/users/me/customer/plan', { plan: 'individual35' })
    expect((await client.put(`/api/v1/canvases/${ids[3]}`, { isPremium: true })).status).toBe(200)
  })
})

describe('receipts', () => {
  test('no receipt when shouldEmailReceipts is off', async () => {
    const { client, email } = await signedUp(setup)
    await client.put('/api/v1/users/me/customer', { shouldEmailReceipts: false })
    await client.post('/api/v1/users/me/customer/card', { source: 'tok_visa' })
    await client.put('/api/v1/users/me/customer/plan', { plan: 'individual19' })
    expect(await mailKinds(email)).toEqual(['welcome'])
  })
})
