import { describe, expect, test } from 'bun:test'
import { canvasKindLabel, feedbackLinkPath } from './project-links'

describe('shared project page texts', () => {
  test('feedback links use the path form and escape the subdomain', () => {
    expect(feedbackLinkPath('acme-site')).toBe('/link/acme-site/')
    expect(feedbackLinkPath('a/b')).toBe('/link/a%2Fb/')
  })

  test('kinds read plainly; unknown types are a canvas', () => {
    expect(canvasKindLabel('website')).toBe('Website')
    expect(canvasKindLabel('pdf')).toBe('PDF')
    expect(canvasKindLabel('hologram')).toBe('Canvas')
    expect(canvasKindLabel(null)).toBe('Canvas')
  })
})
