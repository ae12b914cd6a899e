/**
 * Shared fixtures for the canvas, folder, asset, revision and upload tests: a test app, and browser-like
 * clients logged in as factory users (a session row + the session cookie, as a login would set).
 */

import { afterAll } from 'bun:test'
import type { User } from '@pinpoint/db'
import { buildTeam, buildUser } from '@pinpoint/db/testing'
import { createTestApp } from '../../testing/harness'
import { SESSION_COOKIE } from '../auth/cookies'
import { createSession } from '../auth/session'

/** The composed app (app.ts) on the run's test database; pg-boss, when a test started it, is stopped after. */
export async function createCanvasTestApp() {
  const setup = await createTestApp()
  // pg-boss (started lazily by reminder and deadline tests) must let go of the database before it is dropped.
  afterAll(() => setup.context.jobs.stop())
  return setup
}

type TestApp = Awaited<ReturnType<typeof createCanvasTestApp>>

export async function loggedIn(setup: TestApp, user: User) {
  const { token } = await createSession(setup.context.database.db, { userId: user.id, now: new Date() })
  const client = setup.client()
  client.cookies.set(SESSION_COOKIE, token)
  return client
}

/** A team (enterprise plan unless told otherwise) with its owner, an admin and a member, each logged in. */
export async function teamWithMembers(setup: TestApp, plan = 'enterprise35peruser') {
  const { db } = setup.context.database
  // A paid period running: a customer row without periodEnd counts as inactive (packages/domain).
  const { team, owner } = await buildTeam(db, {
    plan,
    customer: { periodEnd: new Date(Date.now() + 365 * 86_400_000) },
  })
  const admin = await buildUser(db, { teamId: team.id, role: 'admin' })
  const member = await buildUser(db, { teamId: team.id })
  return {
    team,
    owner,
    admin,
    member,
    ownerClient: await loggedIn(setup, owner),
    adminClient: await loggedIn(setup, admin),
    memberClient: await loggedIn(setup, member),
  }
}

export interface CanvasBody {
  canvas: {
    id: string
    subdomain: string
    FolderId: string | null
    title: string
    CanvasRevisionId: string
    [key: string]: unknown
  }
}

export interface ErrorBody {
  message: string
  error: string
  status: number
  meta: Record<string, unknown>
}

export function multipart(fields: Record<string, string | Blob | [Blob, string]>): FormData {
  const form = new FormData()
  for (const [name, value] of Object.entries(fields)) {
    if (Array.isArray(value)) form.append(name, value[0], value[1])
    else form.append(name, value)
  }
  return form
}

export function pathOf(url: string): string {
  const parsed = new URL(url)
  return parsed.pathname + parsed.search
}
