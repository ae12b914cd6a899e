/**
 * Rules about teams, their members, admins, invites and SSO settings (SPEC 1 and 6). Subjects are plain
 * objects so callers can pass a row or a literal; see decision 008 for who may remove whom.
 */
import { canEnableSso, isGuest, isInTeam, isTeamAdmin } from '@pinpoint/domain'
import { defineRules } from './types'

/** The team a request is about, identified by id and owner. */
export interface TeamSubject {
  id: string
  ownerUserId: string
}

/** A member of `team` the request is about (the target of an admin change or a removal). */
export interface TeamMemberSubject {
  team: TeamSubject
  member: { id: string; role: string; teamId: string | null }
}

/** An invite: its team and its (lowercased) e-mail. */
export interface InviteSubject {
  teamId: string
  email: string
}

const adminOf = (user: Parameters<typeof isTeamAdmin>[0], teamId: string) =>
  !isGuest(user) && isInTeam(user, teamId) && isTeamAdmin(user)

export const teamRules = defineRules({
  /** See the team's members: any non-guest member of the team. */
  'team.read': (user, team: TeamSubject) => !isGuest(user) && isInTeam(user, team.id),
  /** Invite people, list, resend or delete invites: a team admin (owner or role admin). */
  'team.invite': (user, team: TeamSubject) => adminOf(user, team.id),
  /** Make a member an admin or take the role back: a team admin; the owner's status cannot change. */
  'team.manageAdmins': (user, { team, member }: TeamMemberSubject) =>
    adminOf(user, team.id) && member.teamId === team.id && member.id !== team.ownerUserId,
  /**
   * Remove a member: never the owner; the owner may remove anyone else; an admin may remove members but
   * not other admins; anybody may leave (remove themself).
   */
  'team.removeMember': (user, { team, member }: TeamMemberSubject) => {
    if (!user || isGuest(user) || member.teamId !== team.id || member.id === team.ownerUserId) return false
    if (member.id === user.id) return isInTeam(user, team.id)
    if (!adminOf(user, team.id)) return false
    return user.id === team.ownerUserId || member.role !== 'admin'
  },
  /** Read or change the team's SSO settings: the team owner on an enterprise plan. */
  'team.manageSso': (user, team: TeamSubject) => isInTeam(user, team.id) && canEnableSso(user),
  /** Accept or decline an invite, or look it up by e-mail: the non-guest user it was sent to. */
  'invite.respond': (user, invite: InviteSubject) => !!user && !isGuest(user) && user.email === invite.email,
})
