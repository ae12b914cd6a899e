/** A class list entry: strings, falsy values (skipped) and nested lists. */
export type ClassValue = string | false | null | undefined | 0 | ClassValue[]

/** Joins class names, skipping falsy entries and flattening nested lists. */
export function cn(...classes: ClassValue[]): string {
  const out: string[] = []
  for (const entry of classes) {
    if (!entry) continue
    if (Array.isArray(entry)) {
      const nested = cn(...entry)
      if (nested) out.push(nested)
    } else {
      out.push(entry)
    }
  }
  return out.join(' ')
}
