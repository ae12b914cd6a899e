import { describe, expect, test } from 'bun:test'
import { commentHref, eventText, notificationFromEvent } from './event-text'

describe('notification texts', () => {
  const data = { subdomain: 'abc', annotationId: 'a1', actorId: 'u1', actorName: 'Ada' }
  test('own and others’ comments and replies (SPEC section 8)', () => {
    expect(eventText({ id: 1, type: 'notification.comment', data }, 'u1')).toBe('You left a comment')
    expect(eventText({ id: 1, type: 'notification.comment', data, isPrivate: true }, 'u1')).toBe(
      'You left a private comment',
    )
    expect(eventText({ id: 1, type: 'notification.reply', data }, 'u1')).toBe('You replied to a comment')
    expect(eventText({ id: 1, type: 'notification.reply', data }, 'u2')).toBe('Ada replied to a comment')
    expect(eventText({ id: 1, type: 'notification.comment', data }, 'u2')).toBe('Ada left a new comment')
  })

  test('other notifications use the server’s sentence', () => {
    expect(
      eventText({ id: 1, type: 'notification.mention', data: { text: 'Ada mentioned you' } }, 'u2'),
    ).toBe('Ada mentioned you')
    // A verdict in the owner's feed: the server's sentence, and a link to the revision it is about.
    const verdict = { text: 'Ada approved revision 2 of “Home”', subdomain: 'abc', revisionNumber: 2 }
    expect(eventText({ id: 2, type: 'notification.verdict', data: verdict }, 'u2')).toBe(
      'Ada approved revision 2 of “Home”',
    )
    expect(commentHref({ data: verdict })).toBe('/link/abc/v/2/')
  })

  test('a notification opens the comment', () => {
    expect(commentHref({ data: { subdomain: 'abc', annotationId: 'a1' } })).toBe('/link/abc/comment/a1/')
    expect(commentHref({ data: { subdomain: 'abc' } })).toBe('/link/abc/')
    expect(commentHref({ data: { subdomain: 'abc', revisionNumber: 2 } })).toBe('/link/abc/v/2/')
    expect(commentHref({ data: null })).toBeNull()
  })

  test('a real-time frame becomes a notification', () => {
    const frame = {
      id: 9,
      type: 'notification.reply',
      canvasId: 'c',
      annotationId: 'a',
      replyId: 'r',
      actorUserId: 'b',
      isPrivate: false,
      data: { subdomain: 's', actorName: 'Bo' },
      read: false,
      createdAt: '2026-01-01T00:00:00Z',
    }
    expect(notificationFromEvent(frame, 'me')).toEqual({
      text: 'Bo replied to a comment',
      href: '/link/s/comment/a/',
      eventId: '9',
      actor: { name: 'Bo' },
    })
  })
})
