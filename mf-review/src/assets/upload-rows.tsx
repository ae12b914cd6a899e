/**
 * The files a review-screen dialog sends (added, replaced, or a new version), as the rows of the shared
 * uploads list: bytes sent, Cancel, outcome. The same rows as the dashboard's uploads tray; only the
 * uploads of this canvas started while the dialog is open are shown here.
 */
import { cancelUpload, uploadsAtom } from '@pinpoint/state'
import { UploadList } from '@pinpoint/ui'
import { useAtomValue, useStore } from 'jotai'
import { useState } from 'react'

export function UploadRows({ canvasId }: { canvasId: string }) {
  const store = useStore()
  // The entries already listed when the dialog opened belong to earlier uploads.
  const [earlier] = useState(() => new Set(store.get(uploadsAtom).map((entry) => entry.id)))
  const uploads = useAtomValue(uploadsAtom).filter(
    (entry) => entry.canvasId === canvasId && !earlier.has(entry.id),
  )
  if (uploads.length === 0) return null
  return (
    <section
      aria-label="Uploads"
      data-testid="dialog-uploads"
      className="mb-3 rounded-control border border-line"
    >
      <UploadList uploads={uploads} onCancel={cancelUpload} />
    </section>
  )
}
