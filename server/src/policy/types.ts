/**
 * The shape of a policy rule. A rule answers one question ("may this user do X to this subject?") with a
 * boolean and never throws; `authorize` turns a "no" into the right error.
 */
import type { Actor, ActorUser } from '../modules/auth/actor'

/**
 * `user` is `actor.user` (null when anonymous); the whole actor is passed too, for the rare rule that
 * depends on how the caller authenticated (session, API token, impersonation).
 */
export type Rule<Subject> = (user: ActorUser | null, subject: Subject, actor: Actor) => boolean

/** A group of rules keyed by action name, e.g. `{ 'team.read': rule, 'team.invite': rule }`. */
export type RuleSet = Record<string, Rule<never>>

/** Helper that keeps each rule's subject type while checking the group's shape. */
export function defineRules<const R extends { [action: string]: Rule<never> }>(rules: R): R {
  return rules
}
