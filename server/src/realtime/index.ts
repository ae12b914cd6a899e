/**
 * `GET /api/v1/realtime` (WebSocket). Authenticated like every call (session cookie or `Authorization:
 * Bearer` API token; anonymous feedback-link viewers may connect too). See protocol.ts for the messages
 * and docs/decisions for the design. The hub of a context is created once and started when the server
 * listens (the bus needs a listening process to be useful).
 */
import { Forbidden } from '@pinpoint/domain'
import { Elysia } from 'elysia'
import type { AppContext } from '../context'
import { mapError } from '../errors'
import { authPlugin } from '../modules/auth/plugin'
import { recheckConnection } from './access'
import { Connection, type RealtimeSocket } from './connection'
import { handleMessage } from './handlers'
import { RealtimeHub } from './hub'
import { parseClientMessage } from './protocol'
import { userTopic } from './topics'

const hubs = new WeakMap<AppContext, RealtimeHub>()
const seeds = new WeakMap<AppContext, number>()

/** The hub of a context (one per process in production; tests reach it to sweep presence). */
export function realtimeHub(context: AppContext): RealtimeHub {
  let hub = hubs.get(context)
  if (!hub) {
    hub = new RealtimeHub({
      database: context.database,
      bus: context.bus,
      logger: context.logger,
      now: context.now,
      recheck: (connection) => recheckConnection(context, realtimeHub(context), connection),
    })
    hubs.set(context, hub)
  }
  return hub
}

/** Browsers always send Origin on a WebSocket handshake; a foreign one is cross-site socket hijacking. */
function assertSameOrigin(context: AppContext, request: Request): void {
  const origin = request.headers.get('origin')
  if (!origin) return
  const allowed = new Set([new URL(context.config.publicUrl).origin, new URL(request.url).origin])
  if (!allowed.has(origin)) throw new Forbidden('This origin may not open the real-time channel.')
}

export function realtimeModule(context: AppContext) {
  const hub = realtimeHub(context)
  // Elysia deduplicates plugins by name + seed: one seed per context keeps two test apps apart.
  const seed = seeds.get(context) ?? seeds.set(context, Math.random()).get(context)
  const connections = new WeakMap<object, Connection>()
  return new Elysia({ name: 'realtime', seed })
    .use(authPlugin(context))
    .onStart(async ({ server }) => {
      if (server) await hub.start(server)
    })
    .onStop(async () => {
      await hub.stop()
    })
    .ws('/realtime', {
      beforeHandle({ request }) {
        assertSameOrigin(context, request)
      },
      open(ws) {
        const connection = new Connection(ws.raw as RealtimeSocket, ws.data.actor, ws.data.request)
        connections.set(ws.raw, connection)
        hub.connect(connection)
        // Ready (and live on the user's own topic) once the bus listens: a socket opened while the process
        // was still starting would otherwise be told it follows what nobody hears yet.
        void hub.whenListening().then(() => {
          if (connection.closed) return
          connection.send({
            type: 'ready',
            connectionId: connection.id,
            userId: connection.actor.user?.id ?? null,
          })
          if (connection.actor.user) hub.subscribe(connection, userTopic(connection.actor.user.id))
        })
      },
      message(ws, raw) {
        const connection = connections.get(ws.raw)
        if (!connection) return
        if (!connection.withinRate(Date.now())) {
          connection.send({
            type: 'error',
            error: 'TooManyRequests',
            message: 'Too many messages; slow down.',
            status: 429,
          })
          return
        }
        const parsed = parseClientMessage(raw)
        if (!parsed.ok) {
          connection.send({ type: 'error', error: 'ValidationFailed', message: parsed.reason, status: 422 })
          return
        }
        const message = parsed.message
        connection.enqueue(async () => {
          try {
            await handleMessage({ context, hub, connection, message })
          } catch (error) {
            const body = mapError(undefined, error)
            if (body.status >= 500) context.logger.error('realtime message failed', { error: String(error) })
            const canvasId = 'canvasId' in message ? message.canvasId : undefined
            connection.send({
              type: 'error',
              error: body.error,
              message: body.message,
              status: body.status,
              canvasId,
            })
          }
        })
      },
      close(ws) {
        const connection = connections.get(ws.raw)
        if (!connection) return
        connections.delete(ws.raw)
        hub.disconnect(connection)
      },
    })
}
