/**
 * The revision menu beside the revision picker: compare two revisions, and for the canvas's editors upload
 * a new version (new-version-dialog.tsx), rename or delete the revision on screen. Deleting it shows the latest remaining revision and closes the open
 * comment (SPEC 4: deleting a revision selects another remaining one and clears the selected annotation).
 */
import { addToastAtom } from '@pinpoint/state'
import { Button, Field, FormDialog, Input, Menu, MenuItem } from '@pinpoint/ui'
import { useQueryClient } from '@tanstack/react-query'
import { useSetAtom } from 'jotai'
import { Columns2, Layers, Pencil, Trash2, UploadCloud } from 'lucide-react'
import { type FormEvent, useState } from 'react'
import { defaultPair } from '../compare/compare-logic'
import { reviewKeys } from '../data/cache'
import { useReviewApi } from '../data/queries'
import { useReview } from '../model'
import { useReviewAtoms } from '../state'
import { NewVersionDialog } from './new-version-dialog'

export function RevisionMenu() {
  const { canvas, revisions, revisionNumber, revisionId, setRevision, select } = useReview()
  const setCompare = useSetAtom(useReviewAtoms().compare)
  const api = useReviewApi()
  const client = useQueryClient()
  const toast = useSetAtom(addToastAtom)
  const [dialog, setDialog] = useState<'rename' | 'delete' | 'upload' | null>(null)
  const [busy, setBusy] = useState(false)
  const revision = revisions.find((r) => r.id === revisionId) ?? null
  const [name, setName] = useState('')
  const pair = defaultPair(revisions, revisionNumber)
  if (!revision || (!pair && !canvas.editable)) return null

  const reload = () => client.invalidateQueries({ queryKey: reviewKeys.link(canvas.subdomain) })
  const rename = async (event: FormEvent) => {
    event.preventDefault()
    setBusy(true)
    try {
      await api.renameRevision(revision.id, name.trim() || null)
      await reload()
      toast({ type: 'success', message: `Revision ${revision.number} renamed.` })
      setDialog(null)
    } catch (error) {
      toast({
        type: 'error',
        message: error instanceof Error ? error.message : 'The revision was not renamed.',
      })
    } finally {
      setBusy(false)
    }
  }
  const remove = async () => {
    setBusy(true)
    try {
      const { canvas: after } = await api.deleteRevision(revision.id)
      const left = [...(after.CanvasRevisions ?? [])].sort((a, b) => a.number - b.number)
      const latest = left.find((r) => r.id === after.CanvasRevisionId) ?? left.at(-1)
      select(null)
      if (latest) setRevision(latest.number)
      await reload()
      toast({ type: 'success', message: `Revision ${revision.number} deleted.` })
      setDialog(null)
    } catch (error) {
      toast({
        type: 'error',
        message: error instanceof Error ? error.message : 'The revision was not deleted.',
      })
    } finally {
      setBusy(false)
    }
  }
  return (
    <>
      <Menu
        trigger={
          <Button variant="ghost" size="icon-sm" aria-label="Revision actions">
            <Layers />
          </Button>
        }
      >
        {pair ? (
          <MenuItem icon={<Columns2 />} onSelect={() => setCompare(pair)}>
            Compare v{pair.left} and v{pair.right}
          </MenuItem>
        ) : null}
        {canvas.editable ? (
          <MenuItem icon={<UploadCloud />} onSelect={() => setDialog('upload')}>
            Upload new version
          </MenuItem>
        ) : null}
        {canvas.editable ? (
          <MenuItem
            icon={<Pencil />}
            onSelect={() => {
              setName(revision.name ?? '')
              setDialog('rename')
            }}
          >
            Rename v{revision.number}
          </MenuItem>
        ) : null}
        {canvas.editable && revisions.length > 1 ? (
          <MenuItem icon={<Trash2 />} tone="danger" onSelect={() => setDialog('delete')}>
            Delete v{revision.number}
          </MenuItem>
        ) : null}
      </Menu>
      {dialog === 'upload' ? <NewVersionDialog onClose={() => setDialog(null)} /> : null}
      {dialog === 'rename' ? (
        <FormDialog
          title={`Rename revision ${revision.number}`}
          onClose={() => setDialog(null)}
          confirmLabel="Save"
          form="rename-revision"
          pending={busy}
        >
          <form id="rename-revision" onSubmit={(event) => void rename(event)}>
            <Field label="Name" hint="Shown in the revision menu; leave it empty for the number alone.">
              <Input
                value={name}
                maxLength={200}
                onChange={(event) => setName(event.target.value)}
                autoFocus
              />
            </Field>
          </form>
        </FormDialog>
      ) : null}
      {dialog === 'delete' ? (
        <FormDialog
          title={`Delete revision ${revision.number}?`}
          description="Its files and every comment on it are deleted too. This cannot be undone."
          onClose={() => setDialog(null)}
          confirmLabel="Delete revision"
          variant="danger"
          onConfirm={() => void remove()}
          pending={busy}
        />
      ) : null}
    </>
  )
}
