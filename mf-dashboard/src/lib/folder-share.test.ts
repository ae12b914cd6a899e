import { describe, expect, test } from 'bun:test'
import { projectLink, shareChanges } from './folder-share'

describe('project share dialog', () => {
  test('the link is the public project page', () => {
    expect(projectLink('https://app.example', 'Ab3_x')).toBe('https://app.example/projects/Ab3_x')
  })

  test('the password is kept unless set or removed; an empty description is none', () => {
    const form = {
      visibility: 'anyone-with-link' as const,
      description: '  ',
      password: '',
      removePassword: false,
    }
    expect(shareChanges(form)).toEqual({ visibility: 'anyone-with-link', description: null })
    expect(shareChanges({ ...form, password: 'pw', description: 'Spring' })).toEqual({
      visibility: 'anyone-with-link',
      description: 'Spring',
      password: 'pw',
    })
    expect(shareChanges({ ...form, password: 'ignored', removePassword: true })).toMatchObject({
      password: null,
    })
  })
})
