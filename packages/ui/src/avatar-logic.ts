/** Up to two initials: first and last word ("Ada King Lovelace" -> "AL"); '?' for an empty name. */
export function initials(name: string): string {
  const words = name
    .trim()
    .split(/[\s@._-]+/)
    .filter(Boolean)
  const first = words[0]?.[0]
  if (!first) return '?'
  const last = words.length > 1 ? words.at(-1)?.[0] : undefined
  return `${first}${last ?? ''}`.toUpperCase()
}

/** A stable hue (0..359) for a name, so one person keeps one colour everywhere. */
export function avatarHue(name: string): number {
  let hash = 0
  for (const char of name.trim().toLowerCase()) hash = (hash * 31 + (char.codePointAt(0) ?? 0)) >>> 0
  return hash % 360
}
