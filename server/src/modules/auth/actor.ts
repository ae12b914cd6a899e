/**
 * The acting user as every handler sees it: the user row with its team (the team's billing record and
 * SSO config) and its own billing record, loaded in ONE relational query and shaped to satisfy
 * `DomainUser`, so `@pinpoint/domain` rules can be called on it directly.
 */
import {
  type BetaFeatures,
  type Customer,
  type DbOrTx,
  type SsoConfig,
  type Team,
  type User,
  users,
} from '@pinpoint/db'
import { eq, type SQL } from 'drizzle-orm'

/** A customer row plus the SPEC spelling of its beta flags (`betaFeaturesEnabled.emailReview`). */
export type ActorCustomer = Customer & { betaFeaturesEnabled: { emailReview: boolean } }

/** The team with its billing record (the owner's customer, since billing is per user) and SSO config. */
export type ActorTeam = Team & { customer: ActorCustomer | null; ssoConfig: SsoConfig | null }

export type ActorUser = User & { team: ActorTeam | null; customer: ActorCustomer | null }

export type Actor = {
  /** The user requests act as (the impersonated user while a staff member impersonates). */
  user: ActorUser | null
  via: 'session' | 'token' | 'none'
  /** Hash of the session cookie (the sessions row id) when `via` is 'session'. */
  sessionId?: string
  /** The staff user behind an impersonation. */
  impersonatorId?: string
}

export const ANONYMOUS: Actor = Object.freeze({ user: null, via: 'none' }) as Actor

/** The `with` clause that loads everything an ActorUser needs; reused by session lookups. */
export const ACTOR_USER_WITH = {
  customer: true,
  team: {
    with: {
      ssoConfig: true,
      owner: { columns: { id: true }, with: { customer: true } },
    },
  },
} as const

type LoadedCustomer = Customer | null | undefined

type LoadedUser = User & {
  customer: LoadedCustomer
  team:
    | (Team & {
        ssoConfig: SsoConfig | null | undefined
        owner: { id: string; customer: LoadedCustomer } | null
      })
    | null
}

function shapeCustomer(customer: LoadedCustomer): ActorCustomer | null {
  if (!customer) return null
  const beta: BetaFeatures = customer.betaFeatures ?? {}
  return { ...customer, betaFeaturesEnabled: { emailReview: beta.emailReview === true } }
}

/** Turns the relational query result into an ActorUser. */
export function shapeActorUser(row: LoadedUser): ActorUser {
  const { team, customer, ...user } = row
  let actorTeam: ActorTeam | null = null
  if (team) {
    const { owner, ssoConfig, ...teamRow } = team
    actorTeam = { ...teamRow, customer: shapeCustomer(owner?.customer), ssoConfig: ssoConfig ?? null }
  }
  return { ...user, team: actorTeam, customer: shapeCustomer(customer) }
}

/** Loads one user as an ActorUser (one SQL statement), or null. */
export async function loadActorUserWhere(db: DbOrTx, where: SQL): Promise<ActorUser | null> {
  const row = await db.query.users.findFirst({ where, with: ACTOR_USER_WITH })
  return row ? shapeActorUser(row) : null
}

export function loadActorUser(db: DbOrTx, userId: string): Promise<ActorUser | null> {
  return loadActorUserWhere(db, eq(users.id, userId))
}
