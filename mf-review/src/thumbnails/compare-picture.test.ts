import { expect, test } from 'bun:test'
import { comparePicture } from './compare-picture'

const site = 'https://example.com/'
const context = { viewer: 'website', currentNumber: 2, canvasAddress: site }

test('an earlier revision at the live address shows its picture; the current one is live', () => {
  expect(comparePicture({ number: 1, localUrl: site, thumbnailUrl: '/p1' }, context)).toBe('/p1')
  // Revisions made before they had addresses read as the canvas's own.
  expect(comparePicture({ number: 1, localUrl: null, thumbnailUrl: '/p1' }, context)).toBe('/p1')
  expect(comparePicture({ number: 2, localUrl: site, thumbnailUrl: '/p2' }, context)).toBeNull()
})

test('a revision of its own address, one without a picture, and files stay live', () => {
  const staging = { number: 1, localUrl: 'https://staging.example.com/', thumbnailUrl: '/p1' }
  expect(comparePicture(staging, context)).toBeNull()
  expect(comparePicture({ number: 1, localUrl: site, thumbnailUrl: null }, context)).toBeNull()
  expect(comparePicture({ number: 1, thumbnailUrl: '/p1' }, { ...context, viewer: 'email' })).toBeNull()
})
