/**
 * Logging in and out, guest sessions and staff impersonation. Password reset lives in password-reset.ts.
 */
import { users } from '@pinpoint/db'
import { Conflict, Forbidden, NotFound, ValidationFailed } from '@pinpoint/domain'
import { eq } from 'drizzle-orm'
import type { AppContext } from '../../context'
import { consume, hit, LIMITS, peek } from '../../platform/rate-limit'
import { normalizeEmail, parseEmail } from '../../platform/security'
import { closeImpersonations, recordImpersonationStart } from '../staff/audit'
import { type Actor, type ActorUser, loadActorUser, loadActorUserWhere } from './actor'
import { InvalidCredentials, LoginLinkRequired } from './errors'
import { sendLoginLink } from './login-link'
import { verifyPassword } from './passwords'
import {
  deleteSession,
  type LoginResult,
  type RequestInfo,
  setSessionImpersonation,
  startSession,
} from './session'
import { assertPasswordLoginAllowed } from './sso-required'

type Ctx = Pick<AppContext, 'database' | 'now' | 'logger'>
type LoginCtx = Pick<AppContext, 'database' | 'now' | 'logger' | 'mailer' | 'config'>

/**
 * Password login (decision 028). Every attempt counts against the caller's address; failures count
 * against the account. Past the account's failure limit the account is protected, not locked: every
 * attempt gets the same LoginLinkRequired answer, and a right password also e-mails a one-time login
 * link. A guesser spread over many addresses learns nothing more; the owner logs in through the link.
 */
export async function login(
  ctx: LoginCtx,
  input: { email: string; password: string },
  info: RequestInfo,
): Promise<LoginResult> {
  const { db } = ctx.database
  const now = ctx.now()
  const email = normalizeEmail(input.email)
  await consume(db, LIMITS.loginIp, info.ip, now)
  const failures = await peek(db, LIMITS.loginEmailFailures, email, now)
  const protectedAccount = failures.count >= LIMITS.loginEmailFailures.limit
  const retryAfter = Math.max(1, Math.ceil((failures.resetAt.getTime() - now.getTime()) / 1000))
  const user = await loadActorUserWhere(db, eq(users.email, email))
  const ok = await verifyPassword(input.password, user && !user.isGuest ? user.passwordHash : null)
  if (!user || !ok) {
    await hit(db, LIMITS.loginEmailFailures, email, now)
    if (protectedAccount) throw new LoginLinkRequired(retryAfter)
    throw new InvalidCredentials()
  }
  // After the password check, so the answer tells nobody without the password who is a member.
  await assertPasswordLoginAllowed(ctx, user)
  if (protectedAccount) {
    // Not awaited: rendering and sending take time, and the answer must not tell a right guess apart.
    void sendLoginLink(ctx, user).catch((error: unknown) => {
      ctx.logger.error('login link not sent', { userId: user.id, error: String(error) })
    })
    throw new LoginLinkRequired(retryAfter)
  }
  return startSession(ctx, user, info)
}

/**
 * Guest login: reuses the guest user of this e-mail (updating the name) or creates one. An e-mail that
 * belongs to a full account cannot be used as a guest, or anyone could act as that account without its
 * password.
 */
export async function loginGuest(
  ctx: Ctx,
  input: { email: string; name: string },
  info: RequestInfo,
): Promise<LoginResult> {
  const { db } = ctx.database
  const now = ctx.now()
  const email = parseEmail(input.email)
  const name = input.name.trim()
  if (!name)
    throw new ValidationFailed('Please enter your name.', { issues: [{ path: 'name', message: 'Required' }] })
  await consume(db, LIMITS.guestIp, info.ip, now)
  await consume(db, LIMITS.guestEmail, email, now)
  // Insert-or-nothing then read: two simultaneous guest logins for one e-mail end with one user.
  await db
    .insert(users)
    .values({ email, name, isGuest: true, passwordHash: null })
    .onConflictDoNothing({ target: users.email })
  const existing = await loadActorUserWhere(db, eq(users.email, email))
  if (!existing) throw new Error('guest user vanished after insert')
  if (!existing.isGuest) {
    throw new Conflict('An account with this e-mail already exists. Please log in.', {
      reason: 'account-exists',
    })
  }
  let user = existing
  if (existing.name !== name) {
    await db.update(users).set({ name }).where(eq(users.id, existing.id))
    user = { ...existing, name }
  }
  return startSession(ctx, user, info)
}

export async function logout(ctx: Ctx, actor: Actor): Promise<void> {
  if (!actor.sessionId) return
  if (actor.impersonatorId) await closeImpersonations(ctx.database.db, actor.sessionId, 'logout', ctx.now())
  await deleteSession(ctx.database.db, actor.sessionId)
}

/**
 * Starts impersonating `targetId` (decision 007): the caller's session must belong to a staff member
 * (checked on the real user, so an impersonation cannot chain), the target must exist and not be staff.
 */
export async function startImpersonation(
  ctx: Ctx,
  actor: Actor,
  targetId: string,
  info: Pick<RequestInfo, 'ip' | 'userAgent'>,
): Promise<ActorUser> {
  const { db } = ctx.database
  const staffId = actor.impersonatorId ?? actor.user?.id
  const staff = actor.impersonatorId ? await loadActorUser(db, actor.impersonatorId) : actor.user
  if (actor.via !== 'session' || !actor.sessionId || !staff?.isStaff || staff.isGuest) {
    throw new Forbidden('Only staff members can impersonate users.')
  }
  if (targetId === staffId) throw new ValidationFailed('You cannot impersonate yourself.')
  const target = await loadActorUser(db, targetId)
  if (!target) throw new NotFound('No user with this id.')
  if (target.isStaff) throw new Forbidden('Staff accounts cannot be impersonated.')
  await setSessionImpersonation(db, actor.sessionId, target.id)
  await recordImpersonationStart(db, {
    staff: { id: staff.id, email: staff.email },
    target: { id: target.id, email: target.email, name: target.name },
    sessionId: actor.sessionId,
    now: ctx.now(),
    ...info,
  })
  ctx.logger.info('impersonation started', { staffId, targetId: target.id })
  return target
}

export async function stopImpersonation(ctx: Ctx, actor: Actor): Promise<void> {
  if (!actor.sessionId) return
  await setSessionImpersonation(ctx.database.db, actor.sessionId, null)
  await closeImpersonations(ctx.database.db, actor.sessionId, 'stopped', ctx.now())
  if (actor.impersonatorId)
    ctx.logger.info('impersonation stopped', { staffId: actor.impersonatorId, targetId: actor.user?.id })
}
