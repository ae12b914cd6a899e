import { CircleAlert, CircleCheck } from 'lucide-react'
import { cn } from './cn'
import { formatBytes } from './format'
import { Progress } from './progress'

/** One file on its way up (the shape of the shared uploads list of @pinpoint/state). */
export type UploadListItem = {
  id: string
  name: string
  bytesTotal: number
  bytesSent: number
  status: 'uploading' | 'done' | 'error' | 'cancelled'
  error?: string
  /** Sent again, it continues where it stopped (a video's tus upload). */
  resumable?: boolean
}

/**
 * Files on their way up, one row each: a progress bar of the bytes sent (a progressbar with its value
 * for assistive technology), Cancel while it runs, and the outcome. The dashboard's uploads tray and the
 * review screen's file dialogs show the same rows.
 */
export function UploadList({
  uploads,
  onCancel,
  className,
}: {
  uploads: UploadListItem[]
  onCancel: (id: string) => void
  className?: string
}) {
  return (
    <ul className={cn('divide-y divide-line', className)}>
      {uploads.map((upload) => {
        const percent = upload.bytesTotal > 0 ? Math.round((upload.bytesSent / upload.bytesTotal) * 100) : 0
        return (
          <li key={upload.id} className="px-3.5 py-2.5" data-testid="upload-row" data-status={upload.status}>
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
                  className="min-h-6 text-xs font-medium text-ink-muted hover:text-ink"
                  onClick={() => onCancel(upload.id)}
                >
                  Cancel<span className="sr-only"> the upload of {upload.name}</span>
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
                {upload.resumable ? 'Cancelled. Upload the same file again to resume.' : 'Cancelled.'}
              </p>
            ) : null}
          </li>
        )
      })}
    </ul>
  )
}
