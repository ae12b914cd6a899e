/**
 * POST and DELETE /annotations/{annotationId}/labels/{labelId}: putting a team label on an annotation or
 * taking it off (SPEC 6: same team or the annotation's creator). A label of another team is NotFound, like
 * a missing one. Adding twice or removing an absent label changes nothing and records nothing.
 */
import { changeLabelFast } from './fast-change'
import type { CallInput } from './service'

/** Two round trips (decision 052): see fast-change.ts. */
function changeLabel(input: CallInput, annotationId: string, labelId: string, add: boolean) {
  return changeLabelFast(input, annotationId, labelId, add)
}

export const addAnnotationLabel = (input: CallInput, annotationId: string, labelId: string) =>
  changeLabel(input, annotationId, labelId, true)

export const removeAnnotationLabel = (input: CallInput, annotationId: string, labelId: string) =>
  changeLabel(input, annotationId, labelId, false)
