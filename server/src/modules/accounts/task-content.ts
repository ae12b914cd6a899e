/**
 * What a comment says as a task (SPEC 7 export sync): its text with mentions shown as names, the link back
 * to it, where it was made (page path, PDF page or video time), the device and window size, labels,
 * status, assignee and the links of its files and screenshots.
 */
import { deviceBucket, mentionsAsNames } from '@pinpoint/domain'
import type { TaskContent } from '../../connectors/types'
import type { AnnotationJson } from '../annotations/json-types'

export interface ContentCanvas {
  title: string
  subdomain: string
  type: string
}

const TITLE_MAX = 120

function videoTime(seconds: number): string {
  const whole = Math.max(0, Math.floor(seconds))
  const m = Math.floor(whole / 60)
  const s = String(whole % 60).padStart(2, '0')
  return m >= 60 ? `${Math.floor(m / 60)}:${String(m % 60).padStart(2, '0')}:${s}` : `${m}:${s}`
}

/** "Page /pricing", "PDF page 3", "Video 1:05" or null. */
export function locationOf(annotation: AnnotationJson, assetType: string | null): string | null {
  if (annotation.videoTime !== null) return `Video ${videoTime(annotation.videoTime)}`
  if (assetType === 'pdf' && annotation.canvasAssetPageIndex !== null) {
    return `PDF page ${annotation.canvasAssetPageIndex + 1}`
  }
  if (annotation.path) return `Page ${annotation.path}`
  return null
}

/** "Desktop, window 1440×900" from the comment's window, or null without one. */
export function deviceOf(annotation: AnnotationJson): string | null {
  const window = annotation.metadata?.window as { width?: unknown; height?: unknown } | undefined
  const width = typeof window?.width === 'number' ? window.width : null
  const height = typeof window?.height === 'number' ? window.height : null
  if (width === null || height === null) return null
  const bucket = deviceBucket(width)
  return `${bucket[0]?.toUpperCase()}${bucket.slice(1)}, window ${width}×${height}`
}

/** A root-relative address (our own files and screenshots) made absolute for use outside the app. */
export const absolute = (publicUrl: string, url: string) => (url.startsWith('/') ? `${publicUrl}${url}` : url)

export function commentLink(publicUrl: string, subdomain: string, annotationId: string): string {
  return `${publicUrl}/link/${subdomain}/comment/${annotationId}/`
}

export function taskContent(input: {
  annotation: AnnotationJson
  canvas: ContentCanvas
  assetType: string | null
  publicUrl: string
}): TaskContent {
  const { annotation, canvas, assetType, publicUrl } = input
  const comment = mentionsAsNames(annotation.comment).trim()
  const firstLine = comment.split('\n')[0]?.trim() || 'Comment'
  const title = firstLine.length > TITLE_MAX ? `${firstLine.slice(0, TITLE_MAX - 1)}…` : firstLine
  const files = annotation.FileAttachments.map((file) => ({
    name: file.name,
    url: absolute(publicUrl, file.url),
  }))
  if (annotation.screenshotUrl) {
    files.push({ name: 'Screenshot', url: absolute(publicUrl, annotation.screenshotUrl) })
  }
  if (annotation.afterScreenshotUrl) {
    files.push({ name: 'Screenshot after', url: absolute(publicUrl, annotation.afterScreenshotUrl) })
  }
  return {
    annotationId: annotation.id,
    title,
    comment,
    link: commentLink(publicUrl, canvas.subdomain, annotation.id),
    canvasTitle: canvas.title,
    location: locationOf(annotation, assetType),
    device: deviceOf(annotation),
    author: annotation.userName,
    status: annotation.status,
    labels: annotation.Labels.map((label) => label.name),
    assignee: annotation.assignedUser?.name ?? null,
    files,
  }
}
