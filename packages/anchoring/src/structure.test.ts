import { describe, expect, test } from 'bun:test'
import { stepsOfPath, structureSimilarity } from './structure'

describe('structural evidence from the CSS path', () => {
  test('stepsOfPath reads the path back nearest first, stopping at an id', () => {
    expect(stepsOfPath('#main > div:nth-of-type(2) > p')).toEqual([
      { tag: 'p', nth: 1 },
      { tag: 'div', nth: 2 },
      { tag: '', nth: 1, id: 'main' },
    ])
    expect(stepsOfPath('html > body > ul > li:nth-of-type(3)')[0]).toEqual({ tag: 'li', nth: 3 })
  })

  test('the same chain scores 1, a pasted twin one index further scores clearly less', () => {
    const stored = stepsOfPath('html > body > table > tbody > tr:nth-of-type(2) > td:nth-of-type(1)')
    const same = [...stored]
    const twin = [{ tag: 'td', nth: 2 }, ...stored.slice(1)]
    expect(structureSimilarity(stored, same)).toBe(1)
    expect(structureSimilarity(stored, same) - structureSimilarity(stored, twin)).toBeGreaterThan(0.05)
  })

  test('a wrapper between ancestors costs little, another tag costs everything', () => {
    const stored = stepsOfPath('html > body > section > div:nth-of-type(2) > p:nth-of-type(3)')
    const wrapped = [stored[0], stored[1], { tag: 'div', nth: 1 }, ...stored.slice(2)].filter((s) => !!s)
    expect(structureSimilarity(stored, wrapped)).toBeGreaterThan(0.9)
    expect(structureSimilarity(stored, [{ tag: 'span', nth: 3 }, ...stored.slice(1)])).toBe(0)
  })
})
