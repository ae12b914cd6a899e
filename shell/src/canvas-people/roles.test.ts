import { describe, expect, test } from 'bun:test'
import type { CanvasPerson } from '@pinpoint/api'
import { fixedAccessLabel, parseInviteeEmail, roleOptions, sortPeople } from './roles'

const person = (name: string, role: CanvasPerson['role']): CanvasPerson => ({
  id: name,
  name,
  email: null,
  avatarUrl: null,
  role,
})

describe('canvas people', () => {
  test('owner first, then the team, then invited people by name', () => {
    const sorted = sortPeople([
      person('zed', 'commenter'),
      person('Bob', 'team'),
      person('amy', 'viewer'),
      person('Owen', 'owner'),
    ])
    expect(sorted.map((p) => p.name)).toEqual(['Owen', 'Bob', 'amy', 'zed'])
  })

  test('an editor set through the API stays selectable beside the offered roles', () => {
    expect(roleOptions('viewer').map((r) => r.value)).toEqual(['viewer', 'commenter'])
    expect(roleOptions('editor').map((r) => r.value)).toEqual(['viewer', 'commenter', 'editor'])
    expect(roleOptions('editor').at(-1)?.label).toBe('Editor')
  })

  test('the owner and the team have fixed access', () => {
    expect(fixedAccessLabel('owner')).toBe('Owner')
    expect(fixedAccessLabel('team')).toBe('Team')
    expect(fixedAccessLabel('viewer')).toBeNull()
  })

  test('the e-mail to add is checked before it is sent', () => {
    expect(parseInviteeEmail('  Ada@Example.test ')).toEqual({ email: 'ada@example.test' })
    expect(parseInviteeEmail('')).toEqual({ error: 'Enter an e-mail address.' })
    expect(parseInviteeEmail('ada')).toEqual({ error: '“ada” is not a valid e-mail address.' })
  })
})
