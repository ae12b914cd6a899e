/**
 * The caller's own account: profile fields, password, billing settings and the personal API token.
 */
import { customers, type JsonObject, users } from '@pinpoint/db'
import { Conflict, FREE_PLAN_ID, NotFound, ValidationFailed } from '@pinpoint/domain'
import { eq } from 'drizzle-orm'
import type { AppContext } from '../../context'
import { parseEmail } from '../../platform/security'
import { authorize } from '../../policy'
import { notifyAccessChange } from '../../realtime/bus'
import { type Actor, type ActorUser, loadActorUser } from '../auth/actor'
import { assertPasswordRules, hashPassword, verifyPassword } from '../auth/passwords'
import { requireMember } from '../auth/plugin'
import { deleteUserSessions } from '../auth/session'
import { hashToken, newApiToken } from '../auth/tokens'
import { isUniqueViolation } from './db-errors'

type Ctx = Pick<AppContext, 'database' | 'now'>

export interface ProfilePatch {
  name?: string
  email?: string
  emailOn?: boolean
  myEmailSettings?: JsonObject
  clientEmailSettings?: JsonObject
  emailSettings?: JsonObject
  signupSurvey?: JsonObject | null
  offboardingSurvey?: JsonObject | null
}

async function reload(ctx: Ctx, userId: string): Promise<ActorUser> {
  const user = await loadActorUser(ctx.database.db, userId)
  if (!user) throw new NotFound('No such user.')
  return user
}

export async function updateProfile(ctx: Ctx, actor: Actor, patch: ProfilePatch): Promise<ActorUser> {
  authorize(actor, 'account.update', undefined, 'Guests cannot change a profile. Please sign up first.')
  const user = requireMember(actor)
  const values: Partial<typeof users.$inferInsert> = {}
  if (patch.name !== undefined) {
    const name = patch.name.trim()
    if (!name)
      throw new ValidationFailed('Please enter your name.', {
        issues: [{ path: 'name', message: 'Required' }],
      })
    values.name = name
  }
  if (patch.email !== undefined) values.email = parseEmail(patch.email)
  for (const key of [
    'emailOn',
    'myEmailSettings',
    'clientEmailSettings',
    'emailSettings',
    'signupSurvey',
    'offboardingSurvey',
  ] as const) {
    if (patch[key] !== undefined) Object.assign(values, { [key]: patch[key] })
  }
  if (Object.keys(values).length > 0) {
    try {
      await ctx.database.db.update(users).set(values).where(eq(users.id, user.id))
    } catch (error) {
      if (isUniqueViolation(error))
        throw new Conflict('Another account already uses this e-mail.', { reason: 'email-taken' })
      throw error
    }
  }
  return reload(ctx, user.id)
}

/**
 * Changes the password after checking the current one (an account without a password, e.g. one made by
 * SSO, sets its first). Every other session is logged out; the one making the change stays. The API
 * token is revoked too (issue 21): whoever changes a password because it leaked expects every other way
 * in to close; the owner creates a new token when they need one. Returns whether a token was revoked.
 */
export async function changePassword(
  ctx: Ctx,
  actor: Actor,
  input: { currentPassword?: string | null; newPassword: string },
): Promise<{ apiTokenRevoked: boolean }> {
  authorize(actor, 'account.update', undefined, 'Guests have no password. Please sign up first.')
  const user = requireMember(actor)
  if (user.passwordHash && !(await verifyPassword(input.currentPassword ?? '', user.passwordHash))) {
    throw new ValidationFailed('Your current password is incorrect.', {
      issues: [{ path: 'currentPassword', message: 'Incorrect password' }],
    })
  }
  assertPasswordRules(input.newPassword, 'newPassword')
  await ctx.database.db
    .update(users)
    .set({ passwordHash: await hashPassword(input.newPassword), tokenHash: null, tokenCreatedAt: null })
    .where(eq(users.id, user.id))
  // Also announces the change on the bus: sockets of the ended sessions and of the token close.
  await deleteUserSessions(ctx.database.db, user.id, actor.sessionId)
  return { apiTokenRevoked: user.tokenHash !== null }
}

export async function updateCustomerSettings(
  ctx: Ctx,
  actor: Actor,
  input: { shouldEmailReceipts?: boolean; billingEmail?: string | null },
): Promise<ActorUser> {
  authorize(actor, 'billing.view', undefined, 'Only the account owner can change billing settings.')
  const user = requireMember(actor)
  const values: { shouldEmailReceipts?: boolean; billingEmail?: string | null } = {}
  if (input.shouldEmailReceipts !== undefined) values.shouldEmailReceipts = input.shouldEmailReceipts
  if (input.billingEmail !== undefined) {
    values.billingEmail = input.billingEmail?.trim() ? parseEmail(input.billingEmail, 'billingEmail') : null
  }
  // An owner without a billing record (made before billing existed) gets a free one to hold the settings.
  await ctx.database.db
    .insert(customers)
    .values({ userId: user.id, planId: FREE_PLAN_ID, status: 'active', ...values })
    .onConflictDoUpdate({
      target: customers.userId,
      set: Object.keys(values).length > 0 ? values : { userId: user.id },
    })
  return reload(ctx, user.id)
}

export interface ApiTokenJson {
  /** The token itself: only in the answer that created it, null afterwards (we keep only its hash). */
  token: string | null
  hasToken: boolean
  createdAt: string | null
}

export function getApiToken(actor: Actor): ApiTokenJson {
  authorize(actor, 'apiToken.use', undefined, 'API tokens need a team on a plan other than team49.')
  const user = requireMember(actor)
  return {
    token: null,
    hasToken: user.tokenHash !== null,
    createdAt: user.tokenCreatedAt?.toISOString() ?? null,
  }
}

/** Creates a new token, replacing any previous one (which stops working at once). */
export async function createApiToken(ctx: Ctx, actor: Actor): Promise<ApiTokenJson> {
  authorize(actor, 'apiToken.use', undefined, 'API tokens need a team on a plan other than team49.')
  const user = requireMember(actor)
  const token = newApiToken()
  const createdAt = ctx.now()
  await ctx.database.db
    .update(users)
    .set({ tokenHash: hashToken(token), tokenCreatedAt: createdAt })
    .where(eq(users.id, user.id))
  // Sockets opened with the replaced token close (decision 026).
  await notifyAccessChange(ctx.database.db, { userIds: [user.id] })
  return { token, hasToken: true, createdAt: createdAt.toISOString() }
}

export async function revokeApiToken(ctx: Ctx, actor: Actor): Promise<ApiTokenJson> {
  const user = requireMember(actor)
  await ctx.database.db
    .update(users)
    .set({ tokenHash: null, tokenCreatedAt: null })
    .where(eq(users.id, user.id))
  await notifyAccessChange(ctx.database.db, { userIds: [user.id] })
  return { token: null, hasToken: false, createdAt: null }
}
