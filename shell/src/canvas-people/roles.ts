/**
 * How the People dialog names and explains each kind of access. Invited people get a role; the owner and
 * the owner's team reach the canvas through the team (SPEC 6 "access canvas") and have no role to change.
 */
import type { CanvasPerson, CanvasUserRole } from '@pinpoint/api'

export const INVITED_ROLES: ReadonlyArray<{ value: CanvasUserRole; label: string; hint: string }> = [
  {
    value: 'viewer',
    label: 'Viewer',
    hint: 'Opens the canvas and reads comments, but cannot comment or review.',
  },
  { value: 'commenter', label: 'Commenter', hint: 'Opens the canvas, comments, replies and reviews.' },
]

/** The roles a select offers for one person: an older role the dialog does not offer stays listed. */
export function roleOptions(current: CanvasPerson['role']) {
  if (INVITED_ROLES.some((role) => role.value === current) || current === 'owner' || current === 'team')
    return INVITED_ROLES
  return [...INVITED_ROLES, { value: current, label: capitalise(current), hint: '' }]
}

function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1)
}

/** People in the order the dialog lists them: the owner, the team, then invited people by name. */
export function sortPeople(people: readonly CanvasPerson[]): CanvasPerson[] {
  const rank = (person: CanvasPerson) => (person.role === 'owner' ? 0 : person.role === 'team' ? 1 : 2)
  return [...people].sort(
    (a, b) => rank(a) - rank(b) || a.name.localeCompare(b.name, undefined, { sensitivity: 'base' }),
  )
}

/** What a person's access says when it cannot be changed here. */
export function fixedAccessLabel(role: CanvasPerson['role']): string | null {
  if (role === 'owner') return 'Owner'
  if (role === 'team') return 'Team'
  return null
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/

/** The address to add, or the sentence that says what is wrong with it. */
export function parseInviteeEmail(text: string): { email: string } | { error: string } {
  const email = text.trim().toLowerCase()
  if (!email) return { error: 'Enter an e-mail address.' }
  if (!EMAIL.test(email)) return { error: `“${text.trim()}” is not a valid e-mail address.` }
  return { email }
}
