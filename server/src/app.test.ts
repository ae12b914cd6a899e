import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { openDatabase } from '@pinpoint/db'
import { openPgliteForTest, testDatabase } from '@pinpoint/db/testing'
import { createApp } from './app'
import { createTestContext } from './testing/harness'
import { TestClient } from './testing/http'

type ErrorBody = { message: string; error: string; status: number; meta: Record<string, unknown> }

let client: TestClient

beforeAll(async () => {
  const context = await createTestContext()
  const app = createApp(context).get('/api/v1/__test/boom', () => {
    throw new Error('secret internal detail at /srv/app.ts:42')
  })
  client = new TestClient(app)
})

describe('error model', () => {
  test('an unknown API route answers the JSON NotFound', async () => {
    const res = await client.get<ErrorBody>('/api/v1/nope')
    expect(res.status).toBe(404)
    expect(res.headers.get('content-type')).toContain('application/json')
    expect(res.body).toEqual({ message: 'Not found.', error: 'NotFound', status: 404, meta: {} })
  })

  test('an unknown API route with another method is also JSON 404', async () => {
    const res = await client.request<ErrorBody>('DELETE', '/api/v1/nothing/here')
    expect(res.status).toBe(404)
    expect(res.body.error).toBe('NotFound')
  })

  test('malformed JSON to an unknown route answers the JSON 404 (the route decides first)', async () => {
    const res = await client.request<ErrorBody>('POST', '/api/v1/anything', {
      body: '{bad',
      headers: { 'content-type': 'application/json' },
    })
    expect(res.status).toBe(404)
    expect(res.body).toEqual({ message: 'Not found.', error: 'NotFound', status: 404, meta: {} })
  })

  test('malformed JSON to a real route answers a JSON 400', async () => {
    const res = await client.request<ErrorBody>('POST', '/api/v1/sessions', {
      body: '{bad',
      headers: { 'content-type': 'application/json' },
    })
    expect(res.status).toBe(400)
    expect(res.headers.get('content-type')).toContain('application/json')
    expect(res.body).toEqual({
      message: 'The request body is not valid JSON.',
      error: 'MalformedBody',
      status: 400,
      meta: {},
    })
  })

  test('a body that fails validation answers a JSON 422 naming the field', async () => {
    const res = await client.post<ErrorBody>('/api/v1/sessions', { email: 42 })
    expect(res.status).toBe(422)
    expect(res.body.error).toBe('ValidationFailed')
    expect(res.text).not.toContain('<html')
  })

  test('an unexpected error answers 500 JSON without internals', async () => {
    const res = await client.get<ErrorBody>('/api/v1/__test/boom')
    expect(res.status).toBe(500)
    expect(res.body.error).toBe('InternalError')
    expect(res.text).not.toContain('secret internal detail')
    expect(res.text).not.toContain('app.ts')
    expect(res.text).not.toContain('<html')
  })
})

describe('health', () => {
  test('answers 200 with the database kind and version', async () => {
    const res = await client.get<{ status: string; database: { kind: string; version: string } }>(
      '/api/v1/health',
    )
    expect(res.status).toBe(200)
    expect(res.body.status).toBe('ok')
    expect(['postgres', 'pglite']).toContain(res.body.database.kind)
    expect(res.body.database.version).toMatch(/\d+/)
  })

  test('answers 503 when the database is unreachable', async () => {
    // A private connection (never the run's shared handle), closed to simulate an outage.
    const { url, handle } = await testDatabase()
    const broken =
      handle.kind === 'postgres'
        ? await openDatabase({ databaseUrl: url })
        : (await openPgliteForTest()).handle
    const context = await createTestContext({ database: broken })
    await broken.close()
    const res = await new TestClient(createApp(context)).get<ErrorBody>('/api/v1/health')
    expect(res.status).toBe(503)
    expect(res.body.error).toBe('ServiceUnavailable')
  })
})

describe('openapi', () => {
  test('the OpenAPI document is served and lists the health route', async () => {
    const res = await client.get<{ openapi: string; paths: Record<string, unknown> }>('/api/v1/openapi/json')
    expect(res.status).toBe(200)
    expect(res.body.openapi).toMatch(/^3\./)
    expect(Object.keys(res.body.paths)).toContain('/api/v1/health/')
  })
})

afterAll(() => {})
