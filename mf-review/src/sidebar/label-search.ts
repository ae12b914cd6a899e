/** The label picker's search: which team labels match what was typed, and whether it names a new one. */
export type NamedLabel = { id: string; name: string }

function key(text: string): string {
  return text.trim().toLocaleLowerCase()
}

export function searchLabels<T extends NamedLabel>(labels: readonly T[], query: string) {
  const wanted = key(query)
  const matches = wanted ? labels.filter((label) => key(label.name).includes(wanted)) : [...labels]
  // Names are unique per team ignoring case (the server refuses a twin), so only an unknown name is offered.
  const canCreate = wanted.length > 0 && !labels.some((label) => key(label.name) === wanted)
  return { matches, canCreate, name: query.trim() }
}
