/**
 * Who is calling. `authPlugin(context)` adds `actor` to every handler of the instance that uses it:
 *
 *   new Elysia({ prefix: '/canvases' }).use(authPlugin(context)).get('/:id', ({ actor }) => ...)
 *
 * The caller is found from `Authorization: Bearer <api token>` (checked first: a token is an explicit
 * choice, a cookie is ambient) or from the session cookie, plus the impersonation cookie for staff.
 * Resolution happens once per request even when several modules use the plugin (cached per Request).
 */
import { canUseApiToken, Forbidden, isGuest, NotLoggedIn } from '@pinpoint/domain'
import { Elysia } from 'elysia'
import type { AppContext } from '../../context'
import { type Actor, type ActorUser, ANONYMOUS, loadActorUser, loadActorUserByTokenHash } from './actor'
import { IMPERSONATION_COOKIE, parseCookieHeader, SESSION_COOKIE } from './cookies'
import { findSession } from './session'
import { hashToken } from './tokens'

export type { Actor, ActorCustomer, ActorTeam, ActorUser } from './actor'
export {
  type CustomerJson,
  serializeCustomer,
  serializeUser,
  type TeamJson,
  type UserJson,
} from './serialize'

const resolved = new WeakMap<Request, Promise<Actor>>()

/** The bearer token of a request, or null when there is no `Authorization: Bearer` header. */
export function bearerToken(request: Request): string | null {
  const header = request.headers.get('authorization')
  if (!header) return null
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header)
  return match?.[1] ?? null
}

async function actorFromToken(context: AppContext, token: string): Promise<Actor> {
  const user =
    token.length <= 200 ? await loadActorUserByTokenHash(context.database.db, hashToken(token)) : null
  if (!user) throw new NotLoggedIn('This API token is not valid.')
  // The plan may have changed since the token was made: the rule is checked on every call, not only at creation.
  if (!canUseApiToken(user)) {
    throw new Forbidden('API tokens need a team on a plan other than team49. Ask your team owner to upgrade.')
  }
  return { user, via: 'token' }
}

async function actorFromSession(context: AppContext, cookies: Map<string, string>): Promise<Actor> {
  const token = cookies.get(SESSION_COOKIE)
  if (!token) return ANONYMOUS
  const found = await findSession(context.database.db, token, context.now())
  if (!found) return ANONYMOUS
  const { session, user } = found
  const actor: Actor = { user, via: 'session', sessionId: session.id }
  // Impersonation (decision 007): only a staff member's session, and only the user id that session
  // recorded when impersonation started; a planted or edited cookie is ignored.
  const target = cookies.get(IMPERSONATION_COOKIE)
  if (
    target &&
    user.isStaff &&
    !user.isGuest &&
    session.impersonatedUserId === target &&
    target !== user.id
  ) {
    const impersonated = await loadActorUser(context.database.db, target)
    if (impersonated && !impersonated.isStaff)
      return { ...actor, user: impersonated, impersonatorId: user.id }
  }
  return actor
}

/**
 * Resolves the caller of a request (cached per Request object). Throws NotLoggedIn for an unknown
 * bearer token and Forbidden for a token whose plan no longer allows tokens; a missing or expired
 * session is simply anonymous.
 */
export function resolveActor(context: AppContext, request: Request): Promise<Actor> {
  let pending = resolved.get(request)
  if (!pending) {
    const token = bearerToken(request)
    pending = token
      ? actorFromToken(context, token)
      : actorFromSession(context, parseCookieHeader(request.headers.get('cookie')))
    resolved.set(request, pending)
  }
  return pending
}

/**
 * Resolves the caller of a request again, ignoring the per-request cache: a long-lived WebSocket re-checks
 * with its upgrade request's cookie or token after a logout, password change or token rotation. An
 * unknown token or a dead session is anonymous here.
 */
export async function resolveActorAgain(context: AppContext, request: Request): Promise<Actor> {
  const token = bearerToken(request)
  try {
    return token
      ? await actorFromToken(context, token)
      : await actorFromSession(context, parseCookieHeader(request.headers.get('cookie')))
  } catch (error) {
    if (error instanceof NotLoggedIn || error instanceof Forbidden) return ANONYMOUS
    throw error
  }
}

const seeds = new WeakMap<AppContext, number>()
let nextSeed = 0

/** Elysia deduplicates plugins by name + seed: one seed per context keeps two test apps apart. */
export function contextSeed(context: AppContext): number {
  let seed = seeds.get(context)
  if (seed === undefined) {
    seed = ++nextSeed
    seeds.set(context, seed)
  }
  return seed
}

/** Adds `actor: Actor` to the handlers of the instance that uses it (and that instance's parent). */
export function authPlugin(context: AppContext) {
  return new Elysia({ name: 'auth', seed: contextSeed(context) }).derive(
    { as: 'scoped' },
    async ({ request }) => ({
      actor: await resolveActor(context, request),
    }),
  )
}

/** The logged-in user (guests included), or NotLoggedIn. */
export function requireUser(actor: Actor): ActorUser {
  if (!actor.user) throw new NotLoggedIn()
  return actor.user
}

/** A logged-in non-guest: NotLoggedIn when anonymous, Forbidden for a guest. */
export function requireMember(actor: Actor): ActorUser {
  const user = requireUser(actor)
  if (isGuest(user)) throw new Forbidden('Please sign up or log in with a full account to do this.')
  return user
}
