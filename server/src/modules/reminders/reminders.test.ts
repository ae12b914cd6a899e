import { afterAll, describe, expect, test } from 'bun:test'
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { deadlineReminders } from '@pinpoint/db'
import { buildUser } from '@pinpoint/db/testing'
import { eq } from 'drizzle-orm'
import { SMTPServer } from 'smtp-server'
import { SESSION_COOKIE } from '../auth/cookies'
import { createSession } from '../auth/session'
import { type CanvasBody, createCanvasTestApp, type ErrorBody, teamWithMembers } from '../canvases/testing'
import { freePort, type ServerProcess, spawnServer } from '../uploads/spawn-server'

const setup = await createCanvasTestApp()
const { db } = setup.context.database
const { config } = setup.context

interface ReminderJson {
  id: string
  status: string
  reminderDate: string
  recipientUserId: string | null
  recipientEmail: string | null
}

describe('deadline reminders API', () => {
  test('creates one reminder per recipient and date, lists them, cancels one', async () => {
    const { ownerClient, member } = await teamWithMembers(setup)
    const { canvas } = (
      await ownerClient.post<CanvasBody>('/api/v1/canvases', { type: 'design', title: 'R' })
    ).body
    const dates = [
      new Date(Date.now() + 86_400_000).toISOString(),
      new Date(Date.now() + 2 * 86_400_000).toISOString(),
    ]
    const created = await ownerClient.post<{ deadlineReminders: ReminderJson[] }>(
      `/api/v1/canvases/${canvas.id}/deadline-reminders`,
      {
        userIds: [member.id],
        emails: ['Client@Example.test'],
        reminderDates: dates,
      },
    )
    expect(created.status).toBe(200)
    expect(created.body.deadlineReminders).toHaveLength(4)
    expect(created.body.deadlineReminders.map((r) => r.recipientEmail).filter(Boolean)).toEqual([
      'client@example.test',
      'client@example.test',
    ])
    const [row] = await db
      .select()
      .from(deadlineReminders)
      .where(eq(deadlineReminders.id, created.body.deadlineReminders[0]?.id ?? ''))
    expect(row?.jobId).toBeString()
    const list = await ownerClient.get<{ deadlineReminders: ReminderJson[] }>(
      `/api/v1/canvases/${canvas.id}/deadline-reminders`,
    )
    expect(list.body.deadlineReminders).toHaveLength(4)
    const cancelled = await ownerClient.delete<{ deadlineReminder: ReminderJson }>(
      `/api/v1/deadline-reminders/${created.body.deadlineReminders[0]?.id}`,
    )
    expect(cancelled.body.deadlineReminder.status).toBe('cancelled')
    const detail = (await ownerClient.get<CanvasBody>(`/api/v1/canvases/${canvas.id}`)).body.canvas
    expect(detail.CanvasDeadlineReminders as ReminderJson[]).toHaveLength(4)
  })

  test('validates dates and recipients; only editors; another team gets NotFound', async () => {
    const { ownerClient, memberClient } = await teamWithMembers(setup)
    const { canvas } = (
      await ownerClient.post<CanvasBody>('/api/v1/canvases', {
        type: 'design',
        title: 'R',
        visibility: 'only-team',
      })
    ).body
    const url = `/api/v1/canvases/${canvas.id}/deadline-reminders`
    const future = [new Date(Date.now() + 86_400_000).toISOString()]
    expect(
      (
        await ownerClient.post<ErrorBody>(url, {
          emails: ['a@example.test'],
          reminderDates: [new Date(Date.now() - 1000).toISOString()],
        })
      ).status,
    ).toBe(422)
    expect((await ownerClient.post<ErrorBody>(url, { reminderDates: future })).status).toBe(422)
    expect(
      (await ownerClient.post<ErrorBody>(url, { userIds: ['nobody'], reminderDates: future })).status,
    ).toBe(404)
    expect((await memberClient.post(url, { emails: ['a@example.test'], reminderDates: future })).status).toBe(
      403,
    )
    const other = await teamWithMembers(setup)
    expect((await other.ownerClient.get(url)).status).toBe(404)
    expect((await other.ownerClient.delete('/api/v1/deadline-reminders/nope')).status).toBe(404)
  })
})

describe('deadline reminders are e-mailed once', () => {
  const received: { to: string[]; data: string }[] = []
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      let data = ''
      stream.on('data', (chunk: Buffer) => {
        data += chunk.toString('utf8')
      })
      stream.on('end', () => {
        received.push({ to: session.envelope.rcptTo.map((r) => r.address), data })
        callback()
      })
    },
  })
  const servers: ServerProcess[] = []
  afterAll(async () => {
    await Promise.all(servers.map((server) => server.stop()))
    await new Promise<void>((resolve) => smtp.close(() => resolve()))
  })

  test('two server processes on one database: each reminder is sent exactly once, at its date', async () => {
    if (!config.databaseUrl) return // PGlite fallback: no second process can share the database
    const smtpPort = await freePort()
    await new Promise<void>((resolve) => smtp.listen(smtpPort, '127.0.0.1', () => resolve()))
    const env = {
      DATABASE_URL: config.databaseUrl,
      SESSION_SECRET: config.sessionSecret,
      SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
    }
    servers.push(
      ...(await Promise.all(
        [1, 2].map(() =>
          spawnServer({
            rootDir: config.rootDir,
            env: { ...env, DATA_DIR: mkdtempSync(join(tmpdir(), 'pinpoint-rem-')) },
          }),
        ),
      )),
    )
    const { owner } = await teamWithMembers(setup)
    const recipient = await buildUser(db)
    const { token } = await createSession(db, { userId: owner.id, now: new Date() })
    const first = servers[0]?.url ?? ''
    // Same-origin as the child's PUBLIC_URL (http://localhost:PORT), or its CSRF check refuses the call.
    const headers = {
      cookie: `${SESSION_COOKIE}=${token}`,
      'content-type': 'application/json',
      origin: first.replace('127.0.0.1', 'localhost'),
    }
    const created = await fetch(`${first}/api/v1/canvases`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ type: 'design', title: 'Due soon' }),
    })
    const canvas = (await created.json()) as CanvasBody
    expect(created.status).toBe(200)
    const dueAt = Date.now() + 3000
    const res = await fetch(`${first}/api/v1/canvases/${canvas.canvas.id}/deadline-reminders`, {
      method: 'POST',
      headers,
      body: JSON.stringify({
        userIds: [recipient.id],
        emails: ['outside@example.test'],
        reminderDates: [new Date(dueAt).toISOString()],
      }),
    })
    expect(res.status).toBe(200)
    const mine = () => received.filter((message) => message.data.includes('Due soon'))
    const deadline = Date.now() + 20_000
    while (mine().length < 2 && Date.now() < deadline) await Bun.sleep(200)
    expect(Date.now()).toBeGreaterThanOrEqual(dueAt)
    await Bun.sleep(4000) // both processes poll every 2 s: a duplicate would have arrived by now
    expect(
      mine()
        .flatMap((message) => message.to)
        .sort(),
    ).toEqual([recipient.email, 'outside@example.test'].sort())
    const rows = await db
      .select()
      .from(deadlineReminders)
      .where(eq(deadlineReminders.canvasId, canvas.canvas.id))
    expect(rows.map((row) => row.status)).toEqual(['sent', 'sent'])
  }, 60_000)
})
