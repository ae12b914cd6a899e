import { describe, expect, test } from 'bun:test'
import {
  ANALYTICS_EVENT_NAMES,
  ANALYTICS_EVENTS,
  ANALYTICS_MAX_STRING,
  isClientAnalyticsEvent,
  isTourId,
  sanitizeAnalyticsEvent,
} from './analytics'

describe('analytics allow-list', () => {
  test('names the SPEC events: failed canvas creation, sign-up, canvas, comment, export, plan change', () => {
    expect(ANALYTICS_EVENT_NAMES.sort()).toEqual([
      'annotations_exported',
      'canvas_created',
      'canvas_creation_failed',
      'comment_created',
      'plan_changed',
      'signed_up',
    ])
  })

  test('no event may carry text, e-mail, name or free-form content', () => {
    const forbidden = /text|content|body|email|mail|name|html|url|title|description|password|token/i
    for (const [event, spec] of Object.entries(ANALYTICS_EVENTS)) {
      // planId/fromPlanId/toPlanId and landingPath/referrerHost are identifiers, not free text.
      for (const key of Object.keys(spec.props)) expect(`${event}.${key}`).not.toMatch(forbidden)
    }
  })

  test('drops properties that are not on the list, whatever the caller sends', () => {
    const event = sanitizeAnalyticsEvent('comment_created', {
      canvasId: 'c1',
      annotationId: 'a1',
      isReply: false,
      text: 'The secret launch date is Friday',
      content: '<p>secret</p>',
      email: 'someone@example.com',
      authorName: 'Ada',
    })
    expect(event).toEqual({
      name: 'comment_created',
      props: { canvasId: 'c1', annotationId: 'a1', isReply: false },
    })
  })

  test('drops values of the wrong kind (objects, arrays, NaN, numbers as strings)', () => {
    const event = sanitizeAnalyticsEvent('comment_created', {
      canvasId: { nested: 'x' },
      annotationId: ['a'],
      attachmentCount: Number.NaN,
      isPrivate: 'true',
    })
    expect(event?.props).toEqual({})
  })

  test('blanks e-mail addresses inside strings and cuts long strings', () => {
    const event = sanitizeAnalyticsEvent('canvas_creation_failed', {
      message: 'Could not invite ada.lovelace+x@example.co.uk, or bob@test.io.',
      status: 400,
    })
    expect(event?.props.message).toBe('Could not invite [email], or [email]')
    expect(event?.props.status).toBe(400)
    const long = sanitizeAnalyticsEvent('canvas_creation_failed', { message: 'x'.repeat(5000) })
    expect(String(long?.props.message).length).toBe(ANALYTICS_MAX_STRING)
  })

  test('an unknown event is refused', () => {
    expect(sanitizeAnalyticsEvent('comment_text', { text: 'hi' })).toBeNull()
    expect(sanitizeAnalyticsEvent('__proto__', {})).toBeNull()
    expect(sanitizeAnalyticsEvent('toString', {})).toBeNull()
  })

  test('browsers may report only client events', () => {
    expect(isClientAnalyticsEvent('canvas_creation_failed')).toBe(true)
    expect(isClientAnalyticsEvent('signed_up')).toBe(false)
    expect(isClientAnalyticsEvent('comment_created')).toBe(false)
    expect(isClientAnalyticsEvent('nope')).toBe(false)
  })
})

test('tour ids: the dashboard, the guest canvas and the canvas', () => {
  expect(isTourId('dashboard')).toBe(true)
  expect(isTourId('guest-canvas')).toBe(true)
  expect(isTourId('canvas')).toBe(true)
  expect(isTourId('billing')).toBe(false)
})
