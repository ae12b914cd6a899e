import { describe, expect, test } from 'bun:test'
import { newRevisionTexts } from './revision-text'

const promises = /upload|compare/i

describe('new revision texts', () => {
  test('a website revision says the live site is reviewed again', () => {
    const texts = newRevisionTexts({ type: 'website', title: 'Home', latestNumber: 1 })
    expect(texts.description).toContain('Revision 2 of “Home” reviews the website as it is live now')
    expect(texts.toast).toBe('Revision 2 created. New comments on “Home” now go to revision 2.')
    expect(`${texts.description} ${texts.toast}`).not.toMatch(promises)
  })

  test('a file revision says it starts empty and promises no upload', () => {
    for (const type of ['design', 'pdf', 'email', 'video']) {
      const texts = newRevisionTexts({ type, title: 'Deck', latestNumber: 3 })
      expect(texts.description).toContain('Revision 4 of “Deck” starts without files')
      expect(texts.toast).toContain('It has no files yet')
      expect(`${texts.description} ${texts.toast}`).not.toMatch(promises)
    }
  })
})
