/**
 * Ids a field's hint and error get, and the aria-describedby of its control: the error replaces
 * the hint when both exist (only what is shown is described).
 */
export function fieldAria({ id, hasHint, hasError }: { id: string; hasHint: boolean; hasError: boolean }) {
  const hintId = `${id}-hint`
  const errorId = `${id}-error`
  const describedBy = hasError ? errorId : hasHint ? hintId : undefined
  return { hintId, errorId, describedBy }
}
