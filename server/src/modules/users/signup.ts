/**
 * Sign-up (POST /users): the user, their team when `teamName` is given (they become its owner) or the
 * invite's team, and their billing record. A paid plan starts as a 14-day trial of that plan, so its
 * features work before a card is added; billing takes over from there (a later module).
 *
 * An e-mail that so far belonged to a guest (someone who commented through a link) becomes a full account:
 * their comments stay theirs.
 */
import { customers, teams, users } from '@pinpoint/db'
import {
  Conflict,
  FREE_PLAN_ID,
  isKnownPlanId,
  isPaidPlan,
  isTeamPlan,
  ValidationFailed,
} from '@pinpoint/domain'
import { eq } from 'drizzle-orm'
import type { AppContext } from '../../context'
import { buildWelcomeEmail } from '../../emails'
import { consume, LIMITS } from '../../platform/rate-limit'
import { parseEmail } from '../../platform/security'
import { loadActorUser } from '../auth/actor'
import { assertPasswordRules, hashPassword } from '../auth/passwords'
import { type LoginResult, type RequestInfo, startSession } from '../auth/session'
import { syncSeats } from '../billing/seats'
import { provisionBilling } from '../billing/service'
import { findUsableInviteByCode, joinTeamByInvite } from '../invites/lookup'
import { isUniqueViolation } from './db-errors'

export const TRIAL_DAYS = 14

export interface SignupInput {
  email: string
  name: string
  password: string
  teamName?: string | null
  coupon?: string | null
  plan?: string | null
  inviteCode?: string | null
  initialVisitData?: Record<string, unknown> | null
}

type Ctx = AppContext

const accountExists = () =>
  new Conflict('An account with this e-mail already exists. Please log in.', { reason: 'account-exists' })

function validate(input: SignupInput) {
  const email = parseEmail(input.email)
  const name = input.name.trim()
  if (!name)
    throw new ValidationFailed('Please enter your name.', { issues: [{ path: 'name', message: 'Required' }] })
  assertPasswordRules(input.password)
  const plan = input.plan || FREE_PLAN_ID
  if (!isKnownPlanId(plan))
    throw new ValidationFailed('Unknown plan.', { issues: [{ path: 'plan', message: 'Unknown plan' }] })
  const teamName = input.teamName?.trim() || null
  const inviteCode = input.inviteCode?.trim() || null
  if (isTeamPlan(plan) && !teamName && !inviteCode) {
    throw new ValidationFailed('Please name your team: team plans need one.', {
      issues: [{ path: 'teamName', message: 'Required' }],
    })
  }
  return { email, name, plan, teamName, inviteCode, coupon: input.coupon?.trim() || null }
}

export async function signUp(ctx: Ctx, input: SignupInput, info: RequestInfo): Promise<LoginResult> {
  const { db } = ctx.database
  const now = ctx.now()
  const fields = validate(input)
  await consume(db, LIMITS.signupIp, info.ip, now)
  await consume(db, LIMITS.signupEmail, fields.email, now)
  const passwordHash = await hashPassword(input.password)
  const trial = isPaidPlan(fields.plan)
  let userId: string
  try {
    userId = await db.transaction(async (tx) => {
      const invite = fields.inviteCode ? await findUsableInviteByCode(tx, fields.inviteCode, now) : null
      const [existing] = await tx.select().from(users).where(eq(users.email, fields.email)).for('update')
      if (existing && !existing.isGuest) throw accountExists()
      const values = {
        name: fields.name,
        passwordHash,
        isGuest: false,
        initialVisitData: input.initialVisitData ?? null,
      }
      const [user] = existing
        ? await tx.update(users).set(values).where(eq(users.id, existing.id)).returning()
        : await tx
            .insert(users)
            .values({ ...values, email: fields.email })
            .returning()
      if (!user) throw new Error('creating the user returned no row')
      if (invite) {
        await joinTeamByInvite(tx, user.id, invite)
      } else if (fields.teamName) {
        const [team] = await tx
          .insert(teams)
          .values({ name: fields.teamName, ownerUserId: user.id })
          .returning()
        if (!team) throw new Error('creating the team returned no row')
        await tx.update(users).set({ teamId: team.id, role: 'member' }).where(eq(users.id, user.id))
      }
      await tx
        .insert(customers)
        .values({
          userId: user.id,
          planId: fields.plan,
          status: trial ? 'trialing' : 'active',
          periodEnd: trial ? new Date(now.getTime() + TRIAL_DAYS * 24 * 60 * 60 * 1000) : null,
          coupon: fields.coupon,
        })
        .onConflictDoNothing({ target: customers.userId })
      return user.id
    })
  } catch (error) {
    // Two sign-ups racing for one e-mail: the loser hits the unique index.
    if (isUniqueViolation(error)) throw accountExists()
    throw error
  }
  // The trial is the billing provider's from the start: it renews, or runs out and e-mails, there.
  if (trial || fields.coupon) await provisionBilling(ctx, userId)
  if (fields.inviteCode) await syncSeats(ctx, (await loadActorUser(db, userId))?.teamId)
  const user = await loadActorUser(db, userId)
  if (!user) throw new Error('the new user could not be loaded')
  const welcome = await buildWelcomeEmail({
    name: user.name,
    dashboardUrl: `${ctx.config.publicUrl}/dashboard`,
    teamName: user.team?.ownerUserId === user.id ? user.team.name : null,
    trialDays: trial ? TRIAL_DAYS : null,
  })
  await ctx.mailer.send({ to: user.email, ...welcome })
  return startSession(ctx, user, info)
}
