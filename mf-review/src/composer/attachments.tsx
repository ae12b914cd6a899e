/**
 * Files attached to a comment or reply, uploaded as soon as they are picked (with their progress), so
 * posting does not wait for them; the comment then names the uploaded ids.
 */
import { Button, formatBytes, Progress } from '@pinpoint/ui'
import { Paperclip, X } from 'lucide-react'
import { useRef, useState } from 'react'
import { uploadAttachment } from '../data/api'

export interface Upload {
  key: string
  file: File
  progress: number
  id: string | null
  error: string | null
  controller: AbortController
}

export function useUploads() {
  const [uploads, setUploads] = useState<Upload[]>([])
  const change = (key: string, patch: Partial<Upload>) =>
    setUploads((list) => list.map((upload) => (upload.key === key ? { ...upload, ...patch } : upload)))
  return {
    uploads,
    busy: uploads.some((upload) => !upload.id && !upload.error),
    ids: uploads.flatMap((upload) => (upload.id ? [upload.id] : [])),
    add(files: FileList | null) {
      for (const file of Array.from(files ?? [])) {
        const upload: Upload = {
          key: `${file.name}-${performance.now()}`,
          file,
          progress: 0,
          id: null,
          error: null,
          controller: new AbortController(),
        }
        setUploads((list) => [...list, upload])
        uploadAttachment(file, (progress) => change(upload.key, { progress }), upload.controller.signal)
          .then((attachment) => change(upload.key, { id: attachment.id, progress: 1 }))
          .catch((error: unknown) => {
            if (error instanceof DOMException && error.name === 'AbortError') return
            change(upload.key, { error: error instanceof Error ? error.message : 'Upload failed' })
          })
      }
    },
    remove(key: string) {
      setUploads((list) => {
        list.find((upload) => upload.key === key)?.controller.abort()
        return list.filter((upload) => upload.key !== key)
      })
    },
    clear() {
      setUploads([])
    },
  }
}

export function AttachButton({ onFiles }: { onFiles: (files: FileList | null) => void }) {
  const input = useRef<HTMLInputElement>(null)
  return (
    <>
      <input
        ref={input}
        type="file"
        multiple
        hidden
        onChange={(event) => {
          onFiles(event.target.files)
          event.target.value = ''
        }}
        data-testid="attach-input"
      />
      <Button variant="ghost" size="icon-sm" aria-label="Attach files" onClick={() => input.current?.click()}>
        <Paperclip />
      </Button>
    </>
  )
}

export function UploadList({
  uploads,
  onRemove,
}: {
  uploads: readonly Upload[]
  onRemove: (key: string) => void
}) {
  if (uploads.length === 0) return null
  return (
    <ul className="space-y-1.5" aria-label="Attachments">
      {uploads.map((upload) => (
        <li key={upload.key} className="rounded-md border border-line bg-surface-sunken px-2 py-1.5 text-xs">
          <div className="flex items-center gap-2">
            <span className="min-w-0 flex-1 truncate font-medium">{upload.file.name}</span>
            <span className="text-ink-subtle">{formatBytes(upload.file.size)}</span>
            <button
              type="button"
              aria-label={`Remove ${upload.file.name}`}
              className="text-ink-subtle hover:text-ink"
              onClick={() => onRemove(upload.key)}
            >
              <X className="size-3.5" />
            </button>
          </div>
          {upload.error ? (
            <p className="mt-1 text-danger-700">{upload.error}</p>
          ) : upload.id ? null : (
            <Progress
              className="mt-1"
              value={Math.round(upload.progress * 100)}
              label={`Uploading ${upload.file.name}`}
            />
          )}
        </li>
      ))}
    </ul>
  )
}
