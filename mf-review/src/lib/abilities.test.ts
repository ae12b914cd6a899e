import { describe, expect, test } from 'bun:test'
import type { Canvas } from '../data/types'
import { abilitiesFor } from './abilities'

const canvas = (viewerRole: Canvas['viewerRole']): Canvas => ({
  id: 'c1',
  subdomain: 'abc',
  UserId: 'owner',
  type: 'design',
  title: 'T',
  viewerRole,
  state: { paused: false, feedbackDeadline: false, expired: false, readOnly: false, readOnlyReason: null },
})

const invited = { id: 'u1', isGuest: false, role: 'member', teamId: null, team: null, customer: null }

describe('an invited role on the review screen', () => {
  test('a viewer may not comment; a commenter and a link holder may', () => {
    expect(abilitiesFor(invited, canvas('viewer')).comment).toBe(false)
    expect(abilitiesFor(invited, canvas('commenter')).comment).toBe(true)
    expect(abilitiesFor(null, canvas(null)).comment).toBe(true)
  })
})
