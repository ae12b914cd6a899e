import { describe, expect, test } from 'bun:test'
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { loadConfig } from '../../config'
import { createSecretBox, deriveSessionKey, parseSecretKeys, SecretBoxError } from './secret-box'

const keyA = Buffer.alloc(32, 1).toString('base64')
const keyB = Buffer.alloc(32, 2).toString('base64')

describe('secret box', () => {
  test('seals and opens, with a fresh nonce each time and the key id in the value', () => {
    const box = createSecretBox(parseSecretKeys(`a:${keyA}`))
    const first = box.seal('trello-token-é🙂', 'account:1:token')
    const second = box.seal('trello-token-é🙂', 'account:1:token')
    expect(first).not.toBe(second)
    expect(first.startsWith('v1.a.')).toBe(true)
    expect(first).not.toContain('trello')
    expect(box.open(first, 'account:1:token')).toBe('trello-token-é🙂')
  })

  test('a value bound to one record does not open for another, and an altered value is refused', () => {
    const box = createSecretBox(parseSecretKeys(`a:${keyA}`))
    const sealed = box.seal('secret', 'account:1')
    expect(() => box.open(sealed, 'account:2')).toThrow(SecretBoxError)
    const body = sealed.split('.')[2] as string
    const flipped = Buffer.from(body, 'base64url')
    const at = flipped.length - 20
    flipped[at] = (flipped[at] ?? 0) ^ 1
    expect(() => box.open(`v1.a.${flipped.toString('base64url')}`, 'account:1')).toThrow(/altered/)
    expect(() => box.open('plain text')).toThrow(/not a sealed secret/)
  })

  test('rotation: the new key seals, old keys still open, and stale values are flagged', () => {
    const before = createSecretBox(parseSecretKeys(`a:${keyA}`))
    const old = before.seal('value')
    const after = createSecretBox(parseSecretKeys(`b:${keyB},a:${keyA}`))
    expect(after.open(old)).toBe('value')
    expect(after.needsRotation(old)).toBe(true)
    const fresh = after.seal('value')
    expect(after.needsRotation(fresh)).toBe(false)
    const dropped = createSecretBox(parseSecretKeys(`b:${keyB}`))
    expect(() => dropped.open(old)).toThrow(/"a".*not in SECRETS_KEYS/)
  })

  test('bad SECRETS_KEYS entries are named', () => {
    expect(() => parseSecretKeys('nokey')).toThrow(/id:base64key/)
    expect(() => parseSecretKeys(`a:${Buffer.alloc(16).toString('base64')}`)).toThrow(/32 bytes.*16/)
    expect(() => parseSecretKeys(`a:${keyA},a:${keyB}`)).toThrow(/twice/)
  })

  test('without SECRETS_KEYS the key is derived from the session secret, stable across restarts', () => {
    const secret = 'x'.repeat(40)
    const one = createSecretBox([deriveSessionKey(secret)])
    const two = createSecretBox([deriveSessionKey(secret)])
    expect(two.open(one.seal('v'))).toBe('v')
    expect(one.currentKeyId).toBe('session')
    const config = loadConfig({
      SESSION_SECRET: secret,
      DATA_DIR: mkdtempSync(join(tmpdir(), 'secret-box-')),
    })
    expect(config.secretKeys[0]?.id).toBe('session')
    const configured = loadConfig({
      SESSION_SECRET: secret,
      SECRETS_KEYS: `k1:${keyA}`,
      DATA_DIR: mkdtempSync(join(tmpdir(), 'secret-box-')),
    })
    expect(configured.secretKeys.map((key) => key.id)).toEqual(['k1'])
    expect(() => loadConfig({ SESSION_SECRET: secret, SECRETS_KEYS: 'bad' })).toThrow(/SECRETS_KEYS/)
  })
})
