/**
 * One-time login links (decision 028). When an account is protected after many failed logins, a right
 * password is answered with an e-mailed link instead of a session: e-mail access is the second proof a
 * distributed guesser does not have, and the real owner still gets in.
 *
 * The link's token is random; only a hash is stored, in password_reset_tokens (same life cycle: single use
 * by a conditional update, expiry, deleted by a password reset). The stored hash is of a prefixed token,
 * so a login link can never be used as a password-reset link or the other way round.
 */
import { passwordResetTokens } from '@pinpoint/db'
import { and, eq, gt, isNull } from 'drizzle-orm'
import type { AppContext } from '../../context'
import { buildLoginLinkEmail } from '../../emails'
import { consume, hit, LIMITS } from '../../platform/rate-limit'
import { type ActorUser, loadActorUser } from './actor'
import { InvalidLoginLink } from './errors'
import { type LoginResult, type RequestInfo, startSession } from './session'
import { assertPasswordLoginAllowed } from './sso-required'
import { hashToken, randomToken } from './tokens'

export const LOGIN_LINK_TTL_MINUTES = 15

type Ctx = Pick<AppContext, 'database' | 'now' | 'logger' | 'mailer' | 'config'>

const storedId = (token: string) => hashToken(`login-link:${token}`)

/** E-mails a login link to `user`, at most LIMITS.loginLinkEmail per hour (then silently nothing). */
export async function sendLoginLink(ctx: Ctx, user: ActorUser): Promise<void> {
  const { db } = ctx.database
  const now = ctx.now()
  const sent = await hit(db, LIMITS.loginLinkEmail, user.email, now)
  if (sent.count > LIMITS.loginLinkEmail.limit) return
  const token = randomToken()
  await db.insert(passwordResetTokens).values({
    id: storedId(token),
    userId: user.id,
    createdAt: now,
    expiresAt: new Date(now.getTime() + LOGIN_LINK_TTL_MINUTES * 60_000),
  })
  const loginUrl = `${ctx.config.publicUrl}/login-link?token=${encodeURIComponent(token)}`
  const rendered = await buildLoginLinkEmail({
    name: user.name,
    loginUrl,
    expiresInMinutes: LOGIN_LINK_TTL_MINUTES,
  })
  await ctx.mailer.send({ to: user.email, ...rendered })
}

/** Logs in with a login link's token (once, before it expires). */
export async function completeLoginLink(ctx: Ctx, token: string, info: RequestInfo): Promise<LoginResult> {
  const { db } = ctx.database
  const now = ctx.now()
  await consume(db, LIMITS.loginLinkIp, info.ip, now)
  const [used] = await db
    .update(passwordResetTokens)
    .set({ usedAt: now })
    .where(
      and(
        eq(passwordResetTokens.id, storedId(token)),
        isNull(passwordResetTokens.usedAt),
        gt(passwordResetTokens.expiresAt, now),
      ),
    )
    .returning({ userId: passwordResetTokens.userId })
  const user = used ? await loadActorUser(db, used.userId) : null
  if (!user || user.isGuest) throw new InvalidLoginLink()
  await assertPasswordLoginAllowed(ctx, user)
  return startSession(ctx, user, info)
}
