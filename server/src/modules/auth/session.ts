/**
 * Server-side sessions. The cookie carries a random token; the sessions row id is its SHA-256, so the
 * table alone cannot be used to log in. A new token is issued at every login (rotation), which defeats
 * session fixation: a token planted before login never becomes authenticated.
 */
import { customers, type DbOrTx, type Session, sessions, ssoConfigs, teams, users } from '@pinpoint/db'
import { and, eq, gt, lt, ne, sql } from 'drizzle-orm'
import type { AppContext } from '../../context'
import { notifyAccessChange } from '../../realtime/bus'
import { ACTOR_USER_COLUMNS, type ActorUser, preparedFor, shapeActorUserRow } from './actor'
import { SESSION_MAX_AGE_S } from './cookies'
import { hashToken, randomToken } from './tokens'

const SESSION_MAX_AGE_MS = SESSION_MAX_AGE_S * 1000
/** Extend a session at most once a day, so an active user is not logged out but reads stay cheap. */
const TOUCH_INTERVAL_MS = 24 * 60 * 60 * 1000

export interface SessionWithUser {
  session: Session
  user: ActorUser
}

export interface CreateSessionInput {
  userId: string
  now: Date
  userAgent?: string | null
  ip?: string | null
}

/** Creates a session and returns the token to put in the cookie (shown to nobody else). */
export async function createSession(
  db: DbOrTx,
  input: CreateSessionInput,
): Promise<{ token: string; session: Session }> {
  const token = randomToken()
  const [session] = await db
    .insert(sessions)
    .values({
      id: hashToken(token),
      userId: input.userId,
      createdAt: input.now,
      lastSeenAt: input.now,
      expiresAt: new Date(input.now.getTime() + SESSION_MAX_AGE_MS),
      userAgent: input.userAgent?.slice(0, 500) ?? null,
      ip: input.ip ?? null,
    })
    .returning()
  if (!session) throw new Error('creating the session returned no row')
  // Housekeeping on login: expired rows of this user are never read again.
  await db.delete(sessions).where(and(eq(sessions.userId, input.userId), lt(sessions.expiresAt, input.now)))
  return { token, session }
}

const teamCustomers = ACTOR_USER_COLUMNS.teamCustomer

/**
 * The session with everything its ActorUser needs (user, customer, team, SSO config, team owner's
 * customer) in ONE flat statement, prepared once per database object: this runs on every request.
 */
const sessionWithUser = preparedFor((db) =>
  db
    .select({ session: sessions, ...ACTOR_USER_COLUMNS })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .leftJoin(customers, eq(customers.userId, users.id))
    .leftJoin(teams, eq(teams.id, users.teamId))
    .leftJoin(ssoConfigs, eq(ssoConfigs.teamId, teams.id))
    .leftJoin(teamCustomers, eq(teamCustomers.userId, teams.ownerUserId))
    .where(and(eq(sessions.id, sql.placeholder('id')), gt(sessions.expiresAt, sql.placeholder('now'))))
    .limit(1)
    .prepare('find_session'),
)

/**
 * The live session for a cookie token, with its user (one statement), or null. Slides the expiry at most
 * once per TOUCH_INTERVAL: every other request is a single read.
 */
export async function findSession(db: DbOrTx, token: string, now: Date): Promise<SessionWithUser | null> {
  if (!token || token.length > 200) return null
  const [row] = await sessionWithUser(db).execute({ id: hashToken(token), now: now.toISOString() })
  if (!row) return null
  const { session } = row
  if (now.getTime() - session.lastSeenAt.getTime() > TOUCH_INTERVAL_MS) {
    const expiresAt = new Date(now.getTime() + SESSION_MAX_AGE_MS)
    await db.update(sessions).set({ lastSeenAt: now, expiresAt }).where(eq(sessions.id, session.id))
    session.lastSeenAt = now
    session.expiresAt = expiresAt
  }
  return { session, user: shapeActorUserRow(row) }
}

/**
 * Ends a session. Its open WebSockets are closed on every process (the bus re-checks the user's sockets,
 * decision 026), so a logout stops live private comments at once, not at the socket's next reconnect.
 */
export async function deleteSession(db: DbOrTx, sessionId: string): Promise<void> {
  const deleted = await db
    .delete(sessions)
    .where(eq(sessions.id, sessionId))
    .returning({ userId: sessions.userId })
  if (deleted.length > 0) await notifyAccessChange(db, { userIds: deleted.map((row) => row.userId) })
}

/** Logs a user out everywhere, optionally keeping the current session (after a password change). */
export async function deleteUserSessions(db: DbOrTx, userId: string, keepSessionId?: string): Promise<void> {
  const where = keepSessionId
    ? and(eq(sessions.userId, userId), ne(sessions.id, keepSessionId))
    : eq(sessions.userId, userId)
  await db.delete(sessions).where(where)
  // Sockets of the ended sessions close on every process; the kept one is re-checked and stays.
  await notifyAccessChange(db, { userIds: [userId] })
}

export async function setSessionImpersonation(
  db: DbOrTx,
  sessionId: string,
  userId: string | null,
): Promise<void> {
  await db.update(sessions).set({ impersonatedUserId: userId }).where(eq(sessions.id, sessionId))
}

/** Where a request came from, recorded on the session and used by rate limits. */
export interface RequestInfo {
  ip: string
  userAgent: string | null
  /** The session being replaced (rotation): deleted when a new one is issued. */
  currentSessionId?: string
}

export interface LoginResult {
  token: string
  user: ActorUser
}

/** Issues a fresh session for a user, dropping the one the browser had (no session fixation). */
export async function startSession(
  ctx: Pick<AppContext, 'database' | 'now'>,
  user: ActorUser,
  info: RequestInfo,
): Promise<LoginResult> {
  const { db } = ctx.database
  if (info.currentSessionId) await deleteSession(db, info.currentSessionId)
  const { token } = await createSession(db, {
    userId: user.id,
    now: ctx.now(),
    userAgent: info.userAgent,
    ip: info.ip,
  })
  return { token, user }
}
