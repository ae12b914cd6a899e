/**
 * Minimal structural shapes the rules read. They name only the fields a rule needs, so a database row, an
 * API response or a test literal can be passed as is (after mapping the SPEC's `TeamId`/`Team`/`Customer`
 * spellings to camelCase). Optional fields that are absent are treated as "no value".
 */

/** A point in time: a Date, an ISO string or epoch milliseconds. */
export type DateInput = Date | string | number

/** The billing record of a user (and, through its owner, of a team). */
export interface DomainCustomer {
  customerId?: string | null
  planId?: string | null
  /** Subscription status: active, past_due, trialing, or another provider status (canceled, unpaid, ...). */
  status?: string | null
  /** End of the paid or trial period. */
  periodEnd?: DateInput | null
  betaFeaturesEnabled?: { emailReview?: boolean | null } | null
}

/** A team as loaded with the user. */
export interface DomainTeam {
  id: string
  ownerUserId: string
  /** The team's billing record (the owner's customer). */
  customer?: DomainCustomer | null
  ssoConfig?: { enabled: boolean } | null
}

/** The acting user. `null`/`undefined` stands for "nobody logged in" and is treated as a guest. */
export interface DomainUser {
  id: string
  email?: string | null
  isGuest?: boolean | null
  /** Role inside the team: `admin` or `member`. Ignored when the user has no team. */
  role?: string | null
  /** The SPEC's `TeamId`; falls back to `team.id` when absent. */
  teamId?: string | null
  team?: DomainTeam | null
  /** The user's own billing record. */
  customer?: DomainCustomer | null
}

/** A user argument that may be missing (logged out). */
export type MaybeUser = DomainUser | null | undefined

/** The canvas fields rules read. */
export interface DomainCanvas {
  id: string
  /** The canvas owner (creator); the SPEC's `UserId`. */
  userId: string
  /** The canvas owner's current team (the SPEC's `Canvas.User.TeamId`); null when the owner has no team. */
  ownerTeamId?: string | null
  /** The plan of the customer billing the canvas (the SPEC's `Canvas.Customer.planId`). */
  planId?: string | null
  type?: string | null
  readOnlyDate?: DateInput | null
  expireDate?: DateInput | null
  isPremium?: boolean | null
}

/** The folder fields rules read. */
export interface DomainFolder {
  id: string
  /** The folder owner; the SPEC's `UserId`. */
  userId: string
  /** The folder owner's current team (`Folder.User.TeamId`). */
  ownerTeamId?: string | null
}

/** The annotation fields permission rules read. */
export interface DomainAnnotationRef {
  id: string
  /** The annotation's creator; null for legacy anonymous comments. */
  userId?: string | null
  isPrivate?: boolean | null
}
