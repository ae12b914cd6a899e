/**
 * The SPEC 4/6 rules billing drives (modules/billing/billing-activity.test.ts for the local engine), with
 * the Stripe provider: Stripe's clock (the fake's, moved with ours) ends trials, renews and retries, and
 * only its signed webhooks tell the server. Trial read-only after 2 hours and back with a card; past_due
 * keeps access 7 days; cancel keeps access to the period end; plan gates; receipts.
 */
import { afterEach, describe, expect, test } from 'bun:test'
import { outboxEmails } from '@pinpoint/db'
import { eq } from 'drizzle-orm'
import { TestClient } from '../../testing/http'
import { billingDataOf, DAY, type ErrorJson, HOUR, signedUp } from '../billing/testing'
import type { CustomerView } from '../billing/views'
import { createStripeTestServer } from './testing'

const setup = await createStripeTestServer('activity_suite')
const { clock, db, fake } = setup
const MINUTE = 60 * 1000

afterEach(() => clock.reset())

/** Moves both clocks; Stripe does what is due and its webhooks are answered before this returns. */
async function moveTo(at: number) {
  clock.set(new Date(at))
  await fake.advance()
}

async function newCanvas(browser: TestClient, title = 'Stripe canvas'): Promise<string> {
  const res = await browser.post<{ canvas: { id: string } }>('/api/v1/canvases', { type: 'design', title })
  if (res.status !== 201 && res.status !== 200) throw new Error(`canvas: ${res.status} ${res.text}`)
  return res.body.canvas.id
}

async function readOnly(browser: TestClient, canvasId: string): Promise<boolean> {
  const res = await browser.get<{ canvas: { state: { readOnly: boolean } } }>(`/api/v1/canvases/${canvasId}`)
  if (res.status !== 200) throw new Error(`canvas read: ${res.status} ${res.text}`)
  return res.body.canvas.state.readOnly
}

async function customer(browser: TestClient): Promise<CustomerView> {
  return (await browser.get<{ customer: CustomerView }>('/api/v1/users/me/customer')).body.customer
}

async function mailKinds(to: string): Promise<string[]> {
  const rows = await db.select().from(outboxEmails).where(eq(outboxEmails.to, to))
  return rows.map((row) => row.kind ?? '')
}

async function signUp(input: { plan?: string; teamName?: string } = {}) {
  // signedUp only needs a way to open a browser on the app.
  const app = { client: () => new TestClient(setup.app) } as unknown as Parameters<typeof signedUp>[0]
  const result = await signedUp(app, input)
  await fake.settle()
  return result
}

describe('Stripe: trial (trialing until two hours after periodEnd)', () => {
  test('read-only 2 hours after the trial; a card makes canvases writable at once', async () => {
    const start = Math.floor(Date.now() / 1000) * 1000
    clock.set(new Date(start))
    const { client: browser, email } = await signUp({ plan: 'team49', teamName: 'Stripe trialists' })
    const canvasId = await newCanvas(browser)
    const trialEnd = Date.parse((await customer(browser)).periodEnd ?? '')
    expect(trialEnd - start).toBe(14 * DAY)
    await moveTo(trialEnd - 3 * DAY + MINUTE)
    expect(await mailKinds(email)).toContain('billing-trial-ending')
    await moveTo(trialEnd + 2 * HOUR - MINUTE)
    expect(await readOnly(browser, canvasId)).toBe(false)
    expect(await mailKinds(email)).toContain('billing-trial-ended')
    await moveTo(trialEnd + 2 * HOUR)
    expect(await readOnly(browser, canvasId)).toBe(true)
    expect(await customer(browser)).toMatchObject({ status: 'trialing', active: false })
    const declined = await browser.post<ErrorJson>('/api/v1/users/me/customer/card', {
      source: 'tok_chargeDeclined',
    })
    expect(declined.status).toBe(402)
    expect(declined.body).toMatchObject({ error: 'CardDeclined', message: 'Your card was declined.' })
    expect(await readOnly(browser, canvasId)).toBe(true)
    const paid = await browser.post<{ customer: CustomerView }>('/api/v1/users/me/customer/card', {
      source: 'tok_visa',
    })
    expect(paid.body.customer).toMatchObject({ status: 'active', active: true, trialing: false })
    expect(await readOnly(browser, canvasId)).toBe(false)
    await fake.settle()
    expect(await mailKinds(email)).toContain('billing-receipt')
  })
})

describe('Stripe: past_due (active until 7 days after periodEnd)', () => {
  test('a failed renewal keeps access 7 days and e-mails the billing address; the retries end it', async () => {
    const start = Date.now()
    clock.set(new Date(start))
    const { client: browser, email } = await signUp({ plan: 'team49', teamName: 'Stripe late payers' })
    await browser.put('/api/v1/users/me/customer', { billingEmail: 'stripe-late-ap@example.com' })
    expect(
      (await browser.post('/api/v1/users/me/customer/card', { source: 'tok_chargeCustomerFail' })).status,
    ).toBe(200)
    const canvasId = await newCanvas(browser)
    const periodEnd = Date.parse((await customer(browser)).periodEnd ?? '')
    await moveTo(periodEnd + MINUTE)
    expect(await customer(browser)).toMatchObject({ status: 'past_due', active: true })
    expect(await mailKinds('stripe-late-ap@example.com')).toContain('billing-payment-failed')
    expect(await mailKinds(email)).not.toContain('billing-payment-failed')
    await moveTo(periodEnd + 7 * DAY - MINUTE)
    expect(await readOnly(browser, canvasId)).toBe(false)
    await moveTo(periodEnd + 7 * DAY)
    expect(await readOnly(browser, canvasId)).toBe(true)
    // Stripe keeps retrying on its own schedule; after the last failure it cancels the subscription.
    for (let day = 8; day <= 20; day += 1) await moveTo(periodEnd + day * DAY)
    expect((await customer(browser)).status).toBe('canceled')
    const failures = (await mailKinds('stripe-late-ap@example.com')).filter(
      (kind) => kind === 'billing-payment-failed',
    )
    expect(failures).toHaveLength(4)
  })

  test('a good card while past_due pays at once: active again, the period moves on', async () => {
    clock.set(new Date())
    const { client: browser } = await signUp({ plan: 'individual29' })
    await browser.post('/api/v1/users/me/customer/card', { source: 'tok_chargeCustomerFail' })
    const periodEnd = Date.parse((await customer(browser)).periodEnd ?? '')
    await moveTo(periodEnd + 2 * DAY)
    expect((await customer(browser)).status).toBe('past_due')
    const res = await browser.post<{ customer: CustomerView }>('/api/v1/users/me/customer/card', {
      source: 'tok_visa',
    })
    expect(res.body.customer.status).toBe('active')
    expect(Date.parse(res.body.customer.periodEnd ?? '')).toBeGreaterThan(periodEnd + 27 * DAY)
  })
})

describe('Stripe: cancel (access until the period end)', () => {
  test('a canceled team keeps writable canvases to the period end, then read-only', async () => {
    clock.set(new Date())
    const { client: browser } = await signUp()
    await browser.post('/api/v1/users/me/customer/card', { source: 'tok_visa' })
    const switched = await browser.put('/api/v1/users/me/customer/plan', {
      plan: 'team49',
      teamName: 'Leaving',
    })
    expect(switched.status).toBe(200)
    const canvasId = await newCanvas(browser)
    const canceled = await browser.request('DELETE', '/api/v1/users/me/customer/subscription', {
      json: { survey: { reason: 'Done' } },
    })
    expect(canceled.status).toBe(200)
    const periodEnd = Date.parse((await customer(browser)).periodEnd ?? '')
    await moveTo(periodEnd - MINUTE)
    expect(await readOnly(browser, canvasId)).toBe(false)
    await moveTo(periodEnd + MINUTE)
    expect(await customer(browser)).toMatchObject({ status: 'canceled', active: false })
    expect(await readOnly(browser, canvasId)).toBe(true)
    expect((await billingDataOf(browser)).invoices).toHaveLength(1)
  })
})

describe('Stripe: plan gates and receipts', () => {
  test('team49 has no API token; enterprise does, from the moment the plan changes', async () => {
    const { client: browser } = await signUp({ plan: 'team49', teamName: 'Stripe gated' })
    expect((await browser.get('/api/v1/users/me/token')).status).toBe(403)
    expect(
      (await browser.put('/api/v1/users/me/customer/plan', { plan: 'enterprise35peruser' })).status,
    ).toBe(200)
    expect((await browser.get('/api/v1/users/me/token')).status).toBe(200)
  })

  test('no receipt when shouldEmailReceipts is off', async () => {
    const { client: browser, email } = await signUp()
    await browser.put('/api/v1/users/me/customer', { shouldEmailReceipts: false })
    await browser.post('/api/v1/users/me/customer/card', { source: 'tok_visa' })
    expect((await browser.put('/api/v1/users/me/customer/plan', { plan: 'individual19' })).status).toBe(200)
    await fake.settle()
    expect((await billingDataOf(browser)).invoices).toHaveLength(1)
    expect(await mailKinds(email)).toEqual(['welcome'])
  })
})

test('Stripe: every webhook of these scenarios was accepted (200)', async () => {
  await fake.settle()
  expect(fake.deliveries.length).toBeGreaterThan(50)
  expect(fake.deliveries.filter((delivery) => delivery.status !== 200)).toEqual([])
})
