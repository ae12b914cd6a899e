/** A drop zone and file input with the chosen files listed (each removable): canvas and revision uploads. */
import { cn, formatBytes } from '@pinpoint/ui'
import { FileText, Image as ImageIcon, X } from 'lucide-react'
import { type ReactNode, useRef, useState } from 'react'
import { fileKind } from '../lib/files'

export function FilePicker({
  accept,
  multiple,
  files,
  onFiles,
  label,
  hint,
  icon,
}: {
  accept: string
  multiple?: boolean
  files: File[]
  onFiles: (files: File[]) => void
  label: string
  hint: string
  icon: ReactNode
}) {
  const input = useRef<HTMLInputElement>(null)
  const [over, setOver] = useState(false)
  return (
    <div className="flex flex-col gap-3">
      <button
        type="button"
        onClick={() => input.current?.click()}
        onDragOver={(e) => {
          e.preventDefault()
          setOver(true)
        }}
        onDragLeave={() => setOver(false)}
        onDrop={(e) => {
          e.preventDefault()
          e.stopPropagation()
          setOver(false)
          onFiles(multiple ? [...files, ...e.dataTransfer.files] : [...e.dataTransfer.files].slice(0, 1))
        }}
        className={cn(
          'flex flex-col items-center gap-2 rounded-xl border-2 border-dashed border-line-strong px-6 py-8 text-center transition-colors hover:border-brand-400 hover:bg-brand-50/40',
          over && 'border-brand-500 bg-brand-50/60',
        )}
      >
        <span className="grid size-10 place-items-center rounded-xl bg-brand-50 text-brand-600 [&_svg]:size-5">
          {icon}
        </span>
        <span className="text-sm font-semibold">{label}</span>
        <span className="text-xs text-ink-muted">{hint}</span>
      </button>
      <input
        ref={input}
        type="file"
        className="sr-only"
        accept={accept}
        multiple={multiple}
        aria-label={label}
        onChange={(e) => {
          const chosen = [...(e.target.files ?? [])]
          onFiles(multiple ? [...files, ...chosen] : chosen.slice(0, 1))
          e.target.value = ''
        }}
      />
      {files.length > 0 ? (
        <ul className="divide-y divide-line rounded-lg border border-line">
          {files.map((file, index) => (
            <li
              key={`${file.name}-${file.size}-${file.lastModified}`}
              className="flex items-center gap-2 px-3 py-2 text-sm"
            >
              {fileKind(file) === 'pdf' ? (
                <FileText className="size-4 text-ink-subtle" />
              ) : (
                <ImageIcon className="size-4 text-ink-subtle" />
              )}
              <span className="min-w-0 flex-1 truncate">{file.name}</span>
              <span className="text-xs tabular-nums text-ink-muted">{formatBytes(file.size)}</span>
              <button
                type="button"
                aria-label={`Remove ${file.name}`}
                className="grid size-6 place-items-center rounded text-ink-subtle hover:bg-hover hover:text-ink"
                onClick={() => onFiles(files.filter((_, i) => i !== index))}
              >
                <X className="size-3.5" />
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  )
}
