/**
 * Fixed-window rate limits kept in PostgreSQL (the rate_limits table), so every server process shares the
 * same counters and a restart does not reset an attack in progress. One upsert per hit: the window is
 * reset by the same statement when it has passed.
 */
import { type DbOrTx, rateLimits } from '@pinpoint/db'
import { TooManyRequests } from '@pinpoint/domain'
import { and, eq, gt, lt, sql } from 'drizzle-orm'

export interface RateLimitRule {
  /** Bucket name, part of the key: 'login:ip', 'login:email', ... */
  name: string
  limit: number
  windowMs: number
  /** Shown to the user with the 429. */
  message?: string
}

export interface RateLimitState {
  count: number
  resetAt: Date
}

const MINUTE = 60_000
const HOUR = 60 * MINUTE

/**
 * The product's limits. Login counts every attempt per address and failures per account. Past the account
 * limit the account is protected rather than locked (decision 028): a password alone no longer logs in,
 * a right one is answered with an e-mailed one-time login link, so distributed guessing learns nothing
 * and the real owner still gets in.
 */
export const LIMITS = {
  loginIp: {
    name: 'login:ip',
    limit: 30,
    windowMs: 15 * MINUTE,
    message: 'Too many login attempts. Please wait a few minutes and try again.',
  },
  /**
   * Failed logins per account before it is protected (login link required). Above the per-address limit
   * (30), so one noisy address is stopped by its own limit before it changes anything for the owner.
   */
  loginEmailFailures: {
    name: 'login:email-fail',
    limit: 50,
    windowMs: HOUR,
  },
  /** Login-link e-mails per account: enough for the owner, too few to flood their inbox. */
  loginLinkEmail: {
    name: 'login-link:email',
    limit: 3,
    windowMs: HOUR,
  },
  loginLinkIp: {
    name: 'login-link:ip',
    limit: 30,
    windowMs: HOUR,
    message: 'Too many attempts. Please try again later.',
  },
  signupIp: {
    name: 'signup:ip',
    limit: 20,
    windowMs: HOUR,
    message: 'Too many sign-ups from your network. Please try again later.',
  },
  signupEmail: {
    name: 'signup:email',
    limit: 5,
    windowMs: HOUR,
    message: 'Too many sign-up attempts for this e-mail. Please try again later.',
  },
  guestIp: {
    name: 'guest:ip',
    limit: 60,
    windowMs: HOUR,
    message: 'Too many guest logins from your network. Please try again later.',
  },
  guestEmail: {
    name: 'guest:email',
    limit: 20,
    windowMs: HOUR,
    message: 'Too many guest logins for this e-mail. Please try again later.',
  },
  resetIp: {
    name: 'reset:ip',
    limit: 20,
    windowMs: HOUR,
    message: 'Too many password reset requests. Please try again later.',
  },
  resetEmail: {
    name: 'reset:email',
    limit: 3,
    windowMs: HOUR,
    message:
      'We already sent several reset e-mails to this address. Please check your inbox or try again later.',
  },
  resetCompleteIp: {
    name: 'reset-complete:ip',
    limit: 30,
    windowMs: HOUR,
    message: 'Too many attempts. Please try again later.',
  },
  /**
   * Link passwords (a shared project's): every attempt counts against the caller's address, like a login;
   * wrong ones against the project too, so guessing spread over many addresses is also stopped.
   */
  linkPasswordIp: {
    name: 'link-password:ip',
    limit: 30,
    windowMs: 15 * MINUTE,
    message: 'Too many password attempts. Please wait a few minutes and try again.',
  },
  linkPasswordFailures: {
    name: 'link-password:fail',
    limit: 100,
    windowMs: HOUR,
    message: 'Too many wrong passwords were tried for this link. Please try again later.',
  },
  /**
   * Single sign-on starts and callbacks per address (a login is one of each): each may call the team's
   * identity provider, so a script must not make us hammer it.
   */
  ssoIp: {
    name: 'sso:ip',
    limit: 60,
    windowMs: 15 * MINUTE,
    message: 'Too many single sign-on attempts from your network. Please wait a few minutes and try again.',
  },
  invitesUser: {
    name: 'invites:user',
    limit: 200,
    windowMs: HOUR,
    message: 'Too many invites sent. Please try again later.',
  },
} satisfies Record<string, RateLimitRule>

function keyOf(rule: RateLimitRule, subject: string): string {
  return `${rule.name}:${subject.toLowerCase()}`
}

function retryAfterSeconds(resetAt: Date, now: Date): number {
  return Math.max(1, Math.ceil((resetAt.getTime() - now.getTime()) / 1000))
}

/** Counts one hit and returns the state after it. */
export async function hit(
  db: DbOrTx,
  rule: RateLimitRule,
  subject: string,
  now: Date,
): Promise<RateLimitState> {
  const nowIso = now.toISOString()
  const nextReset = new Date(now.getTime() + rule.windowMs)
  const expired = sql`${rateLimits.resetAt} <= ${nowIso}::timestamptz`
  const [row] = await db
    .insert(rateLimits)
    .values({ key: keyOf(rule, subject), count: 1, resetAt: nextReset })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        count: sql`case when ${expired} then 1 else ${rateLimits.count} + 1 end`,
        resetAt: sql`case when ${expired} then ${nextReset.toISOString()}::timestamptz else ${rateLimits.resetAt} end`,
      },
    })
    .returning({ count: rateLimits.count, resetAt: rateLimits.resetAt })
  // Old windows are useless; sweeping a few on the way keeps the table small without a scheduled job.
  if (Math.random() < 0.01) await sweep(db, now)
  return row ?? { count: 1, resetAt: nextReset }
}

/** The current count without counting a hit (0 when the window has passed). */
export async function peek(
  db: DbOrTx,
  rule: RateLimitRule,
  subject: string,
  now: Date,
): Promise<RateLimitState> {
  const [row] = await db
    .select({ count: rateLimits.count, resetAt: rateLimits.resetAt })
    .from(rateLimits)
    .where(and(eq(rateLimits.key, keyOf(rule, subject)), gt(rateLimits.resetAt, now)))
  return row ?? { count: 0, resetAt: now }
}

/** Counts a hit and throws TooManyRequests (429 + Retry-After) when it went over the limit. */
export async function consume(db: DbOrTx, rule: RateLimitRule, subject: string, now: Date): Promise<void> {
  const state = await hit(db, rule, subject, now)
  if (state.count > rule.limit) throw new TooManyRequests(retryAfterSeconds(state.resetAt, now), rule.message)
}

/** Throws TooManyRequests when the limit is already reached, without counting. */
export async function assertBelow(
  db: DbOrTx,
  rule: RateLimitRule,
  subject: string,
  now: Date,
): Promise<void> {
  const state = await peek(db, rule, subject, now)
  if (state.count >= rule.limit)
    throw new TooManyRequests(retryAfterSeconds(state.resetAt, now), rule.message)
}

export async function sweep(db: DbOrTx, now: Date): Promise<void> {
  await db.delete(rateLimits).where(lt(rateLimits.resetAt, new Date(now.getTime() - HOUR)))
}
