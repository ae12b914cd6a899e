/**
 * The plan catalogue (SPEC 6 plan ids): what each plan costs, how it is billed and which features it unlocks.
 * The database's `plans` table is seeded from this list by migration 0003_billing, and the SPEC 6 gates that
 * depend on the plan read `features` from here, so "what a plan unlocks" lives in one place.
 *
 * Amounts are in cents per interval (per seat when `perSeat`); a yearly plan costs ten monthly payments.
 * Screens show names and features only; amounts appear on invoices (SPEC 1: pricing amounts are not shown).
 */
import { FREE_PLAN_ID, type PlanId } from './constants'

/** Features a plan can unlock. Each key is read by one SPEC 6 gate. */
export const PLAN_FEATURES = [
  /** A team account (members, invites). */
  'team',
  /** Labels on comments. */
  'labels',
  /** @-mentions in comments. */
  'mentions',
  /** Every export option (task tools, webhook, CSV). */
  'exports',
  /** The folders (projects) layout of the dashboard. */
  'folders',
  /** Assigning comments to a user. */
  'assign',
  /** Pausing canvases and feedback deadlines. */
  'pause',
  /** Reading or creating an API token. */
  'apiToken',
  /** File attachments on comments. */
  'attachments',
  /** Single sign-on. */
  'sso',
] as const
export type PlanFeature = (typeof PLAN_FEATURES)[number]

export type PlanInterval = 'month' | 'year'

export interface PlanDefinition {
  id: PlanId
  name: string
  /** Billing interval; null for the free plan (nothing is billed). */
  interval: PlanInterval | null
  /** Charged per team seat (enterprise plans). */
  perSeat: boolean
  /** A plan for a team: choosing it from a solo account creates a team. */
  teamPlan: boolean
  /** Price per interval in cents (per seat when `perSeat`). */
  amountCents: number
  features: readonly PlanFeature[]
  /** Solo plans: how many canvases may be premium. Null: no limit applies (not a solo plan). */
  premiumCanvasLimit: number | null
  /** Offered in plan selection. */
  selectable: boolean
}

/** The advanced team features that team49 and team49yearly do not include (SPEC 6). */
const ADVANCED_TEAM: readonly PlanFeature[] = [
  'team',
  'labels',
  'mentions',
  'exports',
  'folders',
  'assign',
  'pause',
  'apiToken',
  'attachments',
]

function monthlyAndYearly(
  base: Omit<PlanDefinition, 'interval' | 'id' | 'name'> & { id: string; name: string },
): PlanDefinition[] {
  return [
    { ...base, id: base.id as PlanId, interval: 'month' },
    {
      ...base,
      id: `${base.id}yearly` as PlanId,
      name: `${base.name} (yearly)`,
      interval: 'year',
      amountCents: base.amountCents * 10,
    },
  ]
}

export const PLAN_CATALOGUE: readonly PlanDefinition[] = [
  {
    id: FREE_PLAN_ID,
    name: 'Free',
    interval: null,
    perSeat: false,
    teamPlan: false,
    amountCents: 0,
    features: [],
    premiumCanvasLimit: null,
    selectable: true,
  },
  ...monthlyAndYearly({
    id: 'team49',
    name: 'Team',
    perSeat: false,
    teamPlan: true,
    amountCents: 4900,
    features: ['team', 'attachments'],
    premiumCanvasLimit: null,
    selectable: true,
  }),
  ...monthlyAndYearly({
    id: 'individual19',
    name: 'Solo Starter',
    perSeat: false,
    teamPlan: false,
    amountCents: 1900,
    features: ['attachments'],
    premiumCanvasLimit: 1,
    selectable: true,
  }),
  ...monthlyAndYearly({
    id: 'individual29',
    name: 'Solo Plus',
    perSeat: false,
    teamPlan: false,
    amountCents: 2900,
    features: ['attachments'],
    premiumCanvasLimit: 3,
    selectable: true,
  }),
  ...monthlyAndYearly({
    id: 'individual35',
    name: 'Solo Pro',
    perSeat: false,
    teamPlan: false,
    amountCents: 3500,
    features: ['attachments'],
    premiumCanvasLimit: 10,
    selectable: true,
  }),
  ...monthlyAndYearly({
    id: 'enterprise35peruser',
    name: 'Enterprise',
    perSeat: true,
    teamPlan: true,
    amountCents: 3500,
    features: [...ADVANCED_TEAM, 'sso'],
    premiumCanvasLimit: null,
    selectable: true,
  }),
  ...monthlyAndYearly({
    id: 'enterprise45peruser',
    name: 'Enterprise Plus',
    perSeat: true,
    teamPlan: true,
    amountCents: 4500,
    features: [...ADVANCED_TEAM, 'sso'],
    premiumCanvasLimit: null,
    selectable: true,
  }),
]

const BY_ID = new Map<string, PlanDefinition>(PLAN_CATALOGUE.map((plan) => [plan.id, plan]))

/** The catalogue entry of a plan id; undefined for unknown ids (a typo must not unlock anything). */
export function findPlan(planId: string | null | undefined): PlanDefinition | undefined {
  return typeof planId === 'string' ? BY_ID.get(planId) : undefined
}

/** True when the plan unlocks the feature. Unknown plans unlock nothing. */
export function planHasFeature(planId: string | null | undefined, feature: PlanFeature): boolean {
  return findPlan(planId)?.features.includes(feature) ?? false
}

/** Premium-canvas limit of a plan (solo plans); null when no limit applies. */
export function premiumCanvasLimit(planId: string | null | undefined): number | null {
  return findPlan(planId)?.premiumCanvasLimit ?? null
}

/** A plan id a customer may choose. */
export function isSelectablePlanId(planId: unknown): planId is PlanId {
  return typeof planId === 'string' && findPlan(planId)?.selectable === true
}

/** Length of one billing period in whole months (1 or 12); 0 for the free plan. */
export function planIntervalMonths(plan: PlanDefinition): number {
  if (plan.interval === 'month') return 1
  if (plan.interval === 'year') return 12
  return 0
}

/**
 * True when `planId` is a team plan of the catalogue that does not unlock `feature` (the team49 variants and
 * the advanced team features). Other plans, known or not, answer false: the SPEC 6 gates are literal
 * ("team and plan not a team49 variant"), so only a team plan can take a feature away.
 */
export function teamPlanLacks(planId: string | null | undefined, feature: PlanFeature): boolean {
  const plan = findPlan(planId)
  return !!plan && plan.teamPlan && !plan.features.includes(feature)
}
