/**
 * People as one viewer of one canvas may see them: the single place where a person's e-mail address is
 * kept or removed from canvas JSON (owner, canvas users, reminder recipients, dashboard rows). The rule
 * itself is `person.seeEmail` in the policy module (decision 027); a hidden address is `null`, so the
 * JSON keeps its shape.
 */
import type { DomainCanvas } from '@pinpoint/domain'
import { can } from '../../policy'
import type { Actor } from '../auth/actor'

export interface PeopleView {
  /** A person with `email` kept only when this viewer may see it. */
  person<T extends { id: string; email: string | null }>(
    person: T,
  ): Omit<T, 'email'> & { email: string | null }
  /** A deadline reminder: its recipient's address follows the same rule. */
  reminder<T extends { recipientUserId: string | null; recipientEmail: string | null }>(reminder: T): T
}

/** `viewer` is the caller (`actor.user`, null when logged out). */
export function peopleFor(viewer: Actor['user'], canvas: DomainCanvas): PeopleView {
  const actor: Actor = { user: viewer, via: 'none' }
  const member = can(actor, 'person.seeEmail', { personId: null, canvas })
  const mayRead = (personId: string | null) => member || can(actor, 'person.seeEmail', { personId, canvas })
  return {
    person: (person) => ({ ...person, email: mayRead(person.id) ? person.email : null }),
    reminder: (reminder) =>
      mayRead(reminder.recipientUserId) ? reminder : { ...reminder, recipientEmail: null },
  }
}
