import { describe, expect, test } from 'bun:test'
import { inviteSuccessText, notificationText } from './notifications'

describe('notificationText', () => {
  test("the viewer's own actions", () => {
    expect(notificationText({ kind: 'reply', isSelf: true, actorName: 'Ada' })).toBe(
      'You replied to a comment',
    )
    expect(notificationText({ kind: 'comment', isSelf: true })).toBe('You left a comment')
    expect(notificationText({ kind: 'comment', isSelf: true, isPrivate: true })).toBe(
      'You left a private comment',
    )
    expect(notificationText({ kind: 'reply', isSelf: true, isPrivate: true })).toBe(
      'You replied to a comment',
    )
  })

  test("someone else's actions", () => {
    expect(notificationText({ kind: 'reply', isSelf: false, actorName: 'Ada' })).toBe(
      'Ada replied to a comment',
    )
    expect(notificationText({ kind: 'comment', isSelf: false, actorName: 'Ada' })).toBe(
      'Ada left a new comment',
    )
    expect(notificationText({ kind: 'comment', isSelf: false, actorName: 'Ada', isPrivate: true })).toBe(
      'Ada left a new comment',
    )
  })

  test('a missing name becomes Someone', () => {
    expect(notificationText({ kind: 'comment', isSelf: false, actorName: '  ' })).toBe(
      'Someone left a new comment',
    )
    expect(notificationText({ kind: 'reply', isSelf: false })).toBe('Someone replied to a comment')
  })
})

describe('inviteSuccessText', () => {
  test('lists the e-mails', () => {
    expect(inviteSuccessText(['a@x.com', 'b@y.com'])).toBe('Invite(s) sent to a@x.com, b@y.com')
    expect(inviteSuccessText(['a@x.com'])).toBe('Invite(s) sent to a@x.com')
    expect(inviteSuccessText([' a@x.com ', ''])).toBe('Invite(s) sent to a@x.com')
    expect(inviteSuccessText([])).toBe('Invite(s) sent')
  })
})
