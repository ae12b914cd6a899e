/**
 * The SPEC section 3 JSON of a user. Written field by field (never `...row`) so a new column, such as a
 * password or token hash, can never leak into a response by accident.
 */
import type { JsonObject } from '@pinpoint/db'
import type { ActorCustomer, ActorTeam, ActorUser } from './actor'

export interface CustomerJson {
  customerId: string | null
  planId: string
  status: string
  periodEnd: string | null
  shouldEmailReceipts: boolean
  billingEmail: string | null
  betaFeaturesEnabled: { emailReview: boolean }
}

export interface TeamJson {
  id: string
  name: string
  ownerUserId: string
  Customer: CustomerJson | null
  SSOConfig: { enabled: boolean }
}

export interface UserJson {
  id: string
  name: string
  email: string
  avatarUrl: string | null
  createdAt: string
  isGuest: boolean
  role: string
  isStaff: boolean
  TeamId: string | null
  Team: TeamJson | null
  Customer: CustomerJson | null
  /** Whether a personal API token exists (the token itself is shown once, at creation). */
  hasApiToken: boolean
  emailOn: boolean
  myEmailSettings: JsonObject
  clientEmailSettings: JsonObject
  emailSettings: JsonObject
  signupSurvey: JsonObject | null
  offboardingSurvey: JsonObject | null
}

const iso = (date: Date | null | undefined) => (date ? date.toISOString() : null)

/**
 * `withBillingContact` is false for the team's record seen by a member: they may know the plan and its
 * state (features depend on it) but not the owner's billing e-mail or provider id.
 */
export function serializeCustomer(
  customer: ActorCustomer | null,
  withBillingContact = true,
): CustomerJson | null {
  if (!customer) return null
  return {
    customerId: withBillingContact ? customer.customerId : null,
    planId: customer.planId,
    status: customer.status,
    periodEnd: iso(customer.periodEnd),
    shouldEmailReceipts: customer.shouldEmailReceipts,
    billingEmail: withBillingContact ? customer.billingEmail : null,
    betaFeaturesEnabled: { emailReview: customer.betaFeaturesEnabled.emailReview },
  }
}

export function serializeTeam(team: ActorTeam | null, viewerId: string): TeamJson | null {
  if (!team) return null
  return {
    id: team.id,
    name: team.name,
    ownerUserId: team.ownerUserId,
    Customer: serializeCustomer(team.customer, team.ownerUserId === viewerId),
    SSOConfig: { enabled: team.ssoConfig?.enabled === true },
  }
}

/** The user as the user themself sees it (GET /sessions/me, PUT /users/me, the bootstrap in the page). */
export function serializeUser(user: ActorUser): UserJson {
  return {
    id: user.id,
    name: user.name,
    email: user.email,
    avatarUrl: user.avatarUrl,
    createdAt: user.createdAt.toISOString(),
    isGuest: user.isGuest,
    role: user.role,
    isStaff: user.isStaff,
    TeamId: user.teamId,
    Team: serializeTeam(user.team, user.id),
    Customer: serializeCustomer(user.customer),
    hasApiToken: user.tokenHash !== null,
    emailOn: user.emailOn,
    myEmailSettings: user.myEmailSettings,
    clientEmailSettings: user.clientEmailSettings,
    emailSettings: user.emailSettings,
    signupSurvey: user.signupSurvey,
    offboardingSurvey: user.offboardingSurvey,
  }
}
