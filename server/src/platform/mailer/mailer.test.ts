/**
 * Real SMTP: an in-process smtp-server receives what the app sends through nodemailer, for the invite and
 * password-reset e-mails; plus the outbox fallback and the development outbox page.
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { outboxEmails } from '@pinpoint/db'
import { buildTeam, buildUser, DEFAULT_PASSWORD, uniqueEmail } from '@pinpoint/db/testing'
import { eq } from 'drizzle-orm'
import { SMTPServer } from 'smtp-server'
import { createTestApp, createTestContext } from '../../testing/harness'
import { createMailer } from './index'

interface Received {
  from: string
  to: string[]
  raw: string
}

const received: Received[] = []
const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS'],
  logger: false,
  onData(stream, session, callback) {
    const chunks: Buffer[] = []
    stream.on('data', (chunk: Buffer) => chunks.push(chunk))
    stream.on('end', () => {
      received.push({
        from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
        to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
        raw: Buffer.concat(chunks).toString('utf8'),
      })
      callback()
    })
  },
})

let port = 0
beforeAll(async () => {
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', () => resolve()))
  port = (smtp.server.address() as { port: number }).port
})
afterAll(async () => {
  await new Promise<void>((resolve) => smtp.close(() => resolve()))
})

/** Quoted-printable soft line breaks and escapes undone, so links can be searched in the raw message. */
function decodeQuotedPrintable(raw: string): string {
  return raw
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)))
}

async function smtpApp() {
  const base = await createTestContext()
  const config = {
    ...base.config,
    smtpUrl: `smtp://127.0.0.1:${port}`,
    mailFrom: 'Pinpoint <team@pinpoint.test>',
  }
  const mailer = createMailer({ config, database: base.database, logger: base.logger })
  return createTestApp({ config, mailer })
}

function waitFor(predicate: () => Received | undefined, ms = 5000): Promise<Received> {
  const started = Date.now()
  return new Promise((resolve, reject) => {
    const tick = () => {
      const found = predicate()
      if (found) return resolve(found)
      if (Date.now() - started > ms) return reject(new Error('no e-mail received'))
      setTimeout(tick, 20)
    }
    tick()
  })
}

describe('SMTP delivery', () => {
  test('an invite e-mail arrives over SMTP with the accept link, and the outbox row is marked sent', async () => {
    const { client, context } = await smtpApp()
    const { team, owner } = await buildTeam(context.database.db, { name: 'SMTP Team' })
    const browser = client()
    await browser.post('/api/v1/sessions', { email: owner.email, password: DEFAULT_PASSWORD })
    const invitee = uniqueEmail('smtp')
    const res = await browser.post<{ invites: { code: string }[] }>(`/api/v1/teams/${team.id}/invites`, {
      emails: [invitee],
    })
    expect(res.status).toBe(201)
    const mail = await waitFor(() => received.find((item) => item.to.includes(invitee)))
    expect(mail.from).toBe('team@pinpoint.test')
    const body = decodeQuotedPrintable(mail.raw)
    expect(body).toContain('Subject:')
    expect(body).toContain('SMTP Team')
    expect(body).toContain(`/signup?inviteCode=${res.body.invites[0]?.code}`)
    expect(body).toContain('Content-Type: text/plain')
    expect(body).toContain('Content-Type: text/html')
    const [row] = await context.database.db.select().from(outboxEmails).where(eq(outboxEmails.to, invitee))
    expect(row?.sentAt).not.toBeNull()
    expect(row?.error).toBeNull()
  })

  test('a password-reset e-mail arrives over SMTP and its link resets the password', async () => {
    const { client, context } = await smtpApp()
    const user = await buildUser(context.database.db)
    expect((await client().post('/api/v1/password-resets', { email: user.email })).status).toBe(200)
    const mail = await waitFor(() => received.find((item) => item.to.includes(user.email)))
    const token = /reset-password\?token=([A-Za-z0-9_-]+)/.exec(decodeQuotedPrintable(mail.raw))?.[1] ?? ''
    expect(token).not.toBe('')
    const done = await client().post('/api/v1/password-resets/complete', {
      token,
      newPassword: 'reset over smtp',
    })
    expect(done.status).toBe(200)
  })

  test('an unreachable SMTP server is recorded on the outbox row; the request still succeeds', async () => {
    const base = await createTestContext()
    const config = { ...base.config, smtpUrl: 'smtp://127.0.0.1:1' }
    const mailer = createMailer({ config, database: base.database, logger: base.logger })
    const to = uniqueEmail('down')
    const result = await mailer.send({ to, subject: 'Hi', html: '<p>Hi</p>', text: 'Hi', kind: 'test' })
    expect(result.delivered).toBe('failed')
    const [row] = await base.database.db.select().from(outboxEmails).where(eq(outboxEmails.to, to))
    expect(row?.error).toBeTruthy()
    expect(row?.sentAt).toBeNull()
  })
})

describe('outbox (no SMTP_URL)', () => {
  test('e-mails land in the outbox and the dev page lists and shows them', async () => {
    const { app, context } = await createTestApp()
    expect(context.mailer.transport).toBe('outbox')
    // Over a real socket from loopback: the page answers only this machine (DEV_OUTBOX, issue 21).
    const server = app.listen({ port: 0, hostname: '127.0.0.1' })
    const base = `http://127.0.0.1:${server.server?.port}`
    const get = async (path: string) => {
      const res = await fetch(`${base}${path}`)
      return { status: res.status, text: await res.text() }
    }
    const to = uniqueEmail('outbox')
    const { id } = await context.mailer.send({
      to,
      subject: 'Hello <there>',
      html: '<p>Body "quoted"</p>',
      text: 'Body',
      kind: 'test',
    })
    try {
      const list = await get('/api/v1/dev/outbox')
      expect(list.status).toBe(200)
      expect(list.text).toContain('Hello &lt;there&gt;')
      const one = await get(`/api/v1/dev/outbox/${id}`)
      expect(one.text).toContain('srcdoc="&lt;p&gt;Body &quot;quoted&quot;&lt;/p&gt;"')
    } finally {
      await server.stop()
    }
  })

  test('the dev page does not exist in production', async () => {
    const base = await createTestContext()
    const { client } = await createTestApp({ config: { ...base.config, isProduction: true } })
    expect((await client().get('/api/v1/dev/outbox')).status).toBe(404)
  })
})
