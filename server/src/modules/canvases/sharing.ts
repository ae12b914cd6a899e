/**
 * Sharing a canvas: e-mail invites (POST /canvases/{id}/share), the canvas users list and roles, and the
 * feedback-link entry (GET /canvases/{subdomain}/subdomain) with its optional password.
 */
import { type CanvasUserRole, canvases, canvasUsers, type DbOrTx, users } from '@pinpoint/db'
import { AppError, isTeamPlan, NotFound, ValidationFailed } from '@pinpoint/domain'
import { and, eq, inArray, ne, or } from 'drizzle-orm'
import type { Mailer } from '../../platform/mailer'
import { notifyAccessChange } from '../../realtime/bus'
import type { Actor } from '../auth/actor'
import { recordEvent } from '../events/service'
import { type CanvasRecord, type CanvasView, loadCanvasRecordWhere, mayViewCanvas } from './access'
import { feedbackLink, shareEmail } from './emails'

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/
const MAX_SHARE_EMAILS = 50

export function normaliseEmails(emails: readonly string[]): string[] {
  const unique = [...new Set(emails.map((email) => email.trim().toLowerCase()).filter(Boolean))]
  if (unique.length === 0)
    throw new ValidationFailed('Enter at least one e-mail address.', { field: 'emails' })
  if (unique.length > MAX_SHARE_EMAILS)
    throw new ValidationFailed(`Share with at most ${MAX_SHARE_EMAILS} addresses at once.`, {
      field: 'emails',
    })
  const invalid = unique.filter((email) => !EMAIL.test(email))
  if (invalid.length > 0)
    throw new ValidationFailed(`Not a valid e-mail address: ${invalid.join(', ')}`, {
      field: 'emails',
      invalid,
    })
  return unique
}

/**
 * Finds the users behind e-mail addresses, creating guest accounts for unknown ones, so the invited person
 * reaches the canvas as soon as they log in as a guest with that address (POST /guests reuses it).
 */
export async function usersForEmails(db: DbOrTx, emails: readonly string[]) {
  const existing = await db
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(inArray(users.email, [...emails]))
  const known = new Set(existing.map((row) => row.email))
  const missing = emails.filter((email) => !known.has(email))
  const created = missing.length
    ? await db
        .insert(users)
        .values(missing.map((email) => ({ email, name: email.split('@')[0] ?? email, isGuest: true })))
        .onConflictDoNothing()
        .returning({ id: users.id, email: users.email })
    : []
  return [...existing, ...created]
}

export async function shareCanvas(
  db: DbOrTx,
  mailer: Mailer,
  view: CanvasView,
  actor: Actor,
  input: { emails: string[]; message?: string | null },
  publicUrl: string,
) {
  const sender = actor.user
  if (!sender) throw new NotFound()
  const emails = normaliseEmails(input.emails)
  const recipients = await usersForEmails(db, emails)
  await db
    .insert(canvasUsers)
    .values(
      recipients
        .filter((r) => r.id !== view.canvas.userId)
        .map((r) => ({ canvasId: view.canvas.id, userId: r.id, invitedByUserId: sender.id })),
    )
    .onConflictDoNothing()
  await recordEvent(db, {
    type: 'canvas.shared',
    canvasId: view.canvas.id,
    actorUserId: sender.id,
    // The canvas feed is public to every link holder: who was invited is told by id, never by address.
    data: { count: emails.length, userIds: recipients.map((r) => r.id) },
  })
  return {
    emails,
    send: () =>
      Promise.all(
        emails.map((to) =>
          mailer.send(
            shareEmail({
              to,
              senderName: sender.name,
              title: view.canvas.title,
              url: feedbackLink(publicUrl, view.canvas.subdomain),
              message: input.message,
              what: 'canvas',
            }),
          ),
        ),
      ),
  }
}

const userColumns = {
  id: users.id,
  name: users.name,
  email: users.email,
  avatarUrl: users.avatarUrl,
  isGuest: users.isGuest,
  TeamId: users.teamId,
}

/**
 * GET /canvases/{id}/users: the people of a canvas (for sharing, mentions, assignees). SPEC 6: the owner's
 * team members are listed only when the canvas's plan includes a team; invited canvas users always are.
 */
export async function listCanvasUsers(db: DbOrTx, record: CanvasRecord) {
  const invited = await db
    .select({ ...userColumns, role: canvasUsers.role })
    .from(canvasUsers)
    .innerJoin(users, eq(users.id, canvasUsers.userId))
    .where(eq(canvasUsers.canvasId, record.canvas.id))
  const teamWhere =
    record.ownerTeamId && isTeamPlan(record.domain.planId)
      ? or(eq(users.id, record.canvas.userId), eq(users.teamId, record.ownerTeamId))
      : eq(users.id, record.canvas.userId)
  const team = await db
    .select(userColumns)
    .from(users)
    .where(and(teamWhere, eq(users.isGuest, false)))
  const seen = new Set<string>()
  const result: ((typeof team)[number] & { role: CanvasUserRole | 'owner' | 'team' })[] = []
  for (const member of team) {
    seen.add(member.id)
    result.push({ ...member, role: member.id === record.canvas.userId ? 'owner' : 'team' })
  }
  for (const user of invited) if (!seen.has(user.id)) result.push(user)
  return result
}

export async function getCanvasUser(db: DbOrTx, record: CanvasRecord, userId: string) {
  const found = (await listCanvasUsers(db, record)).find((user) => user.id === userId)
  if (!found) throw new NotFound('This person has no access to the canvas.')
  return found
}

export async function addCanvasUser(
  db: DbOrTx,
  record: CanvasRecord,
  actor: Actor,
  input: { userId?: string; email?: string; role?: CanvasUserRole },
) {
  let userId = input.userId
  if (!userId && input.email) userId = (await usersForEmails(db, normaliseEmails([input.email])))[0]?.id
  if (!userId) throw new ValidationFailed('Give a userId or an email.', { field: 'userId' })
  const [exists] = await db.select({ id: users.id }).from(users).where(eq(users.id, userId))
  if (!exists) throw new NotFound('User not found.')
  await db
    .insert(canvasUsers)
    .values({
      canvasId: record.canvas.id,
      userId,
      role: input.role ?? 'commenter',
      invitedByUserId: actor.user?.id ?? null,
    })
    .onConflictDoUpdate({
      target: [canvasUsers.canvasId, canvasUsers.userId],
      set: { role: input.role ?? 'commenter' },
    })
  return getCanvasUser(db, record, userId)
}

export async function updateCanvasUser(
  db: DbOrTx,
  record: CanvasRecord,
  userId: string,
  role: CanvasUserRole,
) {
  const updated = await db
    .update(canvasUsers)
    .set({ role })
    .where(
      and(
        eq(canvasUsers.canvasId, record.canvas.id),
        eq(canvasUsers.userId, userId),
        ne(canvasUsers.role, role),
      ),
    )
    .returning({ userId: canvasUsers.userId })
  if (updated.length === 0)
    await getCanvasUser(db, record, userId) // NotFound when not a canvas user at all
  else await notifyAccessChange(db, { userIds: [userId] })
  return getCanvasUser(db, record, userId)
}

/**
 * DELETE /canvases/{id}/users/{userId}: takes an invited person's access away. The owner and the owner's
 * team are not canvas users (their access comes from the team), so they cannot be removed here; their
 * open sockets on the canvas are re-checked (decision 026).
 */
export async function removeCanvasUser(db: DbOrTx, record: CanvasRecord, userId: string) {
  if (userId === record.canvas.userId)
    throw new ValidationFailed('The owner cannot be removed. Transfer the canvas first.', { field: 'userId' })
  const removed = await db
    .delete(canvasUsers)
    .where(and(eq(canvasUsers.canvasId, record.canvas.id), eq(canvasUsers.userId, userId)))
    .returning({ userId: canvasUsers.userId })
  if (removed.length === 0) {
    const listed = (await listCanvasUsers(db, record)).some((user) => user.id === userId)
    if (listed)
      throw new ValidationFailed(
        'Team members reach the canvas through the team and cannot be removed here.',
        {
          field: 'userId',
        },
      )
    throw new NotFound('This person has no access to the canvas.')
  }
  await notifyAccessChange(db, { userIds: [userId] })
  return { userId }
}

/**
 * GET /canvases/{subdomain}/subdomain?password=: the feedback-link entry. A canvas with a link password
 * answers PasswordRequired (401) without one and WrongPassword (403) with a wrong one; the right one is
 * answered with the canvas and a grant cookie (set by the controller). Not visible = NotFound.
 */
export async function openCanvasLink(
  db: DbOrTx,
  actor: Actor,
  subdomain: string,
  password: string | undefined,
  granted: (record: CanvasRecord) => boolean,
) {
  const record = await loadCanvasRecordWhere(db, eq(canvases.subdomain, subdomain.toLowerCase()))
  if (!record) throw new NotFound('Canvas not found.')
  if (await mayViewCanvas(db, actor, record, { passwordGranted: true })) {
    const needsPassword =
      record.canvas.passwordHash !== null && !(await mayViewCanvas(db, actor, record)) && !granted(record)
    if (!needsPassword) return { record, passwordAccepted: false }
    if (!password)
      throw new AppError('This canvas is protected by a password.', { name: 'PasswordRequired', status: 401 })
    if (!(await Bun.password.verify(password, record.canvas.passwordHash ?? ''))) {
      throw new AppError('The password is not correct.', { name: 'WrongPassword', status: 403 })
    }
    return { record, passwordAccepted: true }
  }
  throw new NotFound('Canvas not found.')
}
