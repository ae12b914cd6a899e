import { afterAll, describe, expect, test } from 'bun:test'
import { startAnalyticsSink } from '../../testing/analytics-sink'
import { silentLogger } from '../logger'
import { createAnalytics } from '.'

const sink = await startAnalyticsSink()
afterAll(() => sink.close())
const now = () => new Date('2026-11-24T12:00:00Z')

describe('analytics client', () => {
  test('off without a sink URL: nothing is queued or sent', async () => {
    const analytics = createAnalytics({ url: undefined, logger: silentLogger, now })
    expect(analytics.enabled).toBe(false)
    const before = sink.rawBodies().length
    analytics.track('canvas_created', { canvasId: 'c0' }, 'u0')
    await analytics.flush()
    expect(sink.rawBodies().length).toBe(before)
  })

  test('sends allowed properties in a batch with the user id and the write key', async () => {
    const analytics = createAnalytics({ url: sink.url, writeKey: 'wk_test', logger: silentLogger, now })
    analytics.track(
      'comment_created',
      { canvasId: 'c1', annotationId: 'a1', isReply: false, text: 'Launch is on Friday', email: 'x@y.z' },
      'u1',
    )
    analytics.track('plan_changed', { fromPlanId: 'free0', toPlanId: 'team49' }, 'u1')
    await analytics.flush()
    const sent = sink.events().filter((event) => event.userId === 'u1')
    expect(sent.map((event) => event.event)).toEqual(['comment_created', 'plan_changed'])
    expect(sent[0]?.properties).toEqual({ canvasId: 'c1', annotationId: 'a1', isReply: false })
    expect(sent[0]?.timestamp).toBe('2026-11-24T12:00:00.000Z')
    expect(sent[0]?.source).toBe('server')
    expect(sink.authorizations().at(-1)).toBe('Bearer wk_test')
    expect(sink.rawBodies().join('')).not.toContain('Launch is on Friday')
    expect(sink.rawBodies().join('')).not.toContain('x@y.z')
  })

  test('an unknown event is never sent', async () => {
    const analytics = createAnalytics({ url: sink.url, logger: silentLogger, now })
    const before = sink.rawBodies().length
    // @ts-expect-error: not an event name; callers in plain JS could still try
    analytics.track('comment_text', { text: 'hello' }, 'u2')
    await analytics.flush()
    expect(sink.rawBodies().length).toBe(before)
  })

  test('a full batch goes at once, in one request', async () => {
    const analytics = createAnalytics({ url: sink.url, logger: silentLogger, now, batchSize: 3 })
    const before = sink.rawBodies().length
    for (let i = 0; i < 3; i += 1) analytics.track('canvas_created', { canvasId: `b${i}` }, 'u3')
    await analytics.flush()
    expect(sink.rawBodies().length).toBe(before + 1)
    expect(sink.events().filter((event) => event.userId === 'u3')).toHaveLength(3)
  })

  test('an unreachable sink is logged, never thrown to the caller', async () => {
    const warnings: string[] = []
    const logger = { ...silentLogger, warn: (message: string) => warnings.push(message) }
    const analytics = createAnalytics({ url: 'http://127.0.0.1:9/events', logger, now })
    expect(() => analytics.track('canvas_created', { canvasId: 'c' }, null)).not.toThrow()
    await analytics.flush()
    expect(warnings).toEqual(['analytics sink unreachable'])
  })
})
