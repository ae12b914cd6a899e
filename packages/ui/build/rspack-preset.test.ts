import { describe, expect, test } from 'bun:test'
import postcss from 'postcss'
import { firstVariant, variantLayersPlugin } from './rspack-preset.mjs'

describe('firstVariant', () => {
  test('finds the first variant of an escaped class, ignoring colons in arbitrary values', () => {
    expect(firstVariant('sm\\:flex')).toBe('sm')
    expect(firstVariant('md\\:hover\\:bg-x')).toBe('md')
    expect(firstVariant('hidden')).toBeNull()
    expect(firstVariant('bg-\\[url\\(data\\:image\\)\\]')).toBeNull()
    expect(firstVariant('\\[\\&_svg\\]\\:size-4')).toBe('[&_svg]')
  })
})

describe('variantLayersPlugin', () => {
  test('moves variant utilities into ordered layers after utilities', async () => {
    const css = `@layer utilities { .hidden{display:none} .sm\\:flex{@media (width>=40rem){display:flex}} .hover\\:underline{&:hover{text-decoration:underline}} .lg\\:block{@media (width>=64rem){display:block}} }`
    const out = (await postcss([variantLayersPlugin()]).process(css, { from: undefined })).css
    expect(
      out.startsWith('@layer theme, base, components, utilities, v-state, v-sm, v-md, v-lg, v-xl, v-2xl;'),
    ).toBe(true)
    const utilities = out.slice(out.indexOf('@layer utilities'), out.indexOf('@layer v-state'))
    expect(utilities).toContain('.hidden')
    expect(utilities).not.toContain('sm\\:flex')
    expect(out.indexOf('@layer v-state')).toBeLessThan(out.indexOf('@layer v-sm'))
    expect(out.indexOf('@layer v-sm')).toBeLessThan(out.indexOf('@layer v-lg'))
    expect(out.slice(out.indexOf('@layer v-sm'))).toContain('.sm\\:flex')
  })
})
