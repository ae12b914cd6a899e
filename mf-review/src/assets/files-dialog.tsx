/**
 * The files of the shown revision of a design or PDF canvas (issue 17 item 6): add, replace, delete and
 * reorder them, each with its thumbnail. Reordering works by dragging a row or, from the keyboard, by
 * focusing a row's handle and pressing the arrow keys; the new place is read out in a live region.
 * Deleting a file takes its comments with it (the server answers which) and shows another remaining file
 * (SPEC 4), which `setAsset` does together with closing the open comment.
 */
import { assetAfterDelete, moveInOrder, positionsOf } from '@pinpoint/domain'
import { addToastAtom, useTrackedUpload } from '@pinpoint/state'
import { Button, Dialog } from '@pinpoint/ui'
import { useQueryClient } from '@tanstack/react-query'
import { useSetAtom } from 'jotai'
import { FileText, GripVertical, ImageIcon, Trash2, Upload } from 'lucide-react'
import { type KeyboardEvent, useEffect, useId, useMemo, useRef, useState } from 'react'
import { reviewKeys } from '../data/cache'
import type { CanvasAsset } from '../data/types'
import { useReview } from '../model'
import { useAssetApi } from './api'
import { FILE_ACCEPT } from './manages-files'
import { UploadRows } from './upload-rows'

function message(error: unknown): string {
  return error instanceof Error && error.message ? error.message : 'Something went wrong. Try again.'
}

export function FilesDialog({ onClose }: { onClose: () => void }) {
  const { canvas, assets, asset, setAsset } = useReview()
  const api = useAssetApi()
  const client = useQueryClient()
  const toast = useSetAtom(addToastAtom)
  const tracked = useTrackedUpload()
  const [order, setOrder] = useState(() => assets.map((a) => a.id))
  const [announcement, setAnnouncement] = useState('')
  const [busy, setBusy] = useState<string | null>(null)
  const [confirming, setConfirming] = useState<string | null>(null)
  const [dragged, setDragged] = useState<string | null>(null)
  const handles = useRef(new Map<string, HTMLButtonElement>())
  const addInput = useRef<HTMLInputElement>(null)
  const listId = useId()
  const accept = FILE_ACCEPT[canvas.type] ?? FILE_ACCEPT.design ?? ''
  const revisionId = asset?.CanvasRevisionId ?? assets[0]?.CanvasRevisionId ?? canvas.CanvasRevisionId ?? null

  // The server's order wins once it arrives (another reviewer may have changed it meanwhile).
  const serverOrder = assets.map((a) => a.id).join(',')
  useEffect(() => {
    setOrder(serverOrder ? serverOrder.split(',') : [])
  }, [serverOrder])

  const byId = useMemo(() => new Map(assets.map((a) => [a.id, a])), [assets])
  const rows = order.map((id) => byId.get(id)).filter((a): a is CanvasAsset => !!a)

  const refresh = () => client.invalidateQueries({ queryKey: reviewKeys.link(canvas.subdomain) })

  const move = async (id: string, to: number, focus: boolean) => {
    const from = order.indexOf(id)
    const next = moveInOrder(order, from, to)
    if (next === order) return
    const previous = order
    setOrder([...next])
    const name = byId.get(id)?.name ?? 'File'
    setAnnouncement(`${name} moved to position ${next.indexOf(id) + 1} of ${next.length}.`)
    if (focus) requestAnimationFrame(() => handles.current.get(id)?.focus())
    try {
      await api.reorder(canvas.id, positionsOf(next))
      await refresh()
    } catch (error) {
      setOrder(previous)
      setAnnouncement(`${name} could not be moved.`)
      toast({ type: 'error', message: message(error) })
    }
  }

  const onHandleKey = (event: KeyboardEvent, id: string) => {
    const index = order.indexOf(id)
    const to =
      event.key === 'ArrowUp'
        ? index - 1
        : event.key === 'ArrowDown'
          ? index + 1
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? order.length - 1
              : null
    if (to === null) return
    event.preventDefault()
    void move(id, to, true)
  }

  const run = async (key: string, work: () => Promise<void>) => {
    setBusy(key)
    try {
      await work()
    } catch (error) {
      // A cancelled upload says so in its row; it is not an error to toast.
      if (!(error instanceof DOMException && error.name === 'AbortError'))
        toast({ type: 'error', message: message(error) })
    } finally {
      setBusy(null)
    }
  }

  const add = (files: File[]) =>
    run('add', async () => {
      // Each file is an entry of the shared uploads list: its bytes and Cancel here, and in the
      // dashboard's uploads tray as well.
      for (const file of files)
        await tracked(file, canvas.id, (onProgress, signal) =>
          api.upload(canvas.id, file, revisionId, { onProgress, signal }),
        )
      await refresh()
      setAnnouncement(files.length === 1 ? `${files[0]?.name} added.` : `${files.length} files added.`)
    })

  const replace = (target: CanvasAsset, file: File) =>
    run(target.id, async () => {
      await tracked(file, canvas.id, (onProgress, signal) =>
        api.replace(canvas.id, target.id, file, { onProgress, signal }),
      )
      await refresh()
      setAnnouncement(`${target.name} replaced by ${file.name}.`)
    })

  const remove = (target: CanvasAsset) =>
    run(target.id, async () => {
      const { annotations } = await api.remove(canvas.id, target.id)
      const nextId = assetAfterDelete(order, target.id, asset?.id ?? null)
      setConfirming(null)
      setOrder((current) => current.filter((id) => id !== target.id))
      // SPEC 4: another remaining file is shown and the open comment is closed.
      if (nextId) setAsset(nextId)
      await Promise.all([
        refresh(),
        client.invalidateQueries({ queryKey: reviewKeys.annotations(canvas.id) }),
      ])
      const comments = annotations.length
      setAnnouncement(
        `${target.name} deleted${comments ? ` with ${comments} comment${comments === 1 ? '' : 's'}` : ''}.`,
      )
    })

  return (
    <Dialog
      open
      onOpenChange={(open) => (open ? undefined : onClose())}
      title="Files of this revision"
      description="Drag a file, or focus its handle and press the up and down arrow keys, to change the order reviewers step through."
      size="lg"
      footer={
        <>
          <input
            ref={addInput}
            type="file"
            accept={accept}
            multiple
            className="sr-only"
            tabIndex={-1}
            aria-hidden="true"
            data-testid="files-add-input"
            onChange={(event) => {
              const files = [...(event.target.files ?? [])]
              event.target.value = ''
              if (files.length > 0) void add(files)
            }}
          />
          <Button variant="secondary" onClick={onClose}>
            Done
          </Button>
          <Button onClick={() => addInput.current?.click()} loading={busy === 'add'} disabled={busy !== null}>
            <Upload aria-hidden="true" />
            Add files
          </Button>
        </>
      }
    >
      <p role="status" aria-live="polite" className="sr-only" data-testid="files-announcer">
        {announcement}
      </p>
      <UploadRows canvasId={canvas.id} />
      {rows.length === 0 ? (
        <p className="text-sm text-ink-muted">This revision has no files yet. Add one to start the review.</p>
      ) : (
        <ol id={listId} className="flex flex-col gap-1.5" data-testid="files-list" aria-label="Files">
          {rows.map((item, index) => (
            <li
              key={item.id}
              draggable
              onDragStart={(event) => {
                setDragged(item.id)
                event.dataTransfer.effectAllowed = 'move'
                event.dataTransfer.setData('text/plain', item.id)
              }}
              onDragOver={(event) => {
                if (dragged) event.preventDefault()
              }}
              onDrop={(event) => {
                event.preventDefault()
                if (dragged && dragged !== item.id) void move(dragged, index, false)
                setDragged(null)
              }}
              onDragEnd={() => setDragged(null)}
              className={`flex flex-wrap items-center gap-2 rounded-control border p-1.5 ${
                item.id === asset?.id ? 'border-brand-600 bg-selected' : 'border-line'
              } ${dragged === item.id ? 'opacity-50' : ''}`}
              data-testid="files-row"
              data-asset-id={item.id}
            >
              <button
                type="button"
                ref={(node) => {
                  if (node) handles.current.set(item.id, node)
                  else handles.current.delete(item.id)
                }}
                className="flex h-9 w-7 shrink-0 cursor-grab items-center justify-center rounded-control text-ink-muted hover:bg-hover focus-visible:outline-2 focus-visible:outline-brand-500"
                aria-label={`Reorder ${item.name}, position ${index + 1} of ${rows.length}`}
                aria-describedby={`${listId}-hint`}
                onKeyDown={(event) => onHandleKey(event, item.id)}
                data-testid="files-handle"
              >
                <GripVertical aria-hidden="true" className="size-4" />
              </button>
              <Thumbnail asset={item} />
              <span className="min-w-24 flex-1 basis-0 truncate text-sm" title={item.name}>
                {index + 1}. {item.name}
              </span>
              {/* On a phone the actions take a line of their own under the name. */}
              <div className="ml-auto flex items-center gap-1">
                <Button
                  variant="ghost"
                  size="sm"
                  onClick={() => {
                    setAsset(item.id)
                    onClose()
                  }}
                >
                  Show<span className="sr-only"> {item.name}</span>
                </Button>
                <ReplaceButton
                  name={item.name}
                  accept={accept}
                  loading={busy === item.id}
                  disabled={busy !== null}
                  onFile={(file) => void replace(item, file)}
                />
                {confirming === item.id ? (
                  <Button
                    variant="danger"
                    size="sm"
                    loading={busy === item.id}
                    onClick={() => void remove(item)}
                    data-testid="files-confirm-delete"
                  >
                    Delete with its comments<span className="sr-only"> ({item.name})</span>
                  </Button>
                ) : (
                  <Button
                    variant="ghost"
                    size="icon-sm"
                    aria-label={`Delete ${item.name}`}
                    title={`Delete ${item.name}`}
                    disabled={busy !== null}
                    onClick={() => setConfirming(item.id)}
                  >
                    <Trash2 aria-hidden="true" />
                  </Button>
                )}
              </div>
            </li>
          ))}
        </ol>
      )}
      <p id={`${listId}-hint`} className="sr-only">
        Press the up or down arrow key to move the file, Home or End to move it to the start or end.
      </p>
    </Dialog>
  )
}

function Thumbnail({ asset }: { asset: CanvasAsset }) {
  const src =
    asset.thumbnailUrl ?? asset.pageThumbnailUrls?.[0] ?? (asset.type === 'image' ? asset.url : null)
  if (src)
    return (
      <img
        src={src}
        alt=""
        className="h-10 w-14 shrink-0 rounded border border-line bg-surface-sunken object-contain"
        draggable={false}
        data-testid="files-thumbnail"
      />
    )
  const Icon = asset.type === 'pdf' ? FileText : ImageIcon
  return (
    <span className="flex h-10 w-14 shrink-0 items-center justify-center rounded border border-line bg-surface-sunken text-ink-muted">
      <Icon aria-hidden="true" className="size-4" />
    </span>
  )
}

function ReplaceButton(props: {
  name: string
  accept: string
  loading: boolean
  disabled: boolean
  onFile: (file: File) => void
}) {
  const input = useRef<HTMLInputElement>(null)
  return (
    <>
      <input
        ref={input}
        type="file"
        accept={props.accept}
        className="sr-only"
        tabIndex={-1}
        aria-hidden="true"
        data-testid="files-replace-input"
        onChange={(event) => {
          const file = event.target.files?.[0]
          event.target.value = ''
          if (file) props.onFile(file)
        }}
      />
      <Button
        variant="ghost"
        size="sm"
        loading={props.loading}
        disabled={props.disabled}
        onClick={() => input.current?.click()}
      >
        Replace<span className="sr-only"> {props.name}</span>
      </Button>
    </>
  )
}
