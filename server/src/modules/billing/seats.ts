/**
 * Seats of per-seat (enterprise) plans follow the team: when someone joins or leaves, the owner's running
 * subscription moves to the new count (prorated by the provider, like any switch). Billing never blocks the
 * team change: a failure is logged and the count is corrected by the next change.
 */
import { customers, teams, users } from '@pinpoint/db'
import { findPlan } from '@pinpoint/domain'
import { eq } from 'drizzle-orm'
import type { AppContext } from '../../context'
import { billingProvider } from './runtime'
import { seats } from './service'
import { providerCustomerOf, syncCustomer } from './sync'

const LIVE = ['trialing', 'active', 'past_due']

export async function syncSeats(context: AppContext, teamId: string | null | undefined): Promise<void> {
  const billing = billingProvider(context)
  if (!teamId || !billing) return
  try {
    const { db } = context.database
    const [team] = await db.select().from(teams).where(eq(teams.id, teamId))
    if (!team) return
    const [row] = await db.select().from(customers).where(eq(customers.userId, team.ownerUserId))
    const [owner] = await db.select().from(users).where(eq(users.id, team.ownerUserId))
    if (!row?.customerId || !owner || !findPlan(row.planId)?.perSeat) return
    const who = providerCustomerOf(row, owner)
    const state = await billing.getSubscription(who)
    if (!state || !LIVE.includes(state.status) || !findPlan(state.planId)?.perSeat) return
    const count = await seats(context, teamId)
    if (count === state.quantity) return
    await billing.switchPlan(who, state.planId, count)
    await syncCustomer(context, billing, row)
  } catch (error) {
    context.logger.warn('billing: seat count not updated', { teamId, error: String(error) })
  }
}
