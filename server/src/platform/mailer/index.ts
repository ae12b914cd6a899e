/**
 * Outgoing e-mail. Every message is first written to the outbox table, then:
 * - with SMTP_URL, sent through nodemailer; the row records when it was sent or why it failed;
 * - without it, the row is the delivery: a developer reads it on the dev outbox page, tests read it too.
 *
 * A failed SMTP send is logged and recorded but does not fail the request that caused it: the invite or
 * reset exists and can be sent again, which is better than an error page after the work was done.
 */
import { type DatabaseHandle, outboxEmails } from '@pinpoint/db'
import { eq } from 'drizzle-orm'
import nodemailer from 'nodemailer'
import type { Config } from '../../config'
import type { Logger } from '../logger'

export interface MailMessage {
  to: string
  subject: string
  html: string
  text: string
  /** Template name (invite, password-reset, welcome, ...), for the outbox and tests. */
  kind: string
  replyTo?: string
}

export interface SendResult {
  id: string
  delivered: 'smtp' | 'outbox' | 'failed'
}

export interface Mailer {
  readonly transport: 'smtp' | 'outbox'
  send(message: MailMessage): Promise<SendResult>
}

export interface MailerOptions {
  config: Pick<Config, 'smtpUrl' | 'mailFrom'>
  database: DatabaseHandle
  logger: Logger
}

export function createMailer({ config, database, logger }: MailerOptions): Mailer {
  const { db } = database
  const transporter = config.smtpUrl ? nodemailer.createTransport(config.smtpUrl) : null

  return {
    transport: transporter ? 'smtp' : 'outbox',
    async send(message) {
      const [row] = await db
        .insert(outboxEmails)
        .values({
          to: message.to,
          from: config.mailFrom,
          subject: message.subject,
          html: message.html,
          text: message.text,
          kind: message.kind,
        })
        .returning({ id: outboxEmails.id })
      if (!row) throw new Error('writing the outbox row returned nothing')
      if (!transporter) return { id: row.id, delivered: 'outbox' }
      try {
        await transporter.sendMail({
          from: config.mailFrom,
          to: message.to,
          replyTo: message.replyTo,
          subject: message.subject,
          html: message.html,
          text: message.text,
        })
        await db.update(outboxEmails).set({ sentAt: new Date() }).where(eq(outboxEmails.id, row.id))
        return { id: row.id, delivered: 'smtp' }
      } catch (error) {
        const reason = error instanceof Error ? error.message : String(error)
        logger.error('e-mail not sent', { kind: message.kind, outboxId: row.id, error: reason })
        await db
          .update(outboxEmails)
          .set({ error: reason.slice(0, 1000) })
          .where(eq(outboxEmails.id, row.id))
        return { id: row.id, delivered: 'failed' }
      }
    },
  }
}
