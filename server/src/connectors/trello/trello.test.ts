/** Contract of the Trello connector against the fake Trello: exact requests, 401 → reconnect, 429 → retried. */
import { afterAll, describe, expect, test } from 'bun:test'
import { noSleep, sampleContent } from '../testing'
import { ToolError } from '../types'
import { createTrelloConnector } from './connector'
import { startFakeTrello, TRELLO_FAKE } from './fake'

const fake = startFakeTrello()
afterAll(() => fake.stop())
const trello = createTrelloConnector({ baseUrl: fake.url, apiKey: TRELLO_FAKE.apiKey, sleep: noSleep })
const credentials = { token: TRELLO_FAKE.token }
const auth = `OAuth oauth_consumer_key="${TRELLO_FAKE.apiKey}", oauth_token="${TRELLO_FAKE.token}"`

describe('Trello connector', () => {
  test('verify reads the member behind the token', async () => {
    expect(await trello.verify(credentials)).toEqual({ accountName: 'Ana Trello' })
    const request = fake.last()
    expect(request.method).toBe('GET')
    expect(request.path).toBe('/1/members/me')
    expect(request.headers.authorization).toBe(auth)
  })

  test('boards, then the lists of the picked board', async () => {
    expect(await trello.choices(credentials, 'boardId', {})).toEqual([
      { id: 'board1', name: 'Website relaunch' },
    ])
    expect(await trello.choices(credentials, 'listId', { boardId: 'board1' })).toEqual([
      { id: 'board1-todo', name: 'To do' },
      { id: 'board1-done', name: 'Done' },
    ])
    expect(fake.last().path).toBe('/1/boards/board1/lists')
  })

  test('a card in the list, then the link back and each file as attachments', async () => {
    const before = fake.requests.length
    const task = await trello.createTask(credentials, { listId: 'board1-todo' }, sampleContent())
    const sent = fake.requests.slice(before)
    expect(sent.map((r) => `${r.method} ${r.path}`)).toEqual([
      'POST /1/cards',
      `POST /1/cards/${task.id}/attachments`,
      `POST /1/cards/${task.id}/attachments`,
    ])
    expect(sent.every((r) => r.headers.authorization === auth)).toBe(true)
    const card = sent[0]?.body as Record<string, string>
    expect(card.idList).toBe('board1-todo')
    expect(card.name).toBe('The logo is blurry')
    expect(card.pos).toBe('bottom')
    expect(card.desc).toStartWith('The logo is blurry\nPlease use the SVG, Ana.\n\n')
    for (const fact of [
      '[http://localhost:3000/link/abc123/comment/ann1/](http://localhost:3000/link/abc123/comment/ann1/)',
      '**Where:** Page /pricing',
      '**Device:** Desktop, window 1440×900',
      '**Labels:** Design, Urgent',
      '**Status:** active',
      '**Assignee:** Ana Designer',
      '[http://localhost:3000/files/shot.png]',
    ]) {
      expect(card.desc).toContain(fact)
    }
    expect(sent[1]?.body).toEqual({
      name: 'Comment in Pinpoint',
      url: 'http://localhost:3000/link/abc123/comment/ann1/',
    })
    expect(sent[2]?.body).toEqual({ name: 'Screenshot', url: 'http://localhost:3000/files/shot.png' })
    expect(task.url).toBe(`https://trello.com/c/${task.id}`)
  })

  test("401 asks to reconnect, with Trello's words", async () => {
    const error = await trello.verify({ token: 'revoked' }).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(ToolError)
    expect((error as ToolError).kind).toBe('reconnect')
    expect((error as ToolError).message).toContain('invalid token')
    expect((error as ToolError).message).toContain('reconnect Trello')
  })

  test('429 is waited out and the same request sent again', async () => {
    fake.failNext('rate-limit')
    const before = fake.requests.length
    await trello.createTask(credentials, { listId: 'board1-todo' }, sampleContent({ files: [] }))
    const sent = fake.requests.slice(before).map((r) => `${r.method} ${r.path}`)
    expect(sent.slice(0, 2)).toEqual(['POST /1/cards', 'POST /1/cards'])
  })

  test('a 429 that lasts is reported rate-limited with the wait', async () => {
    fake.failNext('rate-limit', 3)
    const error = (await trello.verify(credentials).catch((e: unknown) => e)) as ToolError
    expect(error.kind).toBe('rate-limited')
    expect(error.retryAfterMs).toBe(1000)
  })

  test('no list, no call', async () => {
    const before = fake.requests.length
    await expect(trello.createTask(credentials, {}, sampleContent())).rejects.toThrow('Choose a Trello list.')
    expect(fake.requests.length).toBe(before)
  })
})
