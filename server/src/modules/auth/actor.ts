/**
 * The acting user as every handler sees it: the user row with its team (the team's billing record and
 * SSO config) and its own billing record, loaded in ONE flat statement (left joins on unique keys,
 * prepared for the hot lookups) and shaped to satisfy `DomainUser`, so `@pinpoint/domain` rules can be
 * called on it directly. `ACTOR_USER_WITH` + `shapeActorUser` remain for relational queries elsewhere.
 */
import {
  type BetaFeatures,
  type Customer,
  customers,
  type DbOrTx,
  type SsoConfig,
  ssoConfigs,
  type Team,
  teams,
  type User,
  users,
} from '@pinpoint/db'
import { eq, type SQL, sql } from 'drizzle-orm'
import { alias } from 'drizzle-orm/pg-core'

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

/** The `with` clause that loads everything an ActorUser needs, for relational queries (e.g. notifications). */
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

/** A team owner's billing record, joined a second time under its own name. */
const teamCustomers = alias(customers, 'team_customers')

/**
 * The flat columns of an ActorUser: the user, its customer, its team, the team's SSO config and the team
 * owner's customer. Every join is on a unique key (customers.user_id, sso_configs.team_id), so the
 * FROM clause yields at most one row per user, read in one round trip with plain index lookups.
 */
export const ACTOR_USER_COLUMNS = {
  user: users,
  customer: customers,
  team: teams,
  ssoConfig: ssoConfigs,
  teamCustomer: teamCustomers,
}

export type ActorUserRow = {
  user: User
  customer: Customer | null
  team: Team | null
  ssoConfig: SsoConfig | null
  teamCustomer: Customer | null
}

/** Turns a flat ActorUser row (ACTOR_USER_COLUMNS) into an ActorUser, shaped as shapeActorUser does. */
export function shapeActorUserRow(row: ActorUserRow): ActorUser {
  const team: ActorTeam | null = row.team
    ? { ...row.team, customer: shapeCustomer(row.teamCustomer), ssoConfig: row.ssoConfig }
    : null
  return { ...row.user, team, customer: shapeCustomer(row.customer) }
}

function actorUserQuery(db: DbOrTx) {
  return db
    .select(ACTOR_USER_COLUMNS)
    .from(users)
    .leftJoin(customers, eq(customers.userId, users.id))
    .leftJoin(teams, eq(teams.id, users.teamId))
    .leftJoin(ssoConfigs, eq(ssoConfigs.teamId, teams.id))
    .leftJoin(teamCustomers, eq(teamCustomers.userId, teams.ownerUserId))
}

/**
 * Prepared statements are built once per database (or transaction) object: a statement prepared on the
 * pool must not run a transaction's reads on another connection.
 */
export function preparedFor<T>(build: (db: DbOrTx) => T): (db: DbOrTx) => T {
  const cache = new WeakMap<DbOrTx, T>()
  return (db) => {
    let prepared = cache.get(db)
    if (!prepared) {
      prepared = build(db)
      cache.set(db, prepared)
    }
    return prepared
  }
}

const byId = preparedFor((db) =>
  actorUserQuery(db)
    .where(eq(users.id, sql.placeholder('id')))
    .limit(1)
    .prepare('actor_user_by_id'),
)

const byTokenHash = preparedFor((db) =>
  actorUserQuery(db)
    .where(eq(users.tokenHash, sql.placeholder('tokenHash')))
    .limit(1)
    .prepare('actor_user_by_token_hash'),
)

/** Loads one user as an ActorUser (one SQL statement), or null. */
export async function loadActorUserWhere(db: DbOrTx, where: SQL): Promise<ActorUser | null> {
  const [row] = await actorUserQuery(db).where(where).limit(1)
  return row ? shapeActorUserRow(row) : null
}

/** Several users as ActorUsers (the staff user search), in the order `orderBy` gives. */
export async function loadActorUsersWhere(
  db: DbOrTx,
  where: SQL,
  orderBy: SQL,
  limit: number,
): Promise<ActorUser[]> {
  const rows = await actorUserQuery(db).where(where).orderBy(orderBy).limit(limit)
  return rows.map(shapeActorUserRow)
}

export async function loadActorUser(db: DbOrTx, userId: string): Promise<ActorUser | null> {
  const [row] = await byId(db).execute({ id: userId })
  return row ? shapeActorUserRow(row) : null
}

/** The owner of an API token (by the token's SHA-256), or null. */
export async function loadActorUserByTokenHash(db: DbOrTx, tokenHash: string): Promise<ActorUser | null> {
  const [row] = await byTokenHash(db).execute({ tokenHash })
  return row ? shapeActorUserRow(row) : null
}
