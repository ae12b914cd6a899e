/**
 * Trello, the card-board tool: one card per comment in the chosen list, the comment's files and link as
 * card attachments. Plain REST (Trello has no maintained JS client); auth is the documented OAuth header
 * with the server's API key (TRELLO_API_KEY) and the user's token. Base URL: TRELLO_API_URL.
 */
import { markdownBody } from '../content'
import { createToolHttp, type FetchLike } from '../http'
import type { Connector, ToolCredentials } from '../types'
import { ToolError } from '../types'

export interface TrelloOptions {
  baseUrl: string
  apiKey: string
  fetch?: FetchLike
  sleep?: (ms: number) => Promise<void>
}

interface TrelloCard {
  id: string
  shortUrl?: string
  url?: string
}

export function createTrelloConnector(options: TrelloOptions): Connector {
  const call = createToolHttp({ label: 'Trello', fetch: options.fetch, sleep: options.sleep })
  const base = options.baseUrl.replace(/\/$/, '')
  const auth = (credentials: ToolCredentials) => ({
    authorization: `OAuth oauth_consumer_key="${options.apiKey}", oauth_token="${credentials.token}"`,
  })
  const get = <T>(credentials: ToolCredentials, path: string) =>
    call<T>({ url: `${base}${path}`, headers: auth(credentials) })

  return {
    type: 'trello',
    label: 'Trello',
    fields: [
      { name: 'boardId', label: 'Board', dependsOn: [], sent: false },
      { name: 'listId', label: 'List', dependsOn: ['boardId'], sent: true },
    ],
    async verify(credentials) {
      const me = await get<{ fullName?: string; username?: string }>(
        credentials,
        '/1/members/me?fields=fullName,username',
      )
      return { accountName: me.fullName || me.username || 'Trello account' }
    },
    async choices(credentials, field, picked) {
      if (field === 'boardId') {
        const boards = await get<{ id: string; name: string }[]>(
          credentials,
          '/1/members/me/boards?filter=open&fields=name',
        )
        return boards.map(({ id, name }) => ({ id, name }))
      }
      if (field === 'listId' && picked.boardId) {
        const lists = await get<{ id: string; name: string }[]>(
          credentials,
          `/1/boards/${encodeURIComponent(picked.boardId)}/lists?filter=open&fields=name`,
        )
        return lists.map(({ id, name }) => ({ id, name }))
      }
      return []
    },
    async createTask(credentials, destination, content) {
      if (!destination.listId) throw new ToolError('rejected', 'Choose a Trello list.')
      const card = await call<TrelloCard>({
        method: 'POST',
        url: `${base}/1/cards`,
        headers: auth(credentials),
        body: { idList: destination.listId, name: content.title, desc: markdownBody(content), pos: 'bottom' },
      })
      const links = [{ name: 'Comment in Pinpoint', url: content.link }, ...content.files]
      for (const link of links) {
        await call({
          method: 'POST',
          url: `${base}/1/cards/${card.id}/attachments`,
          headers: auth(credentials),
          body: { name: link.name, url: link.url },
        })
      }
      return { id: card.id, url: card.shortUrl ?? card.url ?? null }
    },
  }
}
