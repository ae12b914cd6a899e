import { describe, expect, test } from 'bun:test'
import { csvBlob } from './integrations'

describe('csvBlob', () => {
  test('puts back the byte-order mark that fetch text() drops, once', async () => {
    const bytes = (text: string) =>
      csvBlob(text)
        .arrayBuffer()
        .then((buffer) => [...new Uint8Array(buffer)])
    expect((await bytes('id\r\n')).slice(0, 5)).toEqual([0xef, 0xbb, 0xbf, 0x69, 0x64])
    expect((await bytes('\ufeffid\r\n')).slice(0, 5)).toEqual([0xef, 0xbb, 0xbf, 0x69, 0x64])
    expect(csvBlob('x').type).toBe('text/csv;charset=utf-8')
  })
})
