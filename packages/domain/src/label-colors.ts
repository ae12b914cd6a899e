/**
 * Label colours (SPEC 3 Label.color, issue 17): the palette the label screens offer, and the text colour a
 * label chip uses on any colour. The text colour is computed rather than stored, so a label made through
 * the API with any hex colour still reads at WCAG AA (4.5:1): for every sRGB colour, black or white text
 * reaches at least 4.58:1 against it.
 */

/** A colour of the palette: a name for screen readers and the stored hex value. */
export interface LabelColor {
  name: string
  value: string
}

/** The palette, in the order the picker shows it. Values are lower-case #rrggbb, as the server stores them. */
export const LABEL_COLORS: readonly LabelColor[] = [
  { name: 'Red', value: '#dc2626' },
  { name: 'Orange', value: '#c2410c' },
  { name: 'Amber', value: '#b45309' },
  { name: 'Yellow', value: '#fde047' },
  { name: 'Green', value: '#15803d' },
  { name: 'Teal', value: '#0f766e' },
  { name: 'Sky', value: '#0369a1' },
  { name: 'Blue', value: '#2563eb' },
  { name: 'Violet', value: '#7c3aed' },
  { name: 'Pink', value: '#be185d' },
  { name: 'Slate', value: '#475569' },
  { name: 'Mint', value: '#86efac' },
]

/** The colour a new label gets unless one is chosen. */
export const DEFAULT_LABEL_COLOR = '#2563eb'

/** The two text colours a chip chooses from. */
export const LABEL_TEXT_DARK = '#000000'
export const LABEL_TEXT_LIGHT = '#ffffff'

/** `#abc` or `#aabbcc` (any case) to lower-case `#aabbcc`; null for anything else. */
export function normalizeHexColor(color: string): string | null {
  const match = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(color.trim())
  if (!match?.[1]) return null
  const hex = match[1].toLowerCase()
  return `#${hex.length === 3 ? [...hex].map((c) => c + c).join('') : hex}`
}

function channel(value: number): number {
  const s = value / 255
  return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4
}

/** WCAG 2.1 relative luminance of a hex colour (0 black … 1 white). */
export function relativeLuminance(color: string): number {
  const hex = normalizeHexColor(color)
  if (!hex) throw new Error(`Not a hex colour: ${color}`)
  const [r, g, b] = [1, 3, 5].map((i) => channel(Number.parseInt(hex.slice(i, i + 2), 16))) as [
    number,
    number,
    number,
  ]
  return 0.2126 * r + 0.7152 * g + 0.0722 * b
}

/** WCAG 2.1 contrast ratio of two hex colours, 1 to 21. */
export function contrastRatio(a: string, b: string): number {
  const [light, dark] = [relativeLuminance(a), relativeLuminance(b)].sort((x, y) => y - x) as [number, number]
  return (light + 0.05) / (dark + 0.05)
}

/** The text colour (black or white) with the higher contrast on `background`. */
export function labelTextColor(background: string): string {
  if (!normalizeHexColor(background)) return LABEL_TEXT_DARK
  return contrastRatio(background, LABEL_TEXT_LIGHT) >= contrastRatio(background, LABEL_TEXT_DARK)
    ? LABEL_TEXT_LIGHT
    : LABEL_TEXT_DARK
}

/** The palette's name of a colour ("Blue"), or its hex value when it is not in the palette. */
export function labelColorName(color: string): string {
  const hex = normalizeHexColor(color)
  return LABEL_COLORS.find((c) => c.value === hex)?.name ?? hex ?? color
}

/** The colour a label created without choosing one gets: the palette colour the team uses least. */
export function nextLabelColor(existing: readonly { color: string }[]): string {
  const uses = new Map(LABEL_COLORS.map((c) => [c.value, 0]))
  for (const label of existing) {
    const hex = normalizeHexColor(label.color)
    if (hex && uses.has(hex)) uses.set(hex, (uses.get(hex) ?? 0) + 1)
  }
  let best = LABEL_COLORS[0]?.value ?? DEFAULT_LABEL_COLOR
  for (const [value, count] of uses) if (count < (uses.get(best) ?? 0)) best = value
  return best
}
