/**
 * Annotation counts (SPEC 4): per device bucket of the window a comment was made in, and per status.
 */
import { ANNOTATION_STATUSES, type AnnotationStatus } from './constants'
import { type DeviceBucket, deviceBucket } from './devices'
import { toEpochMs } from './time'
import type { DateInput } from './types'

/** The annotation fields the counters read. */
export interface AnnotationCountInput {
  status?: string | null
  metadata?: { window?: { width?: number | null } | null } | null
}

/**
 * Annotations per device bucket of `metadata.window.width`: mobile under 500, tablet 500–768, all else
 * (including a missing width) desktop.
 */
export function countByDevice(annotations: readonly AnnotationCountInput[]): Record<DeviceBucket, number> {
  const counts: Record<DeviceBucket, number> = { mobile: 0, tablet: 0, desktop: 0 }
  for (const annotation of annotations) counts[deviceBucket(annotation.metadata?.window?.width)] += 1
  return counts
}

/**
 * Annotations per status. Every known status is present (0 when none); any other stored value is counted
 * under its own key so nothing disappears. A missing status is counted as `active` (the default).
 */
export function countByStatus(
  annotations: readonly AnnotationCountInput[],
): Record<AnnotationStatus, number> & Record<string, number> {
  const counts: Record<string, number> = {}
  for (const status of ANNOTATION_STATUSES) counts[status] = 0
  for (const annotation of annotations) {
    const status = annotation.status || 'active'
    counts[status] = (counts[status] ?? 0) + 1
  }
  return counts as Record<AnnotationStatus, number> & Record<string, number>
}

/** An annotation counts as exported once `lastExportDate` is set. */
export function isAnnotationExported(annotation: { lastExportDate?: DateInput | null }): boolean {
  return toEpochMs(annotation.lastExportDate) !== null
}
