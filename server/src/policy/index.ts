/**
 * Who may do what: one place, built on `@pinpoint/domain`, tested as a matrix (matrix.test.ts).
 *
 *   if (!can(actor, 'team.invite', team)) ...      // a boolean, for filtering and UI flags
 *   authorize(actor, 'team.invite', team, msg?)    // throws NotLoggedIn (anonymous) or Forbidden
 *
 * To add rules for a feature: write `policy/<feature>.ts` exporting `defineRules({ 'canvas.edit': (user,
 * canvas: CanvasSubject) => ... })` and spread it into `rules` below. The action names and subject types
 * of `can` follow automatically.
 */
import { Forbidden, NotLoggedIn } from '@pinpoint/domain'
import type { Actor } from '../modules/auth/actor'
import { accountRules } from './account'
import { canvasRules } from './canvases'
import { commentRules } from './comments'
import { peopleRules } from './people'
import { staffRules } from './staff'
import { teamRules } from './teams'
import type { Rule } from './types'

export type { AnnotationLabelSubject, AssignSubject, CommentSubject } from './comments'
export type { PersonOnCanvasSubject } from './people'
export type { InviteSubject, TeamMemberSubject, TeamSubject } from './teams'
export { defineRules, type Rule, type RuleSet } from './types'

export const rules = {
  ...accountRules,
  ...teamRules,
  ...canvasRules,
  ...commentRules,
  ...peopleRules,
  ...staffRules,
}

type Rules = typeof rules
export type Action = keyof Rules
export type SubjectOf<A extends Action> = Rules[A] extends Rule<infer S> ? S : never
/** Actions whose subject may be left out (account-level rules) take no second argument. */
type SubjectArgs<A extends Action> =
  undefined extends SubjectOf<A> ? [subject?: SubjectOf<A>] : [subject: SubjectOf<A>]

/** True when the actor may perform `action` on `subject`. Never throws. */
export function can<A extends Action>(actor: Actor, action: A, ...[subject]: SubjectArgs<A>): boolean {
  const rule = rules[action] as Rule<SubjectOf<A> | undefined>
  return rule(actor.user, subject, actor)
}

/**
 * Throws unless `can(...)`: NotLoggedIn for an anonymous caller (so clients treat it as logged out),
 * Forbidden with `message` otherwise.
 */
export function authorize<A extends Action>(
  actor: Actor,
  action: A,
  subject: SubjectOf<A>,
  message?: string,
): void {
  const rule = rules[action] as Rule<SubjectOf<A>>
  if (rule(actor.user, subject, actor)) return
  if (!actor.user) throw new NotLoggedIn()
  throw new Forbidden(message)
}
