/**
 * Mention e-mails of a comment whose screenshot is still on its way (decision 055). The comment is posted
 * at once and its picture follows; the e-mails wait a few seconds in a job so they can show it, then read
 * the comment again (its text, privacy and screenshot as they are now) and go out with or without it.
 */
import { annotations } from '@pinpoint/db'
import { eq } from 'drizzle-orm'
import type { AppContext } from '../../context'
import { QUEUES } from '../../jobs'
import { loadCanvasRecord } from '../canvases/access'
import { sendMentionEmails } from '../notifications/mention-email'
import { maySee } from '../notifications/plan'
import { loadKnownUsers, type MentionMail } from '../notifications/service'
import { mimeOf, screenshotKeyOf } from './paths'

/** Long enough for a capture that was still running when the comment was sent; short for an e-mail. */
export const SCREENSHOT_MAIL_WAIT_MS = 10_000

/** Holds the mails in a job; if the queue cannot take them, they go now (without the picture). */
export async function holdMentionEmails(context: AppContext, annotationId: string, mails: MentionMail[]) {
  const first = mails[0]
  if (!first) return
  try {
    await context.jobs.send(
      QUEUES.mentionMails,
      { annotationId, actorName: first.actorName, recipientIds: mails.map((mail) => mail.recipient.id) },
      { startAfter: new Date(Date.now() + SCREENSHOT_MAIL_WAIT_MS) },
    )
  } catch (error) {
    context.logger.warn('mention e-mails not held for the screenshot', { error: String(error) })
    await sendMentionEmails(context, mails)
  }
}

/** The job: each recipient is checked again (the comment may have turned private, e-mails off). */
export async function sendHeldMentionEmails(context: AppContext, data: Record<string, unknown>) {
  const { db } = context.database
  const annotationId = String(data.annotationId)
  const recipientIds = Array.isArray(data.recipientIds) ? data.recipientIds.map(String) : []
  const [annotation] = await db.select().from(annotations).where(eq(annotations.id, annotationId))
  if (!annotation) return
  const canvas = await loadCanvasRecord(db, annotation.canvasId)
  if (!canvas) return
  const screenshotKey = screenshotKeyOf(annotation.id, annotation.screenshotUrl)
  const mails: MentionMail[] = []
  for (const known of (await loadKnownUsers(db, canvas, recipientIds)).values()) {
    const recipient = known.user
    if (!recipient.emailOn || !maySee(known, canvas, annotation.isPrivate)) continue
    mails.push({
      recipient,
      actorName: String(data.actorName ?? ''),
      canvas,
      comment: { annotationId: annotation.id, isPrivate: annotation.isPrivate, comment: annotation.comment },
      screenshotKey,
      screenshotType: screenshotKey ? mimeOf(screenshotKey) : undefined,
    })
  }
  await sendMentionEmails(context, mails)
}
