/**
 * A fake monday.com GraphQL endpoint: answers the operations the connector sends (me, boards, groups,
 * create_item, create_update) by the operation's root field; 401 and 429 shaped as monday.com sends them.
 */
import { type FakeTool, startFakeTool } from '../fake-server'

export const MONDAY_FAKE = { token: 'fake-monday-token' }

export function startFakeMonday(port?: number): FakeTool {
  let next = 100
  return startFakeTool({
    port,
    authorized: (request) => request.headers.authorization === MONDAY_FAKE.token,
    unauthorized: { body: { errors: [{ message: 'Not Authenticated' }], status_code: 401 } },
    rateLimited: {
      body: {
        errors: [
          {
            message: 'Rate limit exceeded',
            extensions: { code: 'RATE_LIMIT_EXCEEDED', retry_in_seconds: 1 },
          },
        ],
      },
      headers: { 'retry-after': '1' },
    },
    routes: [
      {
        method: 'POST',
        path: '/v2',
        answer: (request) => {
          const { query, variables } = request.body as { query: string; variables: Record<string, unknown> }
          if (query.includes('me {'))
            return { body: { data: { me: { name: 'Mo Monday', email: 'mo@example.com' } } } }
          if (query.includes('groups')) {
            return { body: { data: { boards: [{ groups: [{ id: 'topics', title: 'Feedback' }] }] } } }
          }
          if (query.includes('boards('))
            return { body: { data: { boards: [{ id: '4001', name: 'Launch' }] } } }
          if (query.includes('create_item')) {
            if (variables.group === 'missing') {
              return {
                body: {
                  errors: [{ message: 'Group not found', extensions: { code: 'InvalidGroupIdException' } }],
                },
              }
            }
            const id = String(next++)
            return {
              body: {
                data: {
                  create_item: { id, url: `https://acme.monday.com/boards/${variables.board}/pulses/${id}` },
                },
              },
            }
          }
          if (query.includes('create_update'))
            return { body: { data: { create_update: { id: String(next++) } } } }
          return { status: 400, body: { errors: [{ message: 'Unknown query' }] } }
        },
      },
    ],
  })
}
