import { describe, expect, test } from 'bun:test'
import { countByDevice, countByStatus, isAnnotationExported } from './annotations'

const at = (width?: number | null) => ({ metadata: { window: width === undefined ? undefined : { width } } })

describe('countByDevice', () => {
  test('buckets at 499/500 and 768/769', () => {
    const annotations = [at(320), at(499), at(500), at(768), at(769), at(1440)]
    expect(countByDevice(annotations)).toEqual({ mobile: 2, tablet: 2, desktop: 2 })
  })

  test('missing metadata or width counts as desktop', () => {
    expect(countByDevice([{}, { metadata: null }, at(undefined), at(null)])).toEqual({
      mobile: 0,
      tablet: 0,
      desktop: 4,
    })
    expect(countByDevice([])).toEqual({ mobile: 0, tablet: 0, desktop: 0 })
  })
})

describe('countByStatus', () => {
  test('every known status present, unknown ones kept, missing as active', () => {
    const counts = countByStatus([
      { status: 'active' },
      { status: 'in-review' },
      { status: 'in-review' },
      { status: 'resolved' },
      { status: 'legacy' },
      {},
    ])
    expect(counts).toEqual({ active: 2, 'in-progress': 0, 'in-review': 2, resolved: 1, legacy: 1 })
  })

  test('empty list gives zeros', () => {
    expect(countByStatus([])).toEqual({ active: 0, 'in-progress': 0, 'in-review': 0, resolved: 0 })
  })
})

describe('isAnnotationExported', () => {
  test('once lastExportDate is set', () => {
    expect(isAnnotationExported({ lastExportDate: '2025-01-01T00:00:00Z' })).toBe(true)
    expect(isAnnotationExported({ lastExportDate: new Date(0) })).toBe(true)
    expect(isAnnotationExported({ lastExportDate: null })).toBe(false)
    expect(isAnnotationExported({})).toBe(false)
  })
})
