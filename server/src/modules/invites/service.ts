/**
 * Team invites (SPEC 7): admins invite by e-mail, list, resend and withdraw; the invitee looks an invite up
 * by code (sign-up page) or by their own e-mail, and accepts (joins the team) or declines (removes it).
 */
import { invites, users } from '@pinpoint/db'
import { Conflict, Forbidden, NotFound, TooManyRequests, ValidationFailed } from '@pinpoint/domain'
import { and, eq, inArray } from 'drizzle-orm'
import type { AppContext } from '../../context'
import { buildInviteEmail } from '../../emails'
import { consume, LIMITS } from '../../platform/rate-limit'
import { isValidEmail, normalizeEmail } from '../../platform/security'
import { authorize } from '../../policy'
import { type Actor, type ActorUser, loadActorUser } from '../auth/actor'
import { requireMember } from '../auth/plugin'
import { loadTeam } from '../teams/lookup'
import { InviteExpired } from './errors'
import {
  findInvite,
  findUsableInviteByCode,
  INVITE_TTL_DAYS,
  type InviteJson,
  type InviteWithTeam,
  isInviteExpired,
  joinTeamByInvite,
  listInvites,
  serializeInvite,
} from './lookup'

type Ctx = Pick<AppContext, 'database' | 'now' | 'mailer' | 'config' | 'logger'>

export const MAX_INVITES_PER_REQUEST = 50
/** Resending sooner than this is refused, so the button cannot be used to flood someone's inbox. */
const RESEND_INTERVAL_MS = 60_000

export function invitesSentMessage(emails: string[]): string {
  return `Invite(s) sent to ${emails.join(', ')}`
}

function expiry(now: Date): Date {
  return new Date(now.getTime() + INVITE_TTL_DAYS * 24 * 60 * 60 * 1000)
}

async function sendInviteEmail(ctx: Ctx, invite: InviteWithTeam, inviterName: string): Promise<void> {
  const [existing] = await ctx.database.db
    .select({ id: users.id, isGuest: users.isGuest })
    .from(users)
    .where(eq(users.email, invite.email))
  // People with an account open the dashboard (logging in first if needed); others sign up with the code.
  const path = existing && !existing.isGuest ? '/dashboard' : '/signup'
  const acceptUrl = `${ctx.config.publicUrl}${path}?inviteCode=${encodeURIComponent(invite.code)}`
  const email = await buildInviteEmail({
    inviterName,
    teamName: invite.team.name,
    acceptUrl,
    expiresInDays: INVITE_TTL_DAYS,
  })
  await ctx.mailer.send({ to: invite.email, ...email })
}

export async function listTeamInvites(ctx: Ctx, actor: Actor, teamId: string): Promise<InviteJson[]> {
  const team = await loadTeam(ctx.database.db, teamId)
  authorize(actor, 'team.invite', team, 'Only team admins can see and send invites.')
  const now = ctx.now()
  return (await listInvites(ctx.database.db, eq(invites.teamId, team.id))).map((invite) =>
    serializeInvite(invite, now),
  )
}

function parseInviteEmails(raw: string[]): string[] {
  const emails = [...new Set(raw.map(normalizeEmail).filter((email) => email !== ''))]
  if (emails.length === 0)
    throw new ValidationFailed('Add at least one e-mail address.', {
      issues: [{ path: 'emails', message: 'Required' }],
    })
  if (emails.length > MAX_INVITES_PER_REQUEST) {
    throw new ValidationFailed(`You can invite up to ${MAX_INVITES_PER_REQUEST} people at once.`)
  }
  const invalid = emails.filter((email) => !isValidEmail(email))
  if (invalid.length > 0) {
    throw new ValidationFailed(`Not a valid e-mail address: ${invalid.join(', ')}`, {
      issues: invalid.map((email) => ({ path: 'emails', message: `Not a valid e-mail address: ${email}` })),
    })
  }
  return emails
}

export interface CreateInvitesResult {
  invites: InviteJson[]
  message: string
  /** Addresses skipped because they already belong to the team. */
  alreadyMembers: string[]
}

export async function createInvites(
  ctx: Ctx,
  actor: Actor,
  teamId: string,
  rawEmails: string[],
): Promise<CreateInvitesResult> {
  const { db } = ctx.database
  const team = await loadTeam(db, teamId)
  authorize(actor, 'team.invite', team, 'Only team admins can invite people.')
  const inviter = requireMember(actor)
  const emails = parseInviteEmails(rawEmails)
  const now = ctx.now()
  await consume(db, LIMITS.invitesUser, inviter.id, now)
  const members = await db
    .select({ email: users.email })
    .from(users)
    .where(and(eq(users.teamId, team.id), inArray(users.email, emails)))
  const alreadyMembers = members.map((member) => member.email)
  const toInvite = emails.filter((email) => !alreadyMembers.includes(email))
  if (toInvite.length === 0)
    throw new Conflict('Everyone you invited is already in the team.', { alreadyMembers })
  // Inviting an address again renews its invite (same code, new expiry) instead of failing.
  await db
    .insert(invites)
    .values(
      toInvite.map((email) => ({
        teamId: team.id,
        email,
        invitedByUserId: inviter.id,
        expiresAt: expiry(now),
        lastSentAt: now,
      })),
    )
    .onConflictDoUpdate({
      target: [invites.teamId, invites.email],
      set: { expiresAt: expiry(now), lastSentAt: now, invitedByUserId: inviter.id },
    })
  const created = await listInvites(db, and(eq(invites.teamId, team.id), inArray(invites.email, toInvite)))
  for (const invite of created) await sendInviteEmail(ctx, invite, inviter.name)
  return {
    invites: created.map((invite) => serializeInvite(invite, now)),
    message: invitesSentMessage(toInvite),
    alreadyMembers,
  }
}

async function loadTeamInvite(
  ctx: Ctx,
  actor: Actor,
  teamId: string,
  inviteId: string,
): Promise<InviteWithTeam> {
  const team = await loadTeam(ctx.database.db, teamId)
  authorize(actor, 'team.invite', team, 'Only team admins can manage invites.')
  const invite = inviteId.length <= 100 ? await findInvite(ctx.database.db, eq(invites.id, inviteId)) : null
  if (!invite || invite.teamId !== team.id) throw new NotFound('No such invite.')
  return invite
}

export async function resendInvite(ctx: Ctx, actor: Actor, teamId: string, inviteId: string) {
  const invite = await loadTeamInvite(ctx, actor, teamId, inviteId)
  const now = ctx.now()
  const wait = invite.lastSentAt.getTime() + RESEND_INTERVAL_MS - now.getTime()
  if (wait > 0)
    throw new TooManyRequests(
      Math.ceil(wait / 1000),
      'This invite was just sent. Please wait a minute before resending it.',
    )
  await ctx.database.db
    .update(invites)
    .set({ expiresAt: expiry(now), lastSentAt: now })
    .where(eq(invites.id, invite.id))
  const renewed = { ...invite, expiresAt: expiry(now), lastSentAt: now }
  await sendInviteEmail(ctx, renewed, requireMember(actor).name)
  return { invite: serializeInvite(renewed, now), message: invitesSentMessage([invite.email]) }
}

export async function deleteInvite(
  ctx: Ctx,
  actor: Actor,
  teamId: string,
  inviteId: string,
): Promise<InviteJson> {
  const invite = await loadTeamInvite(ctx, actor, teamId, inviteId)
  await ctx.database.db.delete(invites).where(eq(invites.id, invite.id))
  return serializeInvite(invite, ctx.now())
}

/** GET /invites?code=: public, so the sign-up page can show the team before an account exists. */
export async function getInviteByCode(ctx: Ctx, code: string): Promise<InviteJson> {
  const now = ctx.now()
  return serializeInvite(await findUsableInviteByCode(ctx.database.db, code, now), now)
}

/** GET /invites?email=: the caller's own pending invites; anybody else's e-mail is refused. */
export async function getInvitesForEmail(ctx: Ctx, actor: Actor, rawEmail: string): Promise<InviteJson[]> {
  const email = normalizeEmail(rawEmail)
  authorize(
    actor,
    'invite.respond',
    { teamId: '', email },
    'You can only look up invites sent to your own e-mail address.',
  )
  const now = ctx.now()
  const found = await listInvites(ctx.database.db, eq(invites.email, email))
  return found.filter((invite) => !isInviteExpired(invite, now)).map((invite) => serializeInvite(invite, now))
}

async function loadOwnInvite(ctx: Ctx, actor: Actor, inviteId: string): Promise<InviteWithTeam> {
  requireMember(actor)
  const invite = inviteId.length <= 100 ? await findInvite(ctx.database.db, eq(invites.id, inviteId)) : null
  if (!invite) throw new NotFound('This invite does not exist or was withdrawn.')
  if (actor.user?.email !== invite.email) {
    throw new Forbidden('This invite was sent to another e-mail address.')
  }
  return invite
}

export async function acceptInvite(ctx: Ctx, actor: Actor, inviteId: string): Promise<ActorUser> {
  const invite = await loadOwnInvite(ctx, actor, inviteId)
  if (isInviteExpired(invite, ctx.now())) throw new InviteExpired()
  const user = requireMember(actor)
  await ctx.database.db.transaction((tx) => joinTeamByInvite(tx, user.id, invite))
  const updated = await loadActorUser(ctx.database.db, user.id)
  if (!updated) throw new NotFound('No such user.')
  return updated
}

export async function declineInvite(ctx: Ctx, actor: Actor, inviteId: string): Promise<InviteJson> {
  const invite = await loadOwnInvite(ctx, actor, inviteId)
  await ctx.database.db.delete(invites).where(eq(invites.id, invite.id))
  return serializeInvite(invite, ctx.now())
}
