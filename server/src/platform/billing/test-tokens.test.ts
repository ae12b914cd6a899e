import { describe, expect, test } from 'bun:test'
import { TEST_CARD_NUMBERS } from '@pinpoint/domain'
import { TEST_TOKENS, tokenCard } from './test-tokens'

describe('test cards', () => {
  test('every number of the card form stands for a token the local engine knows, ending in its digits', () => {
    for (const [number, token] of Object.entries(TEST_CARD_NUMBERS)) {
      const card = TEST_TOKENS[token]
      expect(card, token).toBeDefined()
      expect(number.endsWith(card?.last4 ?? '-')).toBe(true)
    }
  })

  test('every token the engine knows can be typed on the card form', () => {
    expect(new Set(Object.values(TEST_CARD_NUMBERS))).toEqual(new Set(Object.keys(TEST_TOKENS)))
  })

  test('an unknown token is no card', () => {
    expect(tokenCard('tok_unknown', new Date('2026-11-24T00:00:00Z'))).toBeUndefined()
  })
})
