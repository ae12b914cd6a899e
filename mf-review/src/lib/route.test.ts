import { describe, expect, test } from 'bun:test'
import { formatReviewRoute, parseReviewRoute } from './route'

const parse = (href: string) => parseReviewRoute(new URL(href, 'http://localhost'))

describe('parseReviewRoute', () => {
  test('reads the query form with annotationId and version', () => {
    expect(parse('/link?subdomain=acme&annotationId=a1&version=3#2')).toEqual({
      subdomain: 'acme',
      annotationId: 'a1',
      version: 3,
      pageIndex: 1,
    })
  })

  test('reads the path forms', () => {
    expect(parse('/link/acme/')).toEqual({
      subdomain: 'acme',
      annotationId: null,
      version: null,
      pageIndex: null,
    })
    expect(parse('/link/acme/v/2/#5')).toMatchObject({ subdomain: 'acme', version: 2, pageIndex: 4 })
    expect(parse('/link/acme/comment/xyz/')).toMatchObject({ subdomain: 'acme', annotationId: 'xyz' })
  })

  test('ignores a page hash that is not a positive number', () => {
    expect(parse('/link/acme/#0').pageIndex).toBeNull()
    expect(parse('/link/acme/#abc').pageIndex).toBeNull()
    expect(parse('/link/acme/v/zero/').version).toBeNull()
  })
})

describe('formatReviewRoute', () => {
  test('writes the path form with a 1-based page hash', () => {
    expect(formatReviewRoute({ subdomain: 'acme', pageIndex: 0, withHash: true })).toBe('/link/acme/#1')
    expect(formatReviewRoute({ subdomain: 'acme', version: 2, pageIndex: 3, withHash: true })).toBe(
      '/link/acme/v/2/#4',
    )
    expect(formatReviewRoute({ subdomain: 'acme', annotationId: 'a1', pageIndex: 0, withHash: true })).toBe(
      '/link/acme/comment/a1/#1',
    )
  })

  test('leaves the hash out for e-mail canvases', () => {
    expect(formatReviewRoute({ subdomain: 'mail', pageIndex: 0, withHash: false })).toBe('/link/mail/')
  })

  test('round-trips', () => {
    const href = formatReviewRoute({ subdomain: 'a b', annotationId: 'c/d', pageIndex: 2, withHash: true })
    expect(parse(href)).toEqual({ subdomain: 'a b', annotationId: 'c/d', version: null, pageIndex: 2 })
  })
})
