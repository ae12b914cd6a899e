/**
 * What the viewer may do on this canvas, from the shared rules of `@pinpoint/domain` (the server checks
 * every call again; this only decides what to offer). Mirrors server/src/policy/comments.ts.
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
  canViewLabels,
  type DomainCanvas,
  type DomainUser,
  isEnterprisePlan,
  isGuest,
} from '@pinpoint/domain'
import type { Annotation, Canvas } from '../data/types'

export interface Abilities {
  /** Someone is signed in (a member or a guest who gave a name). */
  signedIn: boolean
  guest: boolean
  member: boolean
  readOnly: boolean
  readOnlyReason: string | null
  /** May leave comments now (not read-only); anonymous visitors are asked for a name first. */
  comment: boolean
  privateComments: boolean
  mention: boolean
  attach: boolean
  assign: boolean
  labels: boolean
  /** Create a label of the canvas owner's team from the label picker (SPEC 6: same team). */
  createLabels: boolean
  editCanvas: boolean
  /** Persist the inactive state of pins (a canvas member: it changes everyone's view). */
  setInactive: boolean
  changeStatus(annotation: Annotation): boolean
  edit(annotation: Annotation): boolean
  remove(annotation: Annotation): boolean
  label(annotation: Annotation): boolean
}

export function domainCanvas(canvas: Canvas): DomainCanvas {
  return {
    id: canvas.id,
    userId: canvas.UserId,
    ownerTeamId: canvas.User?.TeamId ?? null,
    planId: canvas.Customer?.planId ?? null,
    type: canvas.type,
    readOnlyDate: canvas.readOnlyDate ?? null,
    expireDate: canvas.expireDate ?? null,
    isPremium: canvas.isPremium ?? null,
  }
}

export function abilitiesFor(user: DomainUser | null, canvas: Canvas): Abilities {
  const subject = domainCanvas(canvas)
  const readOnly = canvas.state?.readOnly ?? false
  const member = canAccessCanvas(user, subject)
  const author = (annotation: Annotation) => !!user && annotation.UserId === user.id
  return {
    signedIn: !!user,
    guest: !user || isGuest(user),
    member,
    readOnly,
    readOnlyReason: canvas.state?.readOnlyReason ?? null,
    // An invited viewer reads but does not comment (server: canvases/roles.ts).
    comment: !readOnly && canvas.viewerRole !== 'viewer',
    privateComments: canSeePrivateComments(user, subject),
    mention: canMention(user),
    attach: canAttachFiles(user),
    assign: canAssignComments(user) && member,
    labels: canViewLabels(user) && member && isEnterprisePlan(subject.planId),
    createLabels: canEditLabels(user, subject.ownerTeamId) && isEnterprisePlan(subject.planId),
    editCanvas: canvas.editable ?? false,
    setInactive: member,
    changeStatus: (annotation) => !readOnly && (author(annotation) || member),
    edit: (annotation) => !readOnly && author(annotation),
    remove: (annotation) =>
      author(annotation) ||
      canDeleteOthersComments(user, subject) ||
      (!!user && !isGuest(user) && user.id === canvas.UserId),
    label: (annotation) =>
      canViewLabels(user) &&
      canAddLabelToAnnotation(user, { id: annotation.id, userId: annotation.UserId }, subject),
  }
}
