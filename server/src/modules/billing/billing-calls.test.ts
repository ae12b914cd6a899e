/**
 * Every billing call of the contract over HTTP on real PostgreSQL with the local provider: shapes, the
 * billing owner rule (SPEC 6), error shapes (CardDeclined, InvalidCoupon, PaymentRequired), plan switch
 * with a new team and with seats, cancel with the survey.
 */
import { describe, expect, test } from 'bun:test'
import { teams, users } from '@pinpoint/db'
import { buildInvite, buildUser, uniqueSuffix } from '@pinpoint/db/testing'
import { PLAN_IDS } from '@pinpoint/domain'
import { eq } from 'drizzle-orm'
import { createCoupon } from '../../platform/billing/local/coupons'
import { loggedIn } from '../canvases/testing'
import { billingDataOf, createBillingTestApp, type ErrorJson, signedUp } from './testing'
import type { BillingData, CustomerView, PlanJson } from './views'

const setup = await createBillingTestApp()
const { db } = setup.context.database

describe('plans and config', () => {
  test('GET /plans lists every SPEC plan with interval, seats, features and limits; /plans/{id}', async () => {
    const client = setup.client()
    const res = await client.get<{ plans: PlanJson[] }>('/api/v1/plans')
    expect(res.status).toBe(200)
    expect(res.body.plans.map((plan) => plan.id).sort()).toEqual([...PLAN_IDS].sort())
    const one = await client.get<{ plan: PlanJson }>('/api/v1/plans/individual29yearly')
    expect(one.body.plan).toMatchObject({
      name: 'Solo Plus (yearly)',
      interval: 'year',
      premiumCanvasLimit: 3,
    })
    const missing = await client.get<ErrorJson>('/api/v1/plans/gold')
    expect(missing.status).toBe(404)
    expect(missing.body.error).toBe('NotFound')
  })

  test('GET /billing/config says the local provider runs', async () => {
    const res = await setup.client().get('/api/v1/billing/config')
    expect(res.body).toEqual({ provider: 'local', stripePublishableKey: null })
  })
})

describe('customer', () => {
  test('GET and PUT /users/me/customer: the trial of a paid sign-up, receipts and billing e-mail', async () => {
    const { client } = await signedUp(setup, { plan: 'individual19' })
    const res = await client.get<{ customer: CustomerView }>('/api/v1/users/me/customer')
    expect(res.body.customer).toMatchObject({
      planId: 'individual19',
      status: 'trialing',
      trialing: true,
      active: true,
      cancelAtPeriodEnd: false,
      shouldEmailReceipts: true,
    })
    const put = await client.put<{ customer: CustomerView }>('/api/v1/users/me/customer', {
      shouldEmailReceipts: false,
      billingEmail: 'Accounts@Example.com',
    })
    expect(put.body.customer).toMatchObject({
      shouldEmailReceipts: false,
      billingEmail: 'accounts@example.com',
    })
  })

  test('billing-data of a trial: plan, trialing subscription, no card, no invoices, an upcoming invoice', async () => {
    const { client, userId } = await signedUp(setup, { plan: 'team49', teamName: 'Trial team' })
    const data = await billingDataOf(client)
    expect(data.plan.id).toBe('team49')
    expect(data.card).toBeNull()
    expect(data.subscription).toMatchObject({ status: 'trialing', planId: 'team49', quantity: 1 })
    expect(data.invoices).toEqual([])
    expect(data.upcomingInvoice).toMatchObject({ number: null, totalCents: 4900 })
    const byId = await client.get<BillingData>(`/api/v1/users/${userId}/customer/billing-data`)
    expect(byId.body.subscription).toEqual(data.subscription)
  })

  test('only the billing owner, for themselves: members 403, another user 403, unknown 404, anonymous 401', async () => {
    const owner = await signedUp(setup, { plan: 'team49', teamName: 'Owners' })
    const [row] = await db.select().from(users).where(eq(users.id, owner.userId))
    const member = await buildUser(db, { teamId: row?.teamId ?? null })
    const memberClient = await loggedIn(setup, member)
    expect((await memberClient.get('/api/v1/users/me/customer/billing-data')).status).toBe(403)
    expect((await memberClient.post('/api/v1/users/me/customer/card', { source: 'tok_visa' })).status).toBe(
      403,
    )
    const other = await signedUp(setup)
    const foreign = await other.client.get<ErrorJson>(`/api/v1/users/${owner.userId}/customer/billing-data`)
    expect(foreign.status).toBe(403)
    expect(foreign.body.error).toBe('Forbidden')
    const unknown = await other.client.get<ErrorJson>(
      `/api/v1/users/nobody${uniqueSuffix()}/customer/billing-data`,
    )
    expect(unknown.status).toBe(404)
    expect((await setup.client().get('/api/v1/users/me/customer/billing-data')).status).toBe(401)
    const guest = await loggedIn(setup, await buildUser(db, { isGuest: true }))
    expect((await guest.get('/api/v1/users/me/customer')).status).toBe(403)
  })
})

describe('card', () => {
  test('a test token becomes the card; declined tokens answer 402 CardDeclined with the reason', async () => {
    const { client } = await signedUp(setup, { plan: 'individual29' })
    const ok = await client.post<BillingData>('/api/v1/users/me/customer/card', { source: 'tok_visa' })
    expect(ok.status).toBe(200)
    expect(ok.body.card).toMatchObject({ brand: 'Visa', last4: '4242', expMonth: 12 })
    for (const [source, reason] of [
      ['tok_chargeDeclined', 'card_declined'],
      ['tok_chargeDeclinedInsufficientFunds', 'insufficient_funds'],
      ['tok_chargeDeclinedExpiredCard', 'expired_card'],
    ]) {
      const res = await client.post<ErrorJson>('/api/v1/users/me/customer/card', { source })
      expect(res.status).toBe(402)
      expect(res.body).toMatchObject({
        error: 'CardDeclined',
        message: 'Your card was declined.',
        meta: { reason },
      })
    }
    expect((await billingDataOf(client)).card?.last4).toBe('4242')
    expect((await client.post('/api/v1/users/me/customer/card', {})).status).toBe(422)
  })
})

describe('coupon', () => {
  test('a valid coupon shows in billing-data; unknown and expired ones answer 422 InvalidCoupon', async () => {
    const code = `SAVE${uniqueSuffix()}`.toUpperCase()
    const old = `OLD${uniqueSuffix()}`.toUpperCase()
    await createCoupon(db, { code, percentOff: 20, duration: 'repeating', durationInMonths: 6 })
    await createCoupon(db, {
      code: old,
      percentOff: 20,
      duration: 'once',
      expiresAt: new Date(Date.now() - 1000),
    })
    const { client } = await signedUp(setup, { plan: 'individual19' })
    const res = await client.post<BillingData>('/api/v1/users/me/customer/coupon', {
      coupon: code.toLowerCase(),
    })
    expect(res.status).toBe(200)
    expect(res.body.coupon).toEqual({
      code,
      percentOff: 20,
      amountOffCents: null,
      duration: 'repeating',
      durationInMonths: 6,
    })
    expect(res.body.customer).toMatchObject({ planId: 'individual19' })
    const unknown = await client.post<ErrorJson>('/api/v1/users/me/customer/coupon', { coupon: 'NOPE-NOPE' })
    expect(unknown.status).toBe(422)
    expect(unknown.body).toMatchObject({ error: 'InvalidCoupon', message: 'This coupon is not valid.' })
    const expired = await client.post<ErrorJson>('/api/v1/users/me/customer/coupon', { coupon: old })
    expect(expired.body).toMatchObject({ error: 'InvalidCoupon', message: 'This coupon has expired.' })
  })
})

describe('plan switch', () => {
  test('a paid plan needs a card (402) unless trialing; unknown plan 422; a team plan needs a team name', async () => {
    const free = await signedUp(setup)
    const refused = await free.client.put<ErrorJson>('/api/v1/users/me/customer/plan', {
      plan: 'individual19',
    })
    expect(refused.status).toBe(402)
    expect(refused.body).toMatchObject({
      error: 'PaymentRequired',
      message: 'Add a card before choosing a paid plan.',
    })
    expect((await free.client.put('/api/v1/users/me/customer/plan', { plan: 'gold' })).status).toBe(422)
    const noName = await free.client.put<ErrorJson>('/api/v1/users/me/customer/plan', { plan: 'team49' })
    expect(noName.status).toBe(422)
    expect(noName.body.meta.issues).toEqual([{ path: 'teamName', message: 'Required' }])
    const trial = await signedUp(setup, { plan: 'individual19' })
    const moved = await trial.client.put<BillingData>('/api/v1/users/me/customer/plan', {
      plan: 'individual35',
    })
    expect(moved.status).toBe(200)
    expect(moved.body.subscription).toMatchObject({ status: 'trialing', planId: 'individual35' })
    expect(moved.body.customer).toMatchObject({ planId: 'individual35', trialing: true })
    expect(moved.body.invoices).toEqual([])
  })

  test('a solo user moving to team49 gets a new team and owns it; the first invoice is paid', async () => {
    const { client, userId } = await signedUp(setup)
    await client.post('/api/v1/users/me/customer/card', { source: 'tok_mastercard' })
    const res = await client.put<BillingData & { teamId: string }>('/api/v1/users/me/customer/plan', {
      plan: 'team49',
      teamName: 'Fresh team',
    })
    expect(res.status).toBe(200)
    expect(res.body.teamId).toBeString()
    expect(res.body.customer).toMatchObject({ planId: 'team49', status: 'active', active: true })
    expect(res.body.invoices).toHaveLength(1)
    expect(res.body.invoices[0]).toMatchObject({
      status: 'paid',
      totalCents: 4900,
      lines: [{ description: 'Team', quantity: 1, amountCents: 4900 }],
    })
    expect(res.body.invoices[0]?.number).toMatch(/^PP-\d{6,}$/)
    const me = await client.get<{ user: { TeamId: string; Team: { ownerUserId: string; name: string } } }>(
      '/api/v1/sessions/me',
    )
    expect(me.body.user.TeamId).toBe(res.body.teamId)
    expect(me.body.user.Team).toMatchObject({ ownerUserId: userId, name: 'Fresh team' })
  })

  test('an enterprise plan counts the team seats; a switch mid-period puts prorations on the upcoming invoice', async () => {
    const { client, userId } = await signedUp(setup, { plan: 'team49', teamName: 'Seats' })
    const [row] = await db.select().from(users).where(eq(users.id, userId))
    await buildUser(db, { teamId: row?.teamId ?? null })
    await buildUser(db, { teamId: row?.teamId ?? null })
    await client.post('/api/v1/users/me/customer/card', { source: 'tok_visa' })
    // Trialing: the switch keeps the trial; end it first by paying: move to a paid period through free0.
    await client.put('/api/v1/users/me/customer/plan', { plan: 'free0' })
    const paid = await client.put<BillingData>('/api/v1/users/me/customer/plan', {
      plan: 'enterprise35peruser',
    })
    expect(paid.body.subscription).toMatchObject({
      planId: 'enterprise35peruser',
      quantity: 3,
      status: 'active',
    })
    expect(paid.body.invoices[0]?.totalCents).toBe(3 * 3500)
    const switched = await client.put<BillingData>('/api/v1/users/me/customer/plan', {
      plan: 'enterprise45peruser',
    })
    const lines = switched.body.upcomingInvoice?.lines ?? []
    expect(lines.map((line) => line.description)).toEqual([
      'Unused time on Enterprise × 3 seats',
      'Remaining time on Enterprise Plus × 3 seats',
      'Enterprise Plus × 3 seats',
    ])
    expect(lines[2]?.amountCents).toBe(3 * 4500)
  })

  test('a team owner cannot pick a solo plan', async () => {
    const { client } = await signedUp(setup, { plan: 'team49', teamName: 'Stay team' })
    const res = await client.put<ErrorJson>('/api/v1/users/me/customer/plan', { plan: 'individual19' })
    expect(res.status).toBe(422)
  })
})

describe('cancel and invoices', () => {
  test('DELETE subscription stores the survey and cancels at period end; nothing to cancel is a 409', async () => {
    const { client, userId } = await signedUp(setup)
    expect(
      (
        await client.request('DELETE', '/api/v1/users/me/customer/subscription', {
          json: { survey: { reason: 'x' } },
        })
      ).status,
    ).toBe(409)
    await client.post('/api/v1/users/me/customer/card', { source: 'tok_amex' })
    const paid = await client.put<BillingData>('/api/v1/users/me/customer/plan', {
      plan: 'individual19yearly',
    })
    const res = await client.request<BillingData>('DELETE', '/api/v1/users/me/customer/subscription', {
      json: { survey: { reason: 'Too expensive', details: 'Only needed it for one project' } },
    })
    expect(res.status).toBe(200)
    expect(res.body.customer).toMatchObject({ cancelAtPeriodEnd: true, status: 'active', active: true })
    expect(res.body.customer.periodEnd).toBe(paid.body.customer.periodEnd)
    expect(res.body.upcomingInvoice).toBeNull()
    const [row] = await db.select().from(users).where(eq(users.id, userId))
    expect(row?.offboardingSurvey).toMatchObject({
      reason: 'Too expensive',
      details: 'Only needed it for one project',
    })
    const missingSurvey = await client.request('DELETE', '/api/v1/users/me/customer/subscription', {
      json: {},
    })
    expect(missingSurvey.status).toBe(422)
  })

  test('GET one invoice with the customer it is addressed to; another user’s invoice is 404', async () => {
    const { client, userId, email } = await signedUp(setup)
    await client.put('/api/v1/users/me/customer', { billingEmail: 'ap@example.com' })
    await client.post('/api/v1/users/me/customer/card', { source: 'tok_visa' })
    const data = (await client.put<BillingData>('/api/v1/users/me/customer/plan', { plan: 'individual35' }))
      .body
    const id = data.invoices[0]?.id ?? ''
    const res = await client.get<{ invoice: unknown; customer: unknown }>(
      `/api/v1/users/${userId}/customer/invoices/${id}`,
    )
    expect(res.status).toBe(200)
    expect(res.body.invoice).toEqual(data.invoices[0])
    expect(res.body.customer).toEqual({ name: 'Bill Owner', email, billingEmail: 'ap@example.com' })
    const other = await signedUp(setup)
    expect((await other.client.get(`/api/v1/users/me/customer/invoices/${id}`)).status).toBe(404)
  })
})

describe('staff coupons', () => {
  test('staff create a coupon customers can use; others get 403; a duplicate code 409', async () => {
    const staff = await loggedIn(setup, await buildUser(db, { isStaff: true }))
    const code = `STAFF${uniqueSuffix()}`.toUpperCase()
    const res = await staff.post<{ coupon: { code: string } }>('/api/v1/billing/coupons', {
      code: code.toLowerCase(),
      amountOffCents: 700,
      duration: 'forever',
      maxRedemptions: 10,
    })
    expect(res.status).toBe(200)
    expect(res.body.coupon).toMatchObject({
      code,
      amountOffCents: 700,
      duration: 'forever',
      maxRedemptions: 10,
    })
    expect(
      (await staff.post('/api/v1/billing/coupons', { code, percentOff: 5, duration: 'once' })).status,
    ).toBe(409)
    const both = await staff.post('/api/v1/billing/coupons', {
      code: `${code}X`,
      percentOff: 5,
      amountOffCents: 5,
      duration: 'once',
    })
    expect(both.status).toBe(422)
    const { client } = await signedUp(setup)
    expect(
      (await client.post('/api/v1/billing/coupons', { code: `${code}Y`, percentOff: 5, duration: 'once' }))
        .status,
    ).toBe(403)
    expect(
      (await client.post<BillingData>('/api/v1/users/me/customer/coupon', { coupon: code })).body.coupon
        ?.code,
    ).toBe(code)
  })
})

describe('sign-up', () => {
  test('a coupon given at sign-up is redeemed; the trial end is recorded', async () => {
    const code = `SIGNUP${uniqueSuffix()}`.toUpperCase()
    await createCoupon(db, { code, percentOff: 30, duration: 'once' })
    const { client } = await signedUp(setup, { plan: 'individual19', coupon: code })
    const data = await billingDataOf(client)
    expect(data.coupon?.code).toBe(code)
    expect(data.customer.trialEnd).toBe(data.customer.periodEnd)
    expect(data.upcomingInvoice).toMatchObject({ subtotalCents: 1900, discountCents: 570, totalCents: 1330 })
  })
})

describe('seats follow the team', () => {
  test('an enterprise trial counts a member who joins by invite, and one less when removed', async () => {
    const { client, userId } = await signedUp(setup, { plan: 'enterprise35peruser', teamName: 'Seated' })
    const [owner] = await db.select().from(users).where(eq(users.id, userId))
    const teamId = owner?.teamId ?? ''
    const [team] = await db.select().from(teams).where(eq(teams.id, teamId))
    const invite = await buildInvite(db, { team, invitedBy: owner })
    const joined = setup.client()
    const res = await joined.post<{ user: { id: string } }>('/api/v1/users', {
      email: invite.email,
      name: 'Seat two',
      password: 'a good password for billing',
      inviteCode: invite.code,
    })
    expect(res.status).toBe(201)
    expect((await billingDataOf(client)).subscription).toMatchObject({ quantity: 2, status: 'trialing' })
    const removed = await client.request('DELETE', `/api/v1/teams/${teamId}/users/${res.body.user.id}`, {
      json: {},
    })
    expect(removed.status).toBe(200)
    expect((await billingDataOf(client)).subscription?.quantity).toBe(1)
  })
})
