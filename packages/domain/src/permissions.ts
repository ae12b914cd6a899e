/**
 * Permissions over canvases, folders, labels and comments (SPEC 6). Each rule is a plain predicate over
 * the structural shapes of `types.ts`; a missing user (logged out) is always denied.
 *
 * "Same team" always means both sides have a team and it is the same one: two users without a team are
 * never in the same team.
 */
import { effectivePlanId, userTeamId } from './account'
import { isPausingEnabled } from './canvas-state'
import { isEnterprisePlan, isTeamPlan } from './plans'
import { isGuest, isTeamAdmin } from './roles'
import type { DomainAnnotationRef, DomainCanvas, DomainFolder, MaybeUser } from './types'

/** True when the user is in a team and `teamId` is that team. */
export function isInTeam(user: MaybeUser, teamId: string | null | undefined): boolean {
  const own = userTeamId(user)
  return own !== null && own === (teamId ?? null)
}

function isCreator(user: MaybeUser, ownerUserId: string | null | undefined): boolean {
  return !!user && !!ownerUserId && user.id === ownerUserId
}

/**
 * Edit a canvas (rename, settings, revisions, delete): "same team and user is creator or team admin".
 * The creator always may (the canvas's team is the creator's current team). A team admin may when the
 * canvas owner is in the admin's team. Decision: guests never edit.
 */
export function canEditCanvas(user: MaybeUser, canvas: DomainCanvas): boolean {
  if (isGuest(user)) return false
  if (isCreator(user, canvas.userId)) return true
  return isTeamAdmin(user) && isInTeam(user, canvas.ownerTeamId)
}

/**
 * Access a canvas as a member (see it in the dashboard, open it without a share link): the creator, or a
 * user whose team is the canvas owner's team. Decision: guests never have member access; they reach a
 * canvas only through its feedback link, which is checked elsewhere.
 */
export function canAccessCanvas(user: MaybeUser, canvas: DomainCanvas): boolean {
  if (isGuest(user)) return false
  return isCreator(user, canvas.userId) || isInTeam(user, canvas.ownerTeamId)
}

/**
 * Pause a canvas or set its feedback deadline: pausing must be enabled for the canvas (owner in a team,
 * canvas plan not a team49 variant), and the user is the canvas owner or a team admin of the owner's team.
 */
export function canPauseCanvas(user: MaybeUser, canvas: DomainCanvas): boolean {
  if (isGuest(user)) return false
  if (!isPausingEnabled(!!canvas.ownerTeamId, canvas.planId)) return false
  return isCreator(user, canvas.userId) || (isTeamAdmin(user) && isInTeam(user, canvas.ownerTeamId))
}

/** Delete other people's comments on a canvas: a team admin of the canvas owner's team. */
export function canDeleteOthersComments(user: MaybeUser, canvas: DomainCanvas): boolean {
  if (isGuest(user)) return false
  return isTeamAdmin(user) && isInTeam(user, canvas.ownerTeamId)
}

/**
 * See (and write) private comments on a canvas. The SPEC leaves the rule open; decision: a non-guest
 * member of the canvas owner's team, when that team is on a team plan (team49*, enterprise*). The team's
 * plan is the canvas's `planId` (the owner's customer); when it was not loaded, the member's effective
 * plan is used, which is the same team's customer.
 */
export function canSeePrivateComments(user: MaybeUser, canvas: DomainCanvas): boolean {
  if (isGuest(user) || !isInTeam(user, canvas.ownerTeamId)) return false
  return isTeamPlan(canvas.planId ?? effectivePlanId(user))
}

/**
 * Whether a comment or reply is visible to the user: public ones always; private ones only with
 * `canSeePrivateComments`. A hidden private comment must answer NotFound, like a missing one (SPEC 5).
 */
export function canSeeComment(
  user: MaybeUser,
  canvas: DomainCanvas,
  comment: Pick<DomainAnnotationRef, 'isPrivate'>,
): boolean {
  return !comment.isPrivate || canSeePrivateComments(user, canvas)
}

/**
 * Edit a folder (project): the user is in the folder owner's team. Decision: the folder's owner always may
 * edit it too, so individual users can manage their own folders. Guests never edit.
 */
export function canEditFolder(user: MaybeUser, folder: DomainFolder): boolean {
  if (isGuest(user)) return false
  return isCreator(user, folder.userId) || isInTeam(user, folder.ownerTeamId)
}

/** View labels: a non-guest in a team whose plan is a team plan other than team49, i.e. an enterprise plan. */
export function canViewLabels(user: MaybeUser): boolean {
  if (isGuest(user) || userTeamId(user) === null) return false
  return isEnterprisePlan(effectivePlanId(user))
}

/**
 * Create a label in a team, or edit or delete one of its labels: the user is in that team. Decision: the
 * labels feature must also be available (`canViewLabels`), since labels are a team-plan feature.
 */
export function canEditLabels(user: MaybeUser, labelTeamId: string | null | undefined): boolean {
  return canViewLabels(user) && isInTeam(user, labelTeamId)
}

/** Alias of `canEditLabels` for creating a label in the given team. */
export const canCreateLabels = canEditLabels

/**
 * Add or remove a label on an annotation: the user is in the canvas owner's team, or created the
 * annotation. Feature availability (`canViewLabels`) is not re-checked: label ids come from the team's
 * label list, which only team members with the feature can read.
 */
export function canAddLabelToAnnotation(
  user: MaybeUser,
  annotation: DomainAnnotationRef,
  canvas: DomainCanvas,
): boolean {
  if (!user) return false
  return isCreator(user, annotation.userId) || isInTeam(user, canvas.ownerTeamId)
}
