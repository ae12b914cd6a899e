import { describe, expect, test } from 'bun:test'
import { formatMention, MENTION_PATTERN, mentionedUserIds, mentionsAsNames, parseMentions } from './mentions'

describe('parseMentions', () => {
  test('finds mentions in order', () => {
    const text = 'Hi @[Ada Lovelace](user:abc123) and @[Bob](user:B0b), see above'
    expect(parseMentions(text)).toEqual([
      { id: 'abc123', name: 'Ada Lovelace' },
      { id: 'B0b', name: 'Bob' },
    ])
  })

  test('returns unique {id, name} pairs', () => {
    const text = '@[Ada](user:1) @[Ada](user:1) @[Ada L.](user:1)'
    expect(parseMentions(text)).toEqual([
      { id: '1', name: 'Ada' },
      { id: '1', name: 'Ada L.' },
    ])
  })

  test('ignores malformed mentions', () => {
    expect(parseMentions('@[Ada](user:ab-12)')).toEqual([])
    expect(parseMentions('@[Ada](abc123)')).toEqual([])
    expect(parseMentions('@[](user:1)')).toEqual([])
    expect(parseMentions('[Ada](user:1)')).toEqual([])
    expect(parseMentions('@Ada')).toEqual([])
    expect(parseMentions(null)).toEqual([])
  })

  test('is repeatable (the global regex keeps no state between calls)', () => {
    const text = '@[Ada](user:1)'
    expect(parseMentions(text)).toHaveLength(1)
    expect(parseMentions(text)).toHaveLength(1)
    expect(MENTION_PATTERN.flags).toContain('g')
  })
})

describe('mentionedUserIds', () => {
  test('distinct ids', () => {
    expect(mentionedUserIds('@[Ada](user:1) @[Ada L.](user:1) @[Bob](user:2)')).toEqual(['1', '2'])
    expect(mentionedUserIds('')).toEqual([])
  })
})

describe('formatMention', () => {
  test('round-trips through parseMentions', () => {
    const text = formatMention('Ada Lovelace', 'user', 'abc123')
    expect(text).toBe('@[Ada Lovelace](user:abc123)')
    expect(parseMentions(`hello ${text}!`)).toEqual([{ id: 'abc123', name: 'Ada Lovelace' }])
  })

  test('drops brackets from the name', () => {
    expect(formatMention('Ada [admin]', 'user', 'a1')).toBe('@[Ada admin](user:a1)')
  })

  test('rejects what could not be parsed back', () => {
    expect(() => formatMention('Ada', 'user', 'ab-12')).toThrow('Mention id must be alphanumeric: ab-12')
    expect(() => formatMention('Ada', 'us er', 'a1')).toThrow('Invalid mention type: us er')
    expect(() => formatMention('[]', 'user', 'a1')).toThrow('Mention name is empty')
  })
})

describe('mentionsAsNames', () => {
  test('each mention becomes @Name, the rest of the text unchanged', () => {
    expect(mentionsAsNames('Hi @[Ana Lee](user:a1b2), see @[Bo](user:c3) and @[Ana Lee](user:a1b2).')).toBe(
      'Hi @Ana Lee, see @Bo and @Ana Lee.',
    )
    expect(mentionsAsNames('no mentions [x](y)')).toBe('no mentions [x](y)')
    expect(mentionsAsNames(null)).toBe('')
  })
})
