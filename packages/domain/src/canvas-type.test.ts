import { describe, expect, test } from 'bun:test'
import { effectiveCanvasType, firstAsset, isPdfDesign, titleFromUrl } from './canvas-type'

describe('isPdfDesign', () => {
  test('design whose lowest-position asset is a pdf', () => {
    const assets = [
      { type: 'others', position: 2 },
      { type: 'pdf', position: 0 },
    ]
    expect(isPdfDesign({ type: 'design', assets })).toBe(true)
  })

  test('the first asset by position decides, not list order', () => {
    const assets = [
      { type: 'pdf', position: 3 },
      { type: 'others', position: 1 },
    ]
    expect(isPdfDesign({ type: 'design', assets })).toBe(false)
  })

  test('only design canvases', () => {
    expect(isPdfDesign({ type: 'website', assets: [{ type: 'pdf', position: 0 }] })).toBe(false)
    expect(isPdfDesign({ type: 'design', assets: [] })).toBe(false)
    expect(isPdfDesign({ type: 'design', assets: null })).toBe(false)
  })
})

describe('firstAsset', () => {
  test('lowest position, first listed on ties', () => {
    const a = { type: 'pdf', position: 1 }
    const b = { type: 'others', position: 1 }
    expect(firstAsset([a, b])).toBe(a)
    expect(firstAsset([])).toBeNull()
    expect(firstAsset(undefined)).toBeNull()
  })
})

describe('effectiveCanvasType', () => {
  test('pdf for a pdf design, stored type otherwise, other for unknown', () => {
    expect(effectiveCanvasType({ type: 'design', assets: [{ type: 'pdf', position: 0 }] })).toBe('pdf')
    expect(effectiveCanvasType({ type: 'design', assets: [{ type: 'others', position: 0 }] })).toBe('design')
    expect(effectiveCanvasType({ type: 'email' })).toBe('email')
    expect(effectiveCanvasType({ type: 'video' })).toBe('video')
    expect(effectiveCanvasType({ type: 'hologram' })).toBe('other')
    expect(effectiveCanvasType({})).toBe('other')
  })
})

describe('titleFromUrl', () => {
  test('host without www and the path, without a trailing slash', () => {
    expect(titleFromUrl('https://www.example.com/pricing/')).toBe('example.com/pricing')
    expect(titleFromUrl('example.com')).toBe('example.com')
    expect(titleFromUrl('http://127.0.0.1:4000/')).toBe('127.0.0.1')
  })
})
