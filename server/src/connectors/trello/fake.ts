/** A fake Trello API: members/me, boards, lists, cards and attachments; its 401 and 429 as Trello sends them. */
import { type FakeTool, type RecordedRequest, startFakeTool } from '../fake-server'

export const TRELLO_FAKE = { apiKey: 'fake-trello-key', token: 'fake-trello-token' }

export function startFakeTrello(port?: number): FakeTool {
  let next = 1
  const expected = `OAuth oauth_consumer_key="${TRELLO_FAKE.apiKey}", oauth_token="${TRELLO_FAKE.token}"`
  return startFakeTool({
    port,
    authorized: (request: RecordedRequest) => request.headers.authorization === expected,
    // Trello answers a bad token with plain text.
    unauthorized: { body: 'invalid token', headers: { 'content-type': 'text/plain' } },
    rateLimited: {
      body: { error: 'API_TOKEN_LIMIT_EXCEEDED', message: 'Rate limit exceeded' },
      headers: { 'retry-after': '1' },
    },
    routes: [
      {
        method: 'GET',
        path: '/1/members/me',
        answer: () => ({ body: { id: 'm1', fullName: 'Ana Trello', username: 'ana' } }),
      },
      {
        method: 'GET',
        path: '/1/members/me/boards',
        answer: () => ({ body: [{ id: 'board1', name: 'Website relaunch' }] }),
      },
      {
        method: 'GET',
        path: '/1/boards/:id/lists',
        answer: (_r, { id }) => ({
          body: [
            { id: `${id}-todo`, name: 'To do' },
            { id: `${id}-done`, name: 'Done' },
          ],
        }),
      },
      {
        method: 'POST',
        path: '/1/cards',
        answer: () => {
          const id = `card${next++}`
          return { body: { id, shortUrl: `https://trello.com/c/${id}` } }
        },
      },
      {
        method: 'POST',
        path: '/1/cards/:id/attachments',
        answer: (request) => ({ body: { id: `att${next++}`, url: (request.body as { url: string }).url } }),
      },
    ],
  })
}
