/**
 * Password reset by e-mailed one-time link. The link carries a random token; only its SHA-256 is stored
 * (password_reset_tokens.id). A token works once (marked used by a conditional update, so two clicks
 * racing cannot both succeed), expires after an hour, and using it logs the account out everywhere.
 */
import { passwordResetTokens, users } from '@pinpoint/db'
import { and, eq, gt, isNull } from 'drizzle-orm'
import type { AppContext } from '../../context'
import { buildPasswordResetEmail } from '../../emails'
import { consume, LIMITS } from '../../platform/rate-limit'
import { parseEmail } from '../../platform/security'
import { loadActorUser } from './actor'
import { InvalidResetLink } from './errors'
import { assertPasswordRules, hashPassword } from './passwords'
import { deleteUserSessions, type LoginResult, type RequestInfo, startSession } from './session'
import { assertPasswordLoginAllowed } from './sso-required'
import { hashToken, randomToken } from './tokens'

export const RESET_TOKEN_TTL_MINUTES = 60

type Ctx = Pick<AppContext, 'database' | 'now' | 'logger' | 'mailer' | 'config'>

/** The same answer whether or not the account exists, so the call cannot be used to probe for e-mails. */
export const RESET_REQUESTED_MESSAGE =
  'If an account exists for this e-mail, we sent it a link to reset the password.'

export async function requestPasswordReset(
  ctx: Ctx,
  rawEmail: string,
  info: Pick<RequestInfo, 'ip'>,
): Promise<void> {
  const { db } = ctx.database
  const now = ctx.now()
  await consume(db, LIMITS.resetIp, info.ip, now)
  const email = parseEmail(rawEmail)
  await consume(db, LIMITS.resetEmail, email, now)
  const [user] = await db.select().from(users).where(eq(users.email, email))
  if (!user || user.isGuest) return
  const token = randomToken()
  await db.insert(passwordResetTokens).values({
    id: hashToken(token),
    userId: user.id,
    createdAt: now,
    expiresAt: new Date(now.getTime() + RESET_TOKEN_TTL_MINUTES * 60_000),
  })
  const resetUrl = `${ctx.config.publicUrl}/reset-password?token=${encodeURIComponent(token)}`
  const rendered = await buildPasswordResetEmail({
    name: user.name,
    resetUrl,
    expiresInMinutes: RESET_TOKEN_TTL_MINUTES,
  })
  await ctx.mailer.send({ to: user.email, ...rendered })
}

export async function completePasswordReset(
  ctx: Ctx,
  input: { token: string; newPassword: string },
  info: RequestInfo,
): Promise<LoginResult> {
  const { db } = ctx.database
  const now = ctx.now()
  await consume(db, LIMITS.resetCompleteIp, info.ip, now)
  assertPasswordRules(input.newPassword, 'newPassword')
  const passwordHash = await hashPassword(input.newPassword)
  const userId = await db.transaction(async (tx) => {
    const [used] = await tx
      .update(passwordResetTokens)
      .set({ usedAt: now })
      .where(
        and(
          eq(passwordResetTokens.id, hashToken(input.token)),
          isNull(passwordResetTokens.usedAt),
          gt(passwordResetTokens.expiresAt, now),
        ),
      )
      .returning({ userId: passwordResetTokens.userId })
    if (!used) return null
    await tx.update(users).set({ passwordHash }).where(eq(users.id, used.userId))
    // Other outstanding links die with this reset, and every existing session is logged out.
    await tx
      .delete(passwordResetTokens)
      .where(and(eq(passwordResetTokens.userId, used.userId), isNull(passwordResetTokens.usedAt)))
    await deleteUserSessions(tx, used.userId)
    return used.userId
  })
  if (!userId) throw new InvalidResetLink()
  const user = await loadActorUser(db, userId)
  if (!user) throw new InvalidResetLink()
  // The new password is kept (it works again if the team stops requiring SSO), but it starts no session.
  await assertPasswordLoginAllowed(ctx, user)
  return startSession(ctx, user, { ...info, currentSessionId: undefined })
}
