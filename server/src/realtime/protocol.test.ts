/** Client messages on the socket follow the HTTP edge's text rule: no NUL, no unpaired surrogate. */
import { describe, expect, test } from 'bun:test'
import { parseClientMessage } from './protocol'

describe('parseClientMessage', () => {
  test('refuses a NUL or a lone surrogate in an id, names the field, accepts a normal id', () => {
    const nul = parseClientMessage(JSON.stringify({ type: 'subscribe', canvasId: 'abc\u0000' }))
    expect(nul).toEqual({ ok: false, reason: expect.stringContaining('canvasId') })
    const surrogate = parseClientMessage({ type: 'presence.refresh', canvasId: 'a\ud800' })
    expect(surrogate.ok).toBe(false)
    expect(parseClientMessage({ type: 'subscribe', canvasId: 'abc123' })).toEqual({
      ok: true,
      message: { type: 'subscribe', canvasId: 'abc123' },
    })
  })
})
