import { describe, expect, test } from 'bun:test'
import { fromMarkup } from './markup'
import { toMarkup } from './mention-textarea'

describe('editing stored comment text', () => {
  test('mentions show as @Name and go back to markup unchanged', () => {
    const stored = 'Ask @[Ada Lovelace](user:u1) and @[Grace](user:u2), then @[Ada Lovelace](user:u1) again'
    const editable = fromMarkup(stored)
    expect(editable.text).toBe('Ask @Ada Lovelace and @Grace, then @Ada Lovelace again')
    expect(editable.mentions).toEqual([
      { id: 'u1', name: 'Ada Lovelace' },
      { id: 'u2', name: 'Grace' },
    ])
    expect(toMarkup(editable.text, editable.mentions)).toBe(stored)
  })

  test('text without mentions is left alone', () => {
    expect(fromMarkup('Plain [text] (here)')).toEqual({ text: 'Plain [text] (here)', mentions: [] })
  })
})
