/** The pure part of the project share dialog: its link and the changes it sends (PUT /folders/{id}). */
import type { FolderVisibility } from '@pinpoint/domain'

/** The public project page (SPEC: the folder share e-mail links there too). */
export function projectLink(origin: string, shareableId: string): string {
  return `${origin}/projects/${encodeURIComponent(shareableId)}`
}

export interface ShareForm {
  visibility: FolderVisibility
  description: string
  /** A new password; empty keeps the current one (or none). */
  password: string
  removePassword: boolean
}

/**
 * The body to save: an empty description is stored as none; the password is sent only when set or
 * removed, so saving the other settings never clears it.
 */
export function shareChanges(form: ShareForm): {
  visibility: FolderVisibility
  description: string | null
  password?: string | null
} {
  const description = form.description.trim() || null
  if (form.removePassword) return { visibility: form.visibility, description, password: null }
  if (form.password) return { visibility: form.visibility, description, password: form.password }
  return { visibility: form.visibility, description }
}
