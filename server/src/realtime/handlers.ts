/**
 * What each client message does. Access is decided here, at subscribe time, by the same rules as the
 * HTTP calls (canvas-access): a socket joins `canvas:ID` only if its user may open the canvas, and
 * `canvas:ID:team` only if they may also see private comments.
 */
import { Forbidden, NotFound, NotLoggedIn, ValidationFailed } from '@pinpoint/domain'
import type { AppContext } from '../context'
import { viewCommentCanvas } from '../modules/annotations/canvas-access'
import type { Connection } from './connection'
import type { RealtimeHub } from './hub'
import type { Viewer } from './presence'
import type { ClientMessage } from './protocol'
import { latestCanvasEventId, replayCanvas, replayNotifications } from './replay'
import {
  canvasLinkTopic,
  canvasMembersTopic,
  canvasTeamTopic,
  canvasTopic,
  teamTopic,
  userTopic,
} from './topics'

/** Canvases one socket may follow at once (a review screen needs one; this bounds the work per socket). */
export const MAX_CANVASES_PER_CONNECTION = 20

interface HandlerInput {
  context: AppContext
  hub: RealtimeHub
  connection: Connection
  message: ClientMessage
}

function viewerOf(connection: Connection): Viewer {
  const user = connection.actor.user
  return user
    ? { userId: user.id, name: user.name, avatarUrl: user.avatarUrl }
    : { userId: null, name: 'Guest', avatarUrl: null }
}

export function leaveCanvas(hub: RealtimeHub, connection: Connection, canvasId: string): void {
  hub.unsubscribe(connection, canvasTopic(canvasId))
  hub.unsubscribe(connection, canvasTeamTopic(canvasId))
  hub.unsubscribe(connection, canvasMembersTopic(canvasId))
  hub.unsubscribe(connection, canvasLinkTopic(canvasId))
  connection.canvases.delete(canvasId)
}

async function subscribeCanvas(
  { context, hub, connection }: HandlerInput,
  canvasId: string,
  lastEventId?: number,
) {
  if (!connection.canvases.has(canvasId) && connection.canvases.size >= MAX_CANVASES_PER_CONNECTION) {
    throw new ValidationFailed(`A connection follows at most ${MAX_CANVASES_PER_CONNECTION} canvases.`)
  }
  const view = await viewCommentCanvas({
    db: context.database.db,
    actor: connection.actor,
    canvasId,
    now: context.now(),
    request: connection.request,
    secret: context.config.sessionSecret,
  })
  // A repeated subscribe starts over, so its replay is not doubled by the live topic.
  leaveCanvas(hub, connection, canvasId)
  const topics = view.privateComments
    ? [canvasTopic(canvasId), canvasTeamTopic(canvasId)]
    : [canvasTopic(canvasId)]
  let truncated = false
  let latest = lastEventId ?? 0
  const replayed = await hub.subscribeWithReplay(connection, topics, async () => {
    if (lastEventId === undefined) {
      latest = await latestCanvasEventId(context.database.db, canvasId, view.privateComments)
      return []
    }
    const result = await replayCanvas(context.database.db, canvasId, lastEventId, view.privateComments)
    truncated = result.truncated
    latest = result.rows.at(-1)?.id ?? lastEventId
    return result.rows
  })
  if (connection.closed) return
  connection.canvases.set(canvasId, view.privateComments)
  hub.subscribe(connection, view.member ? canvasMembersTopic(canvasId) : canvasLinkTopic(canvasId))
  if (truncated) connection.send({ type: 'resync', canvasId })
  // lastEventId: where this subscription starts; a client keeps the highest id it has seen since then.
  connection.send({
    type: 'subscribed',
    canvasId,
    private: view.privateComments,
    replayed,
    lastEventId: latest,
  })
  // Subscribing is looking at the canvas: the first presence refresh. The snapshot is sent directly because
  // a second tab of a user already present changes nothing, so no presence frame would follow.
  await hub.refreshPresence(connection, canvasId, viewerOf(connection))
  connection.socket.send(hub.presenceFrame(canvasId, view.member))
}

async function subscribeNotifications({ context, hub, connection }: HandlerInput, lastEventId?: number) {
  const user = connection.actor.user
  if (!user) throw new NotLoggedIn()
  const topic = userTopic(user.id)
  hub.unsubscribe(connection, topic)
  let truncated = false
  const replayed = await hub.subscribeWithReplay(connection, [topic], async () => {
    if (lastEventId === undefined) return []
    const result = await replayNotifications(context.database.db, user.id, lastEventId)
    truncated = result.truncated
    return result.rows
  })
  if (truncated) connection.send({ type: 'resync', canvasId: null })
  connection.send({ type: 'notifications.subscribed', replayed })
}

/** Whether the socket's user may follow the team's dashboard hints: a non-guest member of it. */
export function mayFollowTeam(connection: Connection, teamId: string): boolean {
  const user = connection.actor.user
  return Boolean(user && !user.isGuest && user.teamId === teamId)
}

export function leaveTeam(hub: RealtimeHub, connection: Connection): void {
  if (connection.teamId) hub.unsubscribe(connection, teamTopic(connection.teamId))
  connection.teamId = null
}

/**
 * Follows a team's dashboard hints (decision 054). Nothing is replayed: a client refetches its dashboard
 * after (re)subscribing instead. Guests, canvas-only invitees and other teams are refused alike.
 */
function subscribeTeam({ hub, connection }: HandlerInput, teamId: string) {
  if (!connection.actor.user) throw new NotLoggedIn()
  if (!mayFollowTeam(connection, teamId)) throw new Forbidden('Only members of this team can follow it.')
  if (connection.teamId !== teamId) leaveTeam(hub, connection)
  hub.subscribe(connection, teamTopic(teamId))
  connection.teamId = teamId
  connection.send({ type: 'team.subscribed', teamId })
}

export async function handleMessage(input: HandlerInput): Promise<void> {
  const { hub, connection, message } = input
  switch (message.type) {
    case 'subscribe':
      return subscribeCanvas(input, message.canvasId, message.lastEventId)
    case 'unsubscribe':
      leaveCanvas(hub, connection, message.canvasId)
      await hub.leavePresence(connection, message.canvasId)
      connection.send({ type: 'unsubscribed', canvasId: message.canvasId })
      return
    case 'presence.refresh':
      if (!connection.canvases.has(message.canvasId)) throw new NotFound('Subscribe to this canvas first.')
      return hub.refreshPresence(connection, message.canvasId, viewerOf(connection))
    case 'notifications.subscribe':
      return subscribeNotifications(input, message.lastEventId)
    case 'team.subscribe':
      return subscribeTeam(input, message.teamId)
    case 'team.unsubscribe':
      if (connection.teamId === message.teamId) leaveTeam(hub, connection)
      connection.send({ type: 'team.unsubscribed', teamId: message.teamId })
      return
    case 'ping':
      connection.send({ type: 'pong', id: message.id, at: input.context.now().toISOString() })
      return
  }
}
