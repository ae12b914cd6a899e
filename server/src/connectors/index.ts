/**
 * The connector of each task tool, built from the configuration: the operator's base URLs for the hosted
 * tools (each an environment variable, see README), and for Jira, whose address the user gives, a fetch
 * through the SSRF guard.
 */
import type { Config } from '../config'
import { guardedFetch } from '../platform/security/outbound'
import { createAsanaConnector } from './asana/connector'
import { createClickUpConnector } from './clickup/connector'
import type { FetchLike } from './http'
import { createJiraConnector } from './jira/connector'
import { createMondayConnector } from './monday/connector'
import { createTrelloConnector } from './trello/connector'
import { type Connector, TOOL_TYPES, type ToolType } from './types'

export { TOOL_TYPES, type ToolType } from './types'

export function isToolType(value: string): value is ToolType {
  return (TOOL_TYPES as readonly string[]).includes(value)
}

/** A fetch that gives up after the configured timeout (the operator's own tool URLs). */
function timedFetch(timeoutMs: number): FetchLike {
  return (url, init) => fetch(url, { ...init, signal: AbortSignal.timeout(timeoutMs) })
}

export function createConnector(type: ToolType, config: Config): Connector {
  const { integrations } = config
  const fetch = timedFetch(integrations.timeoutMs)
  switch (type) {
    case 'trello':
      return createTrelloConnector({
        baseUrl: integrations.trelloApiUrl,
        apiKey: integrations.trelloApiKey,
        fetch,
      })
    case 'monday':
      return createMondayConnector({ baseUrl: integrations.mondayApiUrl, fetch })
    case 'asana':
      return createAsanaConnector({ baseUrl: integrations.asanaApiUrl, fetch })
    case 'jira':
      return createJiraConnector({
        fetch: guardedFetch({ allowHosts: config.proxyAllowHosts, timeoutMs: integrations.timeoutMs }),
      })
    case 'clickup':
      return createClickUpConnector({ baseUrl: integrations.clickupApiUrl, fetch })
  }
}
