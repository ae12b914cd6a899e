/**
 * Rules about annotations (comments), replies, labels, assignees, mentions and attachments (SPEC 6).
 * Seeing the canvas at all is decided before these run (canvases/access); a comment the user may not see
 * is NotFound, which the services handle, so these rules only answer "may this viewer change it".
 * Decisions: docs/decisions (comments and privacy).
 */
import {
  canAccessCanvas,
  canAddLabelToAnnotation,
  canAssignComments,
  canAttachFiles,
  canDeleteOthersComments,
  canEditLabels,
  canMention,
  canSeePrivateComments,
  canUseExports,
  canViewLabels,
  type DomainAnnotationRef,
  type DomainCanvas,
  type DomainUser,
  isEnterprisePlan,
  isGuest,
  isInTeam,
} from '@pinpoint/domain'
import { defineRules } from './types'

/** A comment (annotation or reply) on a canvas. */
export interface CommentSubject {
  canvas: DomainCanvas
  comment: DomainAnnotationRef
}

/** A label being put on or taken off an annotation. */
export interface AnnotationLabelSubject extends CommentSubject {
  labelTeamId: string
}

/** Assigning an annotation: the new assignee, or null to unassign. */
export interface AssignSubject {
  canvas: DomainCanvas
  assignee: DomainUser | null
}

const isAuthor = (user: DomainUser | null, comment: DomainAnnotationRef) =>
  !!user && !!comment.userId && comment.userId === user.id

export const commentRules = defineRules({
  /** Write a private (team) comment or reply, or see private ones: see canSeePrivateComments. */
  'comment.private': (user, canvas: DomainCanvas) => canSeePrivateComments(user, canvas),
  /** Edit a comment's text, privacy, pin and attachments: its author only. */
  'comment.edit': (user, { comment }: CommentSubject) => isAuthor(user, comment),
  /**
   * Change an annotation's status (resolve, reopen, ...): its author, or a member of the canvas (creator or
   * owner's team). Decision: guests triage only their own comments.
   */
  'comment.changeStatus': (user, { canvas, comment }: CommentSubject) =>
    isAuthor(user, comment) || canAccessCanvas(user, canvas),
  /**
   * Delete: the author; a team admin of the canvas owner's team (SPEC); and the canvas creator (decision:
   * a solo owner must be able to remove comments on their own canvas).
   */
  'comment.delete': (user, { canvas, comment }: CommentSubject) =>
    isAuthor(user, comment) ||
    canDeleteOthersComments(user, canvas) ||
    (!!user && !isGuest(user) && user.id === canvas.userId),
  /** Mentions notify people only when the writer's plan has them (SPEC: team, not team49). */
  'comment.mention': (user, _subject: undefined) => canMention(user),
  /** Attach files: a customer whose plan is not free0 (SPEC). */
  'comment.attach': (user, _subject: undefined) => canAttachFiles(user),
  /**
   * Assign (or unassign): the plan has assigning (SPEC), the user is a member of the canvas, and the
   * assignee is one too (a guest or outsider could not even open the canvas as a member).
   */
  'comment.assign': (user, { canvas, assignee }: AssignSubject) =>
    canAssignComments(user) &&
    canAccessCanvas(user, canvas) &&
    (assignee === null || canAccessCanvas(assignee, canvas)),
  /** Mark annotations exported: export options are on the plan (SPEC) and the user is a canvas member. */
  'comment.markExported': (user, canvas: DomainCanvas) =>
    canUseExports(user) && canAccessCanvas(user, canvas),
  /** Set or clear why pins on a page cannot be shown: a canvas member (it changes everyone's view). */
  'comment.setInactiveReason': (user, canvas: DomainCanvas) => canAccessCanvas(user, canvas),
  /** See a team's labels: labels are on the user's plan and the user is in the team. */
  'label.view': (user, team: { id: string }) => canViewLabels(user) && isInTeam(user, team.id),
  /** Create, rename, recolour or delete a team's labels (SPEC: same team; decision: with the feature). */
  'label.edit': (user, team: { id: string }) => canEditLabels(user, team.id),
  /**
   * Put a label on or take it off an annotation: same team or the annotation's creator (SPEC), the label
   * belongs to the canvas owner's team, and that team's plan has labels.
   */
  'annotation.label': (user, { canvas, comment, labelTeamId }: AnnotationLabelSubject) =>
    canAddLabelToAnnotation(user, comment, canvas) &&
    labelTeamId === canvas.ownerTeamId &&
    isEnterprisePlan(canvas.planId),
})
