/**
 * Deadline reminders: one row per recipient and date, each sent by its own pg-boss job at its date. The
 * job re-reads the row and only a `scheduled` reminder is e-mailed, so a cancelled one stays silent even if
 * its job was already due; pg-boss hands each job to exactly one worker across processes.
 *
 * The feedback deadline itself needs no job to take effect (paused is derived from readOnlyDate and the
 * clock), but a job at the deadline records the `canvas.paused` event so open review screens learn it on
 * time.
 */
import {
  type Canvas,
  canvases,
  type DbOrTx,
  type DeadlineReminder,
  deadlineReminders,
  users,
} from '@pinpoint/db'
import { NotFound, ValidationFailed } from '@pinpoint/domain'
import { and, asc, eq, inArray } from 'drizzle-orm'
import type { AppContext } from '../../context'
import { QUEUES } from '../../jobs'
import type { Actor } from '../auth/actor'
import { loadCanvasForEdit } from '../canvases/access'
import { feedbackLink, reminderEmail } from '../canvases/emails'
import { normaliseEmails } from '../canvases/sharing'
import { inTransaction } from '../canvases/transaction'
import { recordEvent } from '../events/service'

const MAX_REMINDERS = 100

export interface CreateRemindersInput {
  userIds?: string[]
  emails?: string[]
  reminderDates: string[]
}

export async function createReminders(
  context: AppContext,
  actor: Actor,
  canvasId: string,
  input: CreateRemindersInput,
) {
  const { db } = context.database
  const now = context.now()
  const dates = [...new Set(input.reminderDates)].map((raw) => {
    const date = new Date(raw)
    if (Number.isNaN(date.getTime()))
      throw new ValidationFailed(`Not a date: ${raw}`, { field: 'reminderDates' })
    if (date.getTime() <= now.getTime())
      throw new ValidationFailed('Reminder dates must be in the future.', { field: 'reminderDates' })
    return date
  })
  if (dates.length === 0)
    throw new ValidationFailed('Give at least one reminder date.', { field: 'reminderDates' })
  const emails = input.emails?.length ? normaliseEmails(input.emails) : []
  const userIds = [...new Set(input.userIds ?? [])]
  if (userIds.length + emails.length === 0)
    throw new ValidationFailed('Choose at least one person to remind.', { field: 'userIds' })
  if ((userIds.length + emails.length) * dates.length > MAX_REMINDERS)
    throw new ValidationFailed(`At most ${MAX_REMINDERS} reminders at once.`, { field: 'reminderDates' })

  const rows = await inTransaction(db, async (tx) => {
    const view = await loadCanvasForEdit(tx, actor, canvasId)
    const found = userIds.length
      ? await tx.select({ id: users.id }).from(users).where(inArray(users.id, userIds))
      : []
    if (found.length !== userIds.length) throw new NotFound('One of the people to remind does not exist.')
    const recipients = [
      ...userIds.map((id) => ({ recipientUserId: id, recipientEmail: null })),
      ...emails.map((email) => ({ recipientUserId: null, recipientEmail: email })),
    ]
    const values = dates.flatMap((reminderDate) =>
      recipients.map((recipient) => ({
        canvasId: view.canvas.id,
        userId: actor.user?.id ?? '',
        reminderDate,
        ...recipient,
      })),
    )
    return tx.insert(deadlineReminders).values(values).returning()
  })
  // Scheduled after commit: a job must never point at a reminder that was rolled back.
  for (const row of rows) {
    const jobId = await context.jobs.send(
      QUEUES.deadlineReminder,
      { reminderId: row.id },
      { startAfter: row.reminderDate, singletonKey: row.id },
    )
    await db.update(deadlineReminders).set({ jobId }).where(eq(deadlineReminders.id, row.id))
    row.jobId = jobId
  }
  return rows
}

export async function listReminders(db: DbOrTx, actor: Actor, canvasId: string): Promise<DeadlineReminder[]> {
  await loadCanvasForEdit(db, actor, canvasId)
  return db
    .select()
    .from(deadlineReminders)
    .where(eq(deadlineReminders.canvasId, canvasId))
    .orderBy(asc(deadlineReminders.reminderDate))
}

export async function cancelReminder(context: AppContext, actor: Actor, reminderId: string) {
  const { db } = context.database
  const [reminder] = await db.select().from(deadlineReminders).where(eq(deadlineReminders.id, reminderId))
  if (!reminder) throw new NotFound('Reminder not found.')
  await loadCanvasForEdit(db, actor, reminder.canvasId)
  const [updated] = await db
    .update(deadlineReminders)
    .set({ status: 'cancelled' })
    .where(and(eq(deadlineReminders.id, reminderId), eq(deadlineReminders.status, 'scheduled')))
    .returning()
  if (updated?.jobId) await context.jobs.cancel(QUEUES.deadlineReminder, updated.jobId).catch(() => {})
  return updated ?? reminder
}

/** Job handler: e-mails one reminder if it is still scheduled, then marks it sent. */
export async function sendReminder(context: AppContext, reminderId: string): Promise<void> {
  const { db } = context.database
  const [row] = await db
    .select({ reminder: deadlineReminders, canvas: canvases, recipientEmail: users.email })
    .from(deadlineReminders)
    .innerJoin(canvases, eq(canvases.id, deadlineReminders.canvasId))
    .leftJoin(users, eq(users.id, deadlineReminders.recipientUserId))
    .where(eq(deadlineReminders.id, reminderId))
  if (row?.reminder.status !== 'scheduled') return
  const to = row.reminder.recipientEmail ?? row.recipientEmail
  if (!to) {
    await db.update(deadlineReminders).set({ status: 'failed' }).where(eq(deadlineReminders.id, reminderId))
    return
  }
  const result = await context.mailer.send(
    reminderEmail({
      to,
      title: row.canvas.title,
      url: feedbackLink(context.config.publicUrl, row.canvas.subdomain),
      deadline: row.canvas.readOnlyDate,
    }),
  )
  // Thrown so pg-boss retries with backoff; the row stays scheduled until a send succeeds.
  if (result.delivered === 'failed') throw new Error(`reminder ${reminderId} not delivered`)
  await db
    .update(deadlineReminders)
    .set({ status: 'sent' })
    .where(and(eq(deadlineReminders.id, reminderId), eq(deadlineReminders.status, 'scheduled')))
  await recordEvent(db, { type: 'canvas.reminder-sent', canvasId: row.canvas.id, data: { reminderId } })
}

/** Schedules the job that records `canvas.paused` at the feedback deadline (no-op for a past or removed one). */
export async function scheduleCanvasDeadline(
  context: AppContext,
  canvas: Pick<Canvas, 'id' | 'readOnlyDate'>,
): Promise<void> {
  const at = canvas.readOnlyDate
  if (!at || at.getTime() <= context.now().getTime()) return
  await context.jobs.send(
    QUEUES.canvasDeadline,
    { canvasId: canvas.id, at: at.toISOString() },
    { startAfter: at, singletonKey: `${canvas.id}:${at.toISOString()}` },
  )
}

/** Job handler: the deadline came; a job for a deadline that was changed since does nothing. */
export async function reachCanvasDeadline(context: AppContext, canvasId: string, at: string): Promise<void> {
  const { db } = context.database
  const [canvas] = await db
    .select({ readOnlyDate: canvases.readOnlyDate })
    .from(canvases)
    .where(eq(canvases.id, canvasId))
  if (!canvas?.readOnlyDate || canvas.readOnlyDate.toISOString() !== at) return
  await recordEvent(db, { type: 'canvas.paused', canvasId, data: { readOnlyDate: at } })
}
