import { describe, expect, test } from 'bun:test'
import { fileKind, planUploads, titleFromFileName } from './files'

const file = (name: string, type = '') => new File(['x'], name, { type })

describe('files', () => {
  test('kind by type or extension', () => {
    expect(fileKind(file('a.png', 'image/png'))).toBe('image')
    expect(fileKind(file('a.PDF'))).toBe('pdf')
    expect(fileKind(file('clip.mov'))).toBe('video')
    expect(fileKind(file('mail.html', 'text/html'))).toBe('email')
    expect(fileKind(file('notes.txt', 'text/plain'))).toBe('unsupported')
  })

  test('titles', () => {
    expect(titleFromFileName('Homepage_v2.final.png')).toBe('Homepage v2.final')
  })

  test('images and PDFs become one design canvas; each video and e-mail its own', () => {
    const plans = planUploads([file('a.png'), file('v.mp4'), file('b.pdf'), file('m.html'), file('x.txt')])
    expect(plans.map((p) => [p.kind, p.files.map((f) => f.name)])).toEqual([
      ['design', ['a.png', 'b.pdf']],
      ['video', ['v.mp4']],
      ['email', ['m.html']],
    ])
  })
})
