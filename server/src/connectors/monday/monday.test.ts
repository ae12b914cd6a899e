/** Contract of the monday.com connector against the fake: GraphQL bodies, auth header, 401, 429, errors. */
import { afterAll, describe, expect, test } from 'bun:test'
import { noSleep, sampleContent } from '../testing'
import type { ToolError } from '../types'
import { createMondayConnector, MONDAY_API_VERSION } from './connector'
import { MONDAY_FAKE, startFakeMonday } from './fake'

const fake = startFakeMonday()
afterAll(() => fake.stop())
const monday = createMondayConnector({ baseUrl: `${fake.url}/v2`, sleep: noSleep })
const credentials = { token: MONDAY_FAKE.token }

describe('monday.com connector', () => {
  test('verify asks for me with the token and API version headers', async () => {
    expect(await monday.verify(credentials)).toEqual({ accountName: 'Mo Monday' })
    const request = fake.last()
    expect(request.method).toBe('POST')
    expect(request.path).toBe('/v2')
    expect(request.headers.authorization).toBe(MONDAY_FAKE.token)
    expect(request.headers['api-version']).toBe(MONDAY_API_VERSION)
    expect(request.body).toEqual({ query: 'query { me { name email } }', variables: {} })
  })

  test('boards, then the groups of a board', async () => {
    expect(await monday.choices(credentials, 'boardId', {})).toEqual([{ id: '4001', name: 'Launch' }])
    expect(await monday.choices(credentials, 'groupId', { boardId: '4001' })).toEqual([
      { id: 'topics', name: 'Feedback' },
    ])
    expect((fake.last().body as { variables: unknown }).variables).toEqual({ board: ['4001'] })
  })

  test('an item in the group, then the details as its update', async () => {
    const before = fake.requests.length
    const task = await monday.createTask(credentials, { boardId: '4001', groupId: 'topics' }, sampleContent())
    const [item, update] = fake.requests
      .slice(before)
      .map((r) => r.body as { query: string; variables: Record<string, string> })
    expect(item?.query).toContain('create_item(board_id: $board, group_id: $group, item_name: $name)')
    expect(item?.variables).toEqual({ board: '4001', group: 'topics', name: 'The logo is blurry' })
    expect(update?.query).toContain('create_update(item_id: $item, body: $body)')
    expect(update?.variables.item).toBe(task.id)
    expect(update?.variables.body).toContain('<p>The logo is blurry<br>Please use the SVG, Ana.</p>')
    expect(update?.variables.body).toContain(
      '<a href="http://localhost:3000/link/abc123/comment/ann1/">http://localhost:3000/link/abc123/comment/ann1/</a>',
    )
    expect(update?.variables.body).toContain('<b>Device:</b> Desktop, window 1440×900')
    expect(task.url).toBe(`https://acme.monday.com/boards/4001/pulses/${task.id}`)
  })

  test("a GraphQL error in a 200 is the tool's message", async () => {
    const error = (await monday
      .createTask(credentials, { boardId: '4001', groupId: 'missing' }, sampleContent())
      .catch((e: unknown) => e)) as ToolError
    expect(error.kind).toBe('rejected')
    expect(error.message).toBe('monday.com: Group not found')
  })

  test('401 asks to reconnect; 429 is retried', async () => {
    const error = (await monday.verify({ token: 'nope' }).catch((e: unknown) => e)) as ToolError
    expect(error.kind).toBe('reconnect')
    expect(error.message).toContain('Not Authenticated')
    fake.failNext('rate-limit')
    const before = fake.requests.length
    expect(await monday.verify(credentials)).toEqual({ accountName: 'Mo Monday' })
    expect(fake.requests.length - before).toBe(2)
  })
})
