import { Button, UploadList } from '@pinpoint/ui'
import { useAtom } from 'jotai'
import { UploadCloud, X } from 'lucide-react'
import { cancelUpload } from '../lib/asset-uploads'
import { uploadsAtom } from '../lib/uploads'

/** Uploads in progress, above the canvas grid: real byte progress, cancel, and the outcome of each. */
export function UploadsTray() {
  const [uploads, setUploads] = useAtom(uploadsAtom)
  if (uploads.length === 0) return null
  const running = uploads.filter((u) => u.status === 'uploading').length
  return (
    // In the page flow between the toolbar and the grid: it pushes the cards down instead of
    // covering them, and stays clear of the project sidebar and of the toasts (bottom-right).
    <section
      aria-label="Uploads"
      className="mt-5 w-full max-w-xl overflow-hidden rounded-xl border border-line bg-surface-raised shadow-card"
    >
      <header className="flex items-center justify-between border-b border-line px-3.5 py-2.5">
        <h2 className="flex items-center gap-2 text-sm font-semibold">
          <UploadCloud className="size-4 text-brand-600" />
          {running > 0 ? `Uploading ${running} ${running === 1 ? 'file' : 'files'}` : 'Uploads complete'}
        </h2>
        {running === 0 ? (
          <Button variant="ghost" size="icon-sm" aria-label="Close uploads" onClick={() => setUploads([])}>
            <X />
          </Button>
        ) : null}
      </header>
      <UploadList uploads={uploads} onCancel={cancelUpload} className="max-h-64 overflow-y-auto" />
    </section>
  )
}
