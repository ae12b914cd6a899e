/** `npm run cluster` and the cluster test find HAProxy where Debian puts it, or say how to install it. */
import { expect, test } from 'bun:test'
import { findHaproxy, HAPROXY_MISSING } from './cluster'

test('HAPROXY names the binary; a wrong path is "not installed", with the apt-get line to fix it', () => {
  expect(findHaproxy({ HAPROXY: process.execPath })).toBe(process.execPath)
  expect(findHaproxy({ HAPROXY: `${process.execPath}-missing` })).toBeNull()
  expect(HAPROXY_MISSING).toContain('apt-get install haproxy')
})

test('without HAPROXY it is found on PATH or in /usr/sbin (this machine and CI install the package)', () => {
  expect(findHaproxy({})).toMatch(/haproxy$/)
})
