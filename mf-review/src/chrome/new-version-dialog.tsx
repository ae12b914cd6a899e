/**
 * "Upload new version" from the review screen (issue 17 item 1): the new version of a design, PDF, e-mail
 * or video is uploaded into a new revision with the same progress and resume as on the dashboard (the
 * shared uploads of @pinpoint/state, tus for a video); a website's new revision takes a new address or
 * fetches the same one again. The screen then shows the new revision.
 */
import { type Canvas as ApiCanvas, createApiClient, createEndpoints } from '@pinpoint/api'
import { checkRevisionFiles, revisionFileRules } from '@pinpoint/domain'
import { addToastAtom, useAssetUploads } from '@pinpoint/state'
import { Field, FormDialog, Input } from '@pinpoint/ui'
import { useQueryClient } from '@tanstack/react-query'
import { useSetAtom } from 'jotai'
import { type FormEvent, useId, useMemo, useState } from 'react'
import { UploadRows } from '../assets/upload-rows'
import { reviewKeys } from '../data/cache'
import { useReviewApi } from '../data/queries'
import { useReview } from '../model'

export function NewVersionDialog({ onClose }: { onClose: () => void }) {
  const { canvas, setRevision } = useReview()
  const api = useReviewApi()
  const client = useQueryClient()
  const toast = useSetAtom(addToastAtom)
  const endpoints = useMemo(() => createEndpoints(createApiClient()), [])
  const { uploadAssets, uploadVideoAsset } = useAssetUploads(endpoints)
  const website = canvas.type === 'website'
  const rules = revisionFileRules(canvas.type)
  const [url, setUrl] = useState(canvas.localUrl ?? '')
  const [files, setFiles] = useState<File[]>([])
  const [problem, setProblem] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  const inputId = useId()
  // A revision made by an attempt whose upload failed or was cancelled takes the files of the next one.
  const [made, setMade] = useState<{ id: string; number: number } | null>(null)

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    const wrong = website ? null : checkRevisionFiles(canvas.type, files)
    setProblem(wrong)
    if (wrong) return
    setBusy(true)
    try {
      const changed = website && url.trim() && url.trim() !== (canvas.localUrl ?? '')
      const canvasRevision =
        made ?? (await api.createRevision(canvas.id, changed ? { localUrl: url.trim() } : {})).canvasRevision
      setMade(canvasRevision)
      if (!website) {
        const target = { ...canvas, CanvasRevisionId: canvasRevision.id } as ApiCanvas
        if (canvas.type === 'video')
          await uploadVideoAsset(target, files[0] as File, canvas.FolderId ?? null, canvasRevision.id)
        else await uploadAssets(target, files, canvas.FolderId ?? null, canvasRevision.id)
      }
      await client.invalidateQueries({ queryKey: reviewKeys.link(canvas.subdomain) })
      setRevision(canvasRevision.number)
      toast({ type: 'success', message: `Revision ${canvasRevision.number} is the one reviewers see first.` })
      onClose()
    } catch (error) {
      const cancelled = error instanceof DOMException && error.name === 'AbortError'
      setProblem(
        cancelled
          ? 'Upload cancelled. Choose the files and upload again to finish this revision.'
          : error instanceof Error
            ? error.message
            : 'The new version was not uploaded.',
      )
    } finally {
      setBusy(false)
    }
  }

  return (
    <FormDialog
      title="Upload new version"
      description={
        website
          ? 'The new revision reviews the website as it is live now, at the same address or a new one. Earlier revisions keep theirs.'
          : 'The new version becomes the next revision, the one reviewers see first. Earlier revisions and their comments stay in the revision menu.'
      }
      onClose={busy ? () => undefined : onClose}
      confirmLabel={website ? 'Create revision' : 'Upload new version'}
      form="new-version"
      pending={busy}
    >
      <form id="new-version" className="flex flex-col gap-3" onSubmit={(event) => void submit(event)}>
        {website ? (
          <Field label="Website address" hint="Change it if the new version lives at another address.">
            <Input type="url" value={url} onChange={(event) => setUrl(event.target.value)} required />
          </Field>
        ) : (
          <div className="flex flex-col gap-1">
            <label htmlFor={inputId} className="text-sm font-medium">
              Files of the new version
            </label>
            <input
              id={inputId}
              type="file"
              accept={rules.accept}
              multiple={rules.multiple}
              aria-describedby={`${inputId}-hint`}
              onChange={(event) => {
                setFiles([...(event.target.files ?? [])])
                setProblem(null)
              }}
              className="text-sm file:mr-3 file:rounded-control file:border file:border-line-strong file:bg-surface file:px-3 file:py-1.5"
            />
            <p id={`${inputId}-hint`} className="text-xs text-ink-muted">
              {rules.hint}
            </p>
          </div>
        )}
        <UploadRows canvasId={canvas.id} />
        {problem ? (
          <p role="alert" className="text-sm text-danger-600">
            {problem}
          </p>
        ) : null}
      </form>
    </FormDialog>
  )
}
