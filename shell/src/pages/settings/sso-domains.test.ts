import { expect, test } from 'bun:test'
import { parseDomains } from './sso-domains'

test('domains are split on lines, commas and spaces, lowercased, deduplicated, "@" dropped', () => {
  expect(parseDomains('Acme.test\n@acme.test, sub.acme.test  ')).toEqual({
    domains: ['acme.test', 'sub.acme.test'],
    invalid: [],
  })
  expect(parseDomains('acme.test\nnot a domain\nhttp://x.test')).toEqual({
    domains: ['acme.test'],
    invalid: ['not', 'a', 'domain', 'http://x.test'],
  })
  expect(parseDomains('')).toEqual({ domains: [], invalid: [] })
})
