/**
 * Sockets follow the session and the rights (decision 026). When the bus says a user's rights or a
 * canvas's sharing changed, each process re-checks its affected sockets with the same code as a new
 * connection and a new subscribe would run:
 *  - the socket's session or token no longer authenticates the same user (logout, password change that
 *    ended other sessions, rotated API token, impersonation stopped): the socket is closed (4001);
 *  - the user may no longer open a followed canvas: it is unsubscribed (`unsubscribed`, then `resync` so
 *    the client reloads over HTTP and learns it is gone);
 *  - the user may still open it but no longer see private comments: the team topic is dropped and
 *    `resync` tells the client to reload the list without them;
 *  - the user left the team whose dashboard hints the socket follows: `team.unsubscribed`.
 * Rights that grow take effect at the next subscribe (a reload); nothing is granted behind the user's back.
 */
import { NotFound } from '@pinpoint/domain'
import type { AppContext } from '../context'
import { viewCommentCanvas } from '../modules/annotations/canvas-access'
import { ANONYMOUS } from '../modules/auth/actor'
import { resolveActorAgain } from '../modules/auth/plugin'
import type { Connection } from './connection'
import { leaveCanvas, leaveTeam, mayFollowTeam } from './handlers'
import { CLOSE_SESSION_ENDED, type RealtimeHub } from './hub'
import { canvasLinkTopic, canvasMembersTopic, canvasTeamTopic } from './topics'

export async function recheckConnection(context: AppContext, hub: RealtimeHub, connection: Connection) {
  if (connection.closed) return
  const before = connection.actor
  const actor = connection.request ? await resolveActorAgain(context, connection.request) : ANONYMOUS
  if (before.user && (actor.user?.id !== before.user.id || actor.impersonatorId !== before.impersonatorId)) {
    hub.close(connection, CLOSE_SESSION_ENDED, 'Your session ended; please log in again.')
    return
  }
  connection.actor = actor
  // Left the team (or turned guest): the dashboard hints stop, and the client reloads its dashboard.
  const teamId = connection.teamId
  if (teamId && !mayFollowTeam(connection, teamId)) {
    leaveTeam(hub, connection)
    connection.send({ type: 'team.unsubscribed', teamId })
  }
  for (const [canvasId, hadPrivate] of [...connection.canvases]) {
    const view = await viewCommentCanvas({
      db: context.database.db,
      actor,
      canvasId,
      now: context.now(),
      request: connection.request,
      secret: context.config.sessionSecret,
    }).catch((error: unknown) => {
      if (error instanceof NotFound) return null
      throw error
    })
    if (connection.closed) return
    if (!view) {
      leaveCanvas(hub, connection, canvasId)
      await hub.leavePresence(connection, canvasId)
      connection.send({ type: 'unsubscribed', canvasId })
      connection.send({ type: 'resync', canvasId })
      continue
    }
    if (hadPrivate && !view.privateComments) {
      hub.unsubscribe(connection, canvasTeamTopic(canvasId))
      connection.canvases.set(canvasId, false)
      connection.send({ type: 'resync', canvasId })
    }
    // A former member sees presence as a link holder from now on (names only for members).
    if (!view.member && connection.topics.has(canvasMembersTopic(canvasId))) {
      hub.unsubscribe(connection, canvasMembersTopic(canvasId))
      hub.subscribe(connection, canvasLinkTopic(canvasId))
      connection.socket.send(hub.presenceFrame(canvasId, false))
    }
  }
}
