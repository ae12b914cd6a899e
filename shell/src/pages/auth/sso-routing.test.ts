import { expect, test } from 'bun:test'
import { domainOf } from './sso-routing'

test('the domain of a typed address, lowercased; nothing while it is not an address yet', () => {
  expect(domainOf(' Someone@ACME.test ')).toBe('acme.test')
  expect(domainOf('someone@sub.acme.test')).toBe('sub.acme.test')
  expect(domainOf('someone@')).toBeNull()
  expect(domainOf('someone@acme')).toBeNull()
  expect(domainOf('some one@acme.test')).toBeNull()
  expect(domainOf('')).toBeNull()
})
