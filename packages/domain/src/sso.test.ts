import { expect, test } from 'bun:test'
import { isSsoFailure, SSO_FAILURE_MESSAGES } from './sso'

test('an SSO failure reason is one of the known keys, never free text or an inherited name', () => {
  for (const reason of Object.keys(SSO_FAILURE_MESSAGES)) expect(isSsoFailure(reason)).toBe(true)
  expect(isSsoFailure('toString')).toBe(false)
  expect(isSsoFailure('Your account was deleted, call +1 555')).toBe(false)
  expect(isSsoFailure(null)).toBe(false)
})
