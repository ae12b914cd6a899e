/**
 * Canvas states of SPEC 4: paused, feedback deadline, expired and read-only.
 *
 * Time boundaries are consistent with `isCustomerActive`: a date "in the past" is one at or before `now`,
 * so at the exact `readOnlyDate` the canvas is paused (no longer "deadline pending"), and at the exact
 * `expireDate` it is expired.
 */
import { isCustomerActive } from './customer'
import { teamPlanLacks } from './plan-catalogue'
import { isIndividualPlan } from './plans'
import { toEpochMs } from './time'
import type { DateInput, DomainCanvas, DomainCustomer } from './types'

/**
 * Pausing (and feedback deadlines) exist only when the canvas owner is in a team and the canvas's plan is
 * not team49 or team49yearly. A team with no known plan passes (literal SPEC rule).
 */
export function isPausingEnabled(ownerHasTeam: boolean, planId: string | null | undefined): boolean {
  return ownerHasTeam && !teamPlanLacks(planId, 'pause')
}

/** Inputs of `isCanvasPaused` and `hasFeedbackDeadline`. */
export interface PauseInput {
  pausingEnabled: boolean
  readOnlyDate: DateInput | null | undefined
  now: DateInput
}

/** Paused: pausing is enabled and `readOnlyDate` is set and at or before `now`. */
export function isCanvasPaused({ pausingEnabled, readOnlyDate, now }: PauseInput): boolean {
  const at = toEpochMs(readOnlyDate)
  const nowMs = toEpochMs(now)
  return pausingEnabled && at !== null && nowMs !== null && at <= nowMs
}

/** Feedback deadline pending: pausing is enabled and `readOnlyDate` is strictly after `now`. */
export function hasFeedbackDeadline({ pausingEnabled, readOnlyDate, now }: PauseInput): boolean {
  const at = toEpochMs(readOnlyDate)
  const nowMs = toEpochMs(now)
  return pausingEnabled && at !== null && nowMs !== null && at > nowMs
}

/** Expired: `expireDate` is set and at or before `now`. No expireDate means the canvas never expires. */
export function isCanvasExpired({
  expireDate,
  now,
}: {
  expireDate: DateInput | null | undefined
  now: DateInput
}): boolean {
  const at = toEpochMs(expireDate)
  const nowMs = toEpochMs(now)
  return at !== null && nowMs !== null && at <= nowMs
}

/** Inputs of `isCanvasReadOnly`, each already decided. */
export interface ReadOnlyInput {
  /** The canvas's customer is active (`isCustomerActive`). */
  customerActive: boolean
  paused: boolean
  /** The viewer is a guest (or logged out). */
  isGuestViewer: boolean
  expired: boolean
  /** The canvas's plan is an individual (solo) plan. */
  individualPlan: boolean
  isPremium: boolean
}

/**
 * Read-only: the customer is inactive, or the canvas is paused and the viewer is a guest, or it is
 * expired. Exception (SPEC 4, applied literally): on an individual plan a premium canvas, or one that is
 * not yet expired, is never read-only, even when the customer is inactive.
 */
export function isCanvasReadOnly(input: ReadOnlyInput): boolean {
  if (input.individualPlan && (input.isPremium || !input.expired)) return false
  return !input.customerActive || (input.paused && input.isGuestViewer) || input.expired
}

/** Why a canvas is read-only; null when it is not. */
export type ReadOnlyReason = 'expired' | 'customer-inactive' | 'paused'

/** Everything the UI needs to show about a canvas's state. */
export interface CanvasState {
  paused: boolean
  feedbackDeadline: boolean
  expired: boolean
  readOnly: boolean
  /** Machine reason for `readOnly`, null when not read-only. */
  reasonCode: ReadOnlyReason | null
  /** User-facing sentence for `readOnly`, null when not read-only. */
  reason: string | null
}

/** User-facing sentences per read-only reason. */
export const READ_ONLY_REASON_TEXT: Readonly<Record<ReadOnlyReason, string>> = {
  expired: 'This canvas has expired, so it can no longer receive feedback.',
  'customer-inactive': "The canvas owner's subscription is no longer active, so this canvas is read-only.",
  paused: 'Feedback on this canvas is paused.',
}

/** Inputs of `getCanvasState`. */
export interface CanvasStateInput {
  canvas: Pick<DomainCanvas, 'ownerTeamId' | 'planId' | 'readOnlyDate' | 'expireDate' | 'isPremium'>
  /** The customer billing the canvas; its `planId` wins over `canvas.planId`. Null: no customer (active). */
  customer: DomainCustomer | null | undefined
  isGuestViewer: boolean
  now: DateInput
}

/**
 * Derives all canvas states at once. When several reasons apply, the reported one is, in order: expired,
 * customer inactive, paused.
 */
export function getCanvasState({ canvas, customer, isGuestViewer, now }: CanvasStateInput): CanvasState {
  const planId = customer?.planId ?? canvas.planId ?? null
  const pausingEnabled = isPausingEnabled(!!canvas.ownerTeamId, planId)
  const paused = isCanvasPaused({ pausingEnabled, readOnlyDate: canvas.readOnlyDate, now })
  const feedbackDeadline = hasFeedbackDeadline({ pausingEnabled, readOnlyDate: canvas.readOnlyDate, now })
  const expired = isCanvasExpired({ expireDate: canvas.expireDate, now })
  const customerActive = isCustomerActive(customer, now)
  const readOnly = isCanvasReadOnly({
    customerActive,
    paused,
    isGuestViewer,
    expired,
    individualPlan: isIndividualPlan(planId),
    isPremium: canvas.isPremium === true,
  })
  let reasonCode: ReadOnlyReason | null = null
  if (readOnly) reasonCode = expired ? 'expired' : !customerActive ? 'customer-inactive' : 'paused'
  return {
    paused,
    feedbackDeadline,
    expired,
    readOnly,
    reasonCode,
    reason: reasonCode ? READ_ONLY_REASON_TEXT[reasonCode] : null,
  }
}
