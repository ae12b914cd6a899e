import { describe, expect, test } from 'bun:test'
import { checkRevisionFiles, newRevisionTexts, revisionFileRules } from './revision-text'

const file = (name: string, type = '') => new File(['x'], name, { type })

describe('new revision texts', () => {
  test('a website revision says the live site is reviewed again', () => {
    const texts = newRevisionTexts({ type: 'website', title: 'Home', latestNumber: 1 })
    expect(texts.description).toContain('Revision 2 of “Home” reviews the website as it is live now')
    expect(texts.toast).toBe('Revision 2 created. New comments on “Home” now go to revision 2.')
    expect(`${texts.description} ${texts.toast}`).not.toMatch(/upload|compare/i)
  })

  test('without the list of revisions the dialog does not guess a number', () => {
    const texts = newRevisionTexts({ type: 'design', title: 'Deck', latestNumber: null })
    expect(texts.description).toContain('it becomes the next revision')
    expect(newRevisionTexts({ type: 'website', title: 'Home', latestNumber: null }).description).toContain(
      'The next revision of “Home”',
    )
  })

  test('a file revision is the uploaded new version; nothing promises a compare view', () => {
    for (const type of ['design', 'pdf', 'email', 'video']) {
      const texts = newRevisionTexts({ type, title: 'Deck', latestNumber: 3 })
      expect(texts.description).toContain('Upload the new version of “Deck”: it becomes revision 4')
      expect(texts.toast).toContain('Its files are uploading')
      expect(`${texts.description} ${texts.toast}`).not.toMatch(/compare/i)
    }
  })
})

describe('files of a new version', () => {
  test('a design takes images and PDFs, several at once', () => {
    expect(revisionFileRules('design').multiple).toBe(true)
    expect(
      checkRevisionFiles('design', [file('a.png', 'image/png'), file('b.pdf', 'application/pdf')]),
    ).toBeNull()
    expect(checkRevisionFiles('pdf', [file('deck.pdf')])).toBeNull()
    expect(checkRevisionFiles('design', [file('a.png'), file('notes.txt', 'text/plain')])).toBe(
      'Not an image or PDF: notes.txt.',
    )
    expect(checkRevisionFiles('design', [])).toBe('Choose the files of the new version.')
  })

  test('an e-mail takes one HTML file; a video one video', () => {
    expect(revisionFileRules('email')).toMatchObject({ multiple: false })
    expect(checkRevisionFiles('email', [file('mail.html', 'text/html')])).toBeNull()
    expect(checkRevisionFiles('email', [file('a.html'), file('b.html')])).toBe('Choose one HTML file.')
    expect(checkRevisionFiles('video', [file('clip.mp4', 'video/mp4')])).toBeNull()
    expect(checkRevisionFiles('video', [file('clip.png', 'image/png')])).toBe('Choose one video file.')
  })
})
