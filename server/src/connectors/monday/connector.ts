/**
 * monday.com, the board-and-group tool: one item per comment in the chosen board and group, the details as
 * the item's first update. GraphQL over fetch at MONDAY_API_URL (the maintained SDK wraps the same single
 * endpoint; going through our own fetch keeps one error mapping and the configurable URL), with the
 * personal token in `Authorization` and a pinned `API-Version`.
 */
import { htmlBody } from '../content'
import { createToolHttp, type FetchLike } from '../http'
import { type Connector, type ToolCredentials, ToolError } from '../types'

export const MONDAY_API_VERSION = '2025-04'

export interface MondayOptions {
  baseUrl: string
  fetch?: FetchLike
  sleep?: (ms: number) => Promise<void>
}

interface GraphQlAnswer<T> {
  data?: T
  errors?: { message: string; extensions?: { code?: string } }[]
  error_message?: string
}

export function createMondayConnector(options: MondayOptions): Connector {
  const call = createToolHttp({ label: 'monday.com', fetch: options.fetch, sleep: options.sleep })

  async function graphql<T>(
    credentials: ToolCredentials,
    query: string,
    variables: Record<string, unknown> = {},
  ) {
    const answer = await call<GraphQlAnswer<T>>({
      method: 'POST',
      url: options.baseUrl,
      headers: { authorization: credentials.token, 'api-version': MONDAY_API_VERSION },
      body: { query, variables },
    })
    // GraphQL refusals come with HTTP 200 and an errors list.
    const first = answer.errors?.[0]
    if (first) {
      const code = first.extensions?.code
      if (code === 'ComplexityException' || code === 'RATE_LIMIT_EXCEEDED') {
        throw new ToolError(
          'rate-limited',
          `monday.com is limiting how fast we may call it: ${first.message}`,
        )
      }
      throw new ToolError('rejected', `monday.com: ${first.message}`)
    }
    if (!answer.data) throw new ToolError('rejected', `monday.com: ${answer.error_message ?? 'no data'}`)
    return answer.data
  }

  return {
    type: 'monday',
    label: 'monday.com',
    fields: [
      { name: 'boardId', label: 'Board', dependsOn: [], sent: true },
      { name: 'groupId', label: 'Group', dependsOn: ['boardId'], sent: true },
    ],
    async verify(credentials) {
      const data = await graphql<{ me: { name: string; email?: string } }>(
        credentials,
        'query { me { name email } }',
      )
      return { accountName: data.me.name }
    },
    async choices(credentials, field, picked) {
      if (field === 'boardId') {
        const data = await graphql<{ boards: { id: string; name: string }[] }>(
          credentials,
          'query { boards(limit: 100, state: active) { id name } }',
        )
        return data.boards.map(({ id, name }) => ({ id, name }))
      }
      if (field === 'groupId' && picked.boardId) {
        const data = await graphql<{ boards: { groups: { id: string; title: string }[] }[] }>(
          credentials,
          'query ($board: [ID!]) { boards(ids: $board) { groups { id title } } }',
          { board: [picked.boardId] },
        )
        return (data.boards[0]?.groups ?? []).map(({ id, title }) => ({ id, name: title }))
      }
      return []
    },
    async createTask(credentials, destination, content) {
      if (!destination.boardId || !destination.groupId) {
        throw new ToolError('rejected', 'Choose a monday.com board and group.')
      }
      const created = await graphql<{ create_item: { id: string; url?: string } }>(
        credentials,
        'mutation ($board: ID!, $group: String!, $name: String!) { create_item(board_id: $board, group_id: $group, item_name: $name) { id url } }',
        { board: destination.boardId, group: destination.groupId, name: content.title },
      )
      await graphql(
        credentials,
        'mutation ($item: ID!, $body: String!) { create_update(item_id: $item, body: $body) { id } }',
        {
          item: created.create_item.id,
          body: htmlBody(content),
        },
      )
      return { id: created.create_item.id, url: created.create_item.url ?? null }
    },
  }
}
