import { describe, expect, test } from 'bun:test'
import {
  contrastRatio,
  DEFAULT_LABEL_COLOR,
  LABEL_COLORS,
  labelColorName,
  labelTextColor,
  nextLabelColor,
  normalizeHexColor,
  relativeLuminance,
} from './label-colors'

/** WCAG 2.1 AA for normal-size text (success criterion 1.4.3). */
const AA_TEXT = 4.5

describe('label colours', () => {
  test('contrast follows WCAG 2.1: black on white is 21, a colour on itself 1', () => {
    expect(contrastRatio('#000', '#fff')).toBeCloseTo(21, 5)
    expect(contrastRatio('#2563eb', '#2563eb')).toBe(1)
    expect(relativeLuminance('#ffffff')).toBe(1)
    // Published pair: #767676 on white is the lightest grey passing AA (4.54:1).
    expect(contrastRatio('#767676', '#ffffff')).toBeCloseTo(4.54, 2)
  })

  test('every palette colour carries its chip text at AA (4.5:1) or better', () => {
    for (const color of LABEL_COLORS) {
      const ratio = contrastRatio(color.value, labelTextColor(color.value))
      expect(ratio, `${color.name} ${color.value}`).toBeGreaterThanOrEqual(AA_TEXT)
    }
  })

  test('any hex colour a label may hold still gives AA text (every #rgb colour checked)', () => {
    let lowest = 21
    for (let n = 0; n < 4096; n++) {
      const color = `#${n.toString(16).padStart(3, '0')}`
      lowest = Math.min(lowest, contrastRatio(color, labelTextColor(color)))
    }
    expect(lowest).toBeGreaterThanOrEqual(AA_TEXT)
  })

  test('the palette has distinct, stored-form values and names, and holds the default', () => {
    const values = LABEL_COLORS.map((c) => c.value)
    expect(new Set(values).size).toBe(values.length)
    expect(new Set(LABEL_COLORS.map((c) => c.name)).size).toBe(values.length)
    for (const value of values) expect(normalizeHexColor(value)).toBe(value)
    expect(values).toContain(DEFAULT_LABEL_COLOR)
  })

  test('hex normalisation and names', () => {
    expect(normalizeHexColor('#ABC')).toBe('#aabbcc')
    expect(normalizeHexColor(' #2563EB ')).toBe('#2563eb')
    expect(normalizeHexColor('red')).toBeNull()
    expect(labelColorName('#2563EB')).toBe('Blue')
    expect(labelColorName('#123456')).toBe('#123456')
    expect(labelTextColor('not a colour')).toBe('#000000')
  })

  test('a label made without a colour gets the palette colour used least, in palette order', () => {
    expect(nextLabelColor([])).toBe('#dc2626')
    expect(nextLabelColor([{ color: '#DC2626' }, { color: '#123456' }])).toBe('#c2410c')
    const all = LABEL_COLORS.map((c) => ({ color: c.value }))
    expect(nextLabelColor([...all, { color: '#dc2626' }])).toBe('#c2410c')
  })
})
