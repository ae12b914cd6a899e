import { Button, formatBytes, Progress } from '@pinpoint/ui'
import { useAtom } from 'jotai'
import { CircleAlert, CircleCheck, UploadCloud, X } from 'lucide-react'
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
      <ul className="max-h-64 divide-y divide-line overflow-y-auto">
        {uploads.map((upload) => {
          const percent = upload.bytesTotal > 0 ? Math.round((upload.bytesSent / upload.bytesTotal) * 100) : 0
          return (
            <li
              key={upload.id}
              className="px-3.5 py-2.5"
              data-testid="upload-row"
              data-status={upload.status}
            >
              <div className="flex items-center gap-2 text-sm">
                <span className="min-w-0 flex-1 truncate font-medium">{upload.name}</span>
                {upload.status === 'done' ? (
                  <CircleCheck className="size-4 text-success-500" aria-label="Uploaded" />
                ) : null}
                {upload.status === 'error' ? (
                  <CircleAlert className="size-4 text-danger-600" aria-label="Failed" />
                ) : null}
                {upload.status === 'uploading' ? (
                  <button
                    type="button"
                    className="text-xs font-medium text-ink-muted hover:text-ink"
                    onClick={() => cancelUpload(upload.id)}
                  >
                    Cancel
                  </button>
                ) : null}
              </div>
              {upload.status === 'uploading' ? (
                <>
                  <Progress className="mt-2" value={percent} label={`Upload of ${upload.name}`} />
                  <p className="mt-1 text-xs tabular-nums text-ink-muted">
                    {formatBytes(upload.bytesSent)} of {formatBytes(upload.bytesTotal)} · {percent}%
                  </p>
                </>
              ) : upload.status === 'error' ? (
                <p className="mt-0.5 text-xs text-danger-600">{upload.error}</p>
              ) : upload.status === 'cancelled' ? (
                <p className="mt-0.5 text-xs text-ink-muted">
                  Cancelled. Upload the same file again to resume.
                </p>
              ) : null}
            </li>
          )
        })}
      </ul>
    </section>
  )
}
