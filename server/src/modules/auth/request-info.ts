import type { Server } from 'bun'
import type { AppContext } from '../../context'
import type { Actor } from './actor'
import type { RequestInfo } from './session'

/** The caller's address and browser, and the session a login would replace. */
export function requestInfo(
  context: Pick<AppContext, 'clientIp'>,
  request: Request,
  server: Server<unknown> | null,
  actor?: Actor,
): RequestInfo {
  return {
    ip: context.clientIp(request, server),
    userAgent: request.headers.get('user-agent'),
    currentSessionId: actor?.sessionId,
  }
}
