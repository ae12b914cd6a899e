/**
 * A fresh migrated PostgreSQL database holding one busy canvas: an enterprise team, 2,000 annotations
 * (each with a label, realistic text and metadata) and 6,000 replies (10 % private), for the comment and
 * real-time benchmarks.
 */
import {
  annotationLabels,
  annotationReplies,
  annotations,
  type DatabaseHandle,
  migrate,
  openDatabase,
  type User,
} from '@pinpoint/db'
import { buildCanvas, buildLabel, buildTeam, buildUser } from '@pinpoint/db/testing'
import postgres from 'postgres'
import { createSession } from '../server/src/modules/auth/session'

export interface CommentsFixture {
  databaseUrl: string
  handle: DatabaseHandle
  canvasId: string
  member: User
  guest: User
  /** A session cookie value for a user. */
  token(user: User): Promise<string>
  drop(): Promise<void>
}

const adminUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres'
const LOREM =
  'The spacing under the hero heading looks off on this breakpoint, and the call to action wraps onto two lines. '

export async function seedComments({
  annotationCount = 2000,
  repliesPer = 3,
} = {}): Promise<CommentsFixture> {
  const name = `pinpoint_bench_comments_${process.pid}_${Date.now().toString(36)}`
  const admin = postgres(adminUrl, { max: 1, onnotice: () => {} })
  await admin.unsafe(`create database ${name}`)
  const databaseUrl = adminUrl.replace(/\/[^/]*$/, `/${name}`)
  const handle = await openDatabase({ databaseUrl, maxConnections: 5 })
  await migrate(handle)
  const { db } = handle
  const periodEnd = new Date(Date.now() + 365 * 24 * 3600 * 1000)
  const team = await buildTeam(db, { plan: 'enterprise35peruser', customer: { periodEnd } })
  const member = await buildUser(db, { teamId: team.team.id })
  const guest = await buildUser(db, { isGuest: true })
  const { canvas } = await buildCanvas(db, { user: team.owner })
  const labels = await Promise.all(Array.from({ length: 5 }, () => buildLabel(db, { team: team.team })))
  const base = Date.now() - annotationCount * 1000
  for (let start = 0; start < annotationCount; start += 500) {
    const rows = await db
      .insert(annotations)
      .values(
        Array.from({ length: Math.min(500, annotationCount - start) }, (_, k) => {
          const i = start + k
          return {
            canvasId: canvas.id,
            canvasRevisionId: canvas.currentRevisionId,
            userId: i % 2 ? member.id : team.owner.id,
            userName: i % 2 ? member.name : team.owner.name,
            comment: `#${i} ${LOREM}`,
            path: `/page-${i % 20}`,
            status: ['active', 'in-progress', 'in-review', 'resolved'][i % 4] ?? 'active',
            metadata: {
              window: { width: 1440, height: 900 },
              anchor: { selector: `main > section:nth-child(${i % 9})` },
            },
            x: (i % 100) / 100,
            y: (i % 37) / 37,
            isPrivate: i % 10 === 0,
            createdAt: new Date(base + i * 1000),
          }
        }),
      )
      .returning({ id: annotations.id, userId: annotations.userId })
    await db
      .insert(annotationLabels)
      .values(rows.map((row, k) => ({ annotationId: row.id, labelId: labels[k % labels.length]?.id ?? '' })))
    if (repliesPer === 0) continue
    await db.insert(annotationReplies).values(
      rows.flatMap((row, k) =>
        Array.from({ length: repliesPer }, (_, r) => ({
          annotationId: row.id,
          userId: r % 2 ? team.owner.id : member.id,
          userName: r % 2 ? team.owner.name : member.name,
          comment: `Reply ${r} to ${k}: agreed, fixing it in the next revision.`,
          isPrivate: (k + r) % 10 === 0,
          createdAt: new Date(base + (start + k) * 1000 + r + 1),
        })),
      ),
    )
  }
  return {
    databaseUrl,
    handle,
    canvasId: canvas.id,
    member,
    guest,
    token: async (user) => (await createSession(db, { userId: user.id, now: new Date() })).token,
    async drop() {
      await handle.close()
      await admin.unsafe(`drop database if exists ${name} with (force)`)
      await admin.end()
    },
  }
}
