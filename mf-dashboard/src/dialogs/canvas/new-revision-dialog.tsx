/**
 * New revision (issue 17 item 1): a website canvas gets a revision that reviews the live site again, at
 * its address or a new one; any other canvas gets its new version uploaded here into the new revision
 * (progress and resume in the uploads tray, as when a canvas is created). The new revision becomes the
 * one reviewers see first.
 */
import { addToastAtom } from '@pinpoint/state'
import { Field, FormDialog, Input } from '@pinpoint/ui'
import { useMutation } from '@tanstack/react-query'
import { useSetAtom } from 'jotai'
import { UploadCloud } from 'lucide-react'
import { type FormEvent, useState } from 'react'
import { endpoints } from '../../api'
import { useCanvasActions } from '../../lib/actions'
import { useAssetUploads } from '../../lib/asset-uploads'
import { checkRevisionFiles, newRevisionTexts, revisionFileRules } from '../../lib/revision-text'
import { FilePicker } from '../file-picker'
import { InlineError } from './form'
import type { CanvasDialogsProps } from './types'

export function NewRevisionDialog({ canvas, onClose }: CanvasDialogsProps) {
  const toast = useSetAtom(addToastAtom)
  const { canvasUpdated } = useCanvasActions()
  const { uploadAssets, uploadVideoAsset } = useAssetUploads()
  const website = canvas.type === 'website'
  const [url, setUrl] = useState(canvas.localUrl ?? '')
  const [files, setFiles] = useState<File[]>([])
  const [problem, setProblem] = useState<string | null>(null)
  const numbers = (canvas.CanvasRevisions ?? []).map((r) => r.number)
  const texts = newRevisionTexts({
    type: canvas.type,
    title: canvas.title,
    latestNumber: numbers.length ? Math.max(...numbers) : null,
  })
  const rules = revisionFileRules(canvas.type)

  const create = useMutation({
    mutationFn: async () => {
      // A website revision keeps its own address: earlier revisions stay reviewable at theirs.
      const changed = website && url.trim() && url.trim() !== (canvas.localUrl ?? '')
      const { canvasRevision, canvas: updated } = await endpoints.canvases.newRevision(
        canvas.id,
        changed ? { localUrl: url.trim() } : {},
      )
      if (website && updated) canvasUpdated(updated)
      return canvasRevision
    },
    onSuccess: (revision) => {
      const made = newRevisionTexts({
        type: canvas.type,
        title: canvas.title,
        latestNumber: revision.number - 1,
      })
      toast({ type: 'success', message: made.toast })
      onClose()
      if (website) return
      // The files go up after the dialog has closed: the tray shows their progress, as for a new canvas.
      const target = { ...canvas, CanvasRevisionId: revision.id }
      const sending =
        canvas.type === 'video'
          ? uploadVideoAsset(target, files[0] as File, canvas.FolderId ?? null, revision.id)
          : uploadAssets(target, files, canvas.FolderId ?? null, revision.id)
      sending.then(canvasUpdated, (error: unknown) =>
        toast({
          type: 'error',
          message: `The new version of “${canvas.title}” did not upload: ${error instanceof Error ? error.message : 'try again'}.`,
        }),
      )
    },
  })

  const onSubmit = (event: FormEvent) => {
    event.preventDefault()
    const wrong = website ? null : checkRevisionFiles(canvas.type, files)
    setProblem(wrong)
    if (!wrong) create.mutate()
  }

  return (
    <FormDialog
      onClose={onClose}
      title="Start a new revision"
      description={texts.description}
      confirmLabel={website ? 'Create revision' : 'Upload new version'}
      form="new-revision"
      pending={create.isPending}
    >
      <form id="new-revision" className="flex flex-col gap-3" onSubmit={onSubmit}>
        {website ? (
          <Field label="Website address" hint="Change it if the new version lives at another address.">
            <Input type="url" value={url} onChange={(e) => setUrl(e.target.value)} required />
          </Field>
        ) : (
          <FilePicker
            accept={rules.accept}
            multiple={rules.multiple}
            files={files}
            onFiles={(chosen) => {
              setFiles(chosen)
              setProblem(null)
            }}
            label="Choose the new version"
            hint={rules.hint}
            icon={<UploadCloud />}
          />
        )}
        {problem ? (
          <p role="alert" className="text-sm text-danger-600">
            {problem}
          </p>
        ) : null}
      </form>
      <InlineError error={create.error} />
    </FormDialog>
  )
}
