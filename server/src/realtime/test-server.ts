/**
 * A listening server for the real-time tests: the composed app on the run's test database, on a free
 * loopback port, with session tokens for factory users and sockets that `stop()` closes before the server.
 */
import type { Db, User } from '@pinpoint/db'
import { buildTeam, buildUser } from '@pinpoint/db/testing'
import { createSession } from '../modules/auth/session'
import { createTestApp } from '../testing/harness'
import { type SocketOptions, TestSocket } from './test-socket'

type TestApp = Awaited<ReturnType<typeof createTestApp>>

/** A session token for `user`, the one a login would set as the cookie. */
export async function sessionTokenFor(db: Db, user: Pick<User, 'id'>): Promise<string> {
  return (await createSession(db, { userId: user.id, now: new Date() })).token
}

/** Opens a socket on `baseUrl` and keeps it in `sockets`, for the test to close them all at the end. */
export async function openKept(baseUrl: string, options: SocketOptions, sockets: TestSocket[]) {
  const socket = await TestSocket.open(baseUrl, options)
  sockets.push(socket)
  return socket
}

export interface SocketServer {
  context: TestApp['context']
  db: TestApp['context']['database']['db']
  baseUrl: string
  tokenFor(user: Pick<User, 'id'>): Promise<string>
  /** A socket as `user` (anonymous without one), waited for until ready. */
  open(user?: Pick<User, 'id'> | null): Promise<TestSocket>
  /** A socket with these credentials (a session token, a bearer token, an Origin). */
  openWith(options: SocketOptions): Promise<TestSocket>
  /** Closes every socket opened through `open`/`openWith`, then the server. */
  stop(): Promise<void>
}

export async function startSocketServer(): Promise<SocketServer> {
  const { app, context } = await createTestApp()
  const db = context.database.db
  const listening = app.listen({ port: 0, hostname: '127.0.0.1' })
  const baseUrl = `http://127.0.0.1:${listening.server?.port}`
  const sockets: TestSocket[] = []
  const tokenFor = (user: Pick<User, 'id'>) => sessionTokenFor(db, user)
  const openWith = (options: SocketOptions) => openKept(baseUrl, options, sockets)
  return {
    context,
    db,
    baseUrl,
    tokenFor,
    openWith,
    open: async (user) => openWith(user ? { sessionToken: await tokenFor(user) } : {}),
    async stop() {
      for (const socket of sockets) await socket.close()
      await listening.stop()
    },
  }
}

/**
 * The people most real-time tests need: an enterprise team's owner and member, and a guest. `paidUp` gives
 * the owner a customer paid for a year (writes through a server process need an active plan).
 */
export async function buildRealtimeCast(db: Db, { paidUp = false } = {}) {
  const customer = paidUp ? { periodEnd: new Date(Date.now() + 365 * 24 * 3600 * 1000) } : undefined
  const team = await buildTeam(db, { plan: 'enterprise35peruser', customer })
  const member = await buildUser(db, { teamId: team.team.id })
  const guest = await buildUser(db, { isGuest: true })
  return { owner: team.owner, teamId: team.team.id, member, guest }
}
