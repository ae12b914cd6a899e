import type { Folder } from '@pinpoint/api'
import { addToastAtom } from '@pinpoint/state'
import { Field, FormDialog, Input } from '@pinpoint/ui'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useSetAtom } from 'jotai'
import { Trash2 } from 'lucide-react'
import { type FormEvent, useState } from 'react'
import { endpoints } from '../api'
import { FOLDERS_KEY, refreshCanvasLists } from '../lib/queries'

function errorText(error: unknown) {
  return error instanceof Error && error.message ? error.message : 'Something went wrong. Please try again.'
}

/** New project (optionally inside another) or rename. */
export function FolderNameDialog({
  folder,
  parent,
  onClose,
  onCreated,
}: {
  folder?: Folder
  parent?: Folder | null
  onClose: () => void
  onCreated?: (folder: Folder) => void
}) {
  const [name, setName] = useState(folder?.name ?? '')
  const queryClient = useQueryClient()
  const toast = useSetAtom(addToastAtom)
  const save = useMutation({
    mutationFn: () =>
      folder
        ? endpoints.folders.update(folder.id, { name: name.trim() })
        : endpoints.folders.create({ name: name.trim(), parentFolderId: parent?.id ?? null }),
    onSuccess: async ({ folder: saved }) => {
      await queryClient.invalidateQueries({ queryKey: FOLDERS_KEY })
      toast({ type: 'success', message: folder ? 'Project renamed' : `Project “${saved.name}” created` })
      if (!folder) onCreated?.(saved)
      onClose()
    },
  })
  const onSubmit = (event: FormEvent) => {
    event.preventDefault()
    if (name.trim()) save.mutate()
  }
  return (
    <FormDialog
      onClose={onClose}
      title={folder ? 'Rename project' : parent ? `New project in “${parent.name}”` : 'New project'}
      description={folder ? undefined : 'Projects group canvases by client, campaign or product.'}
      size="sm"
      confirmLabel={folder ? 'Save' : 'Create project'}
      form="folder-name"
      pending={save.isPending}
      disabled={!name.trim()}
    >
      <form id="folder-name" onSubmit={onSubmit}>
        <Field label="Name" error={save.isError ? errorText(save.error) : undefined}>
          <Input
            value={name}
            onChange={(e) => setName(e.target.value)}
            autoFocus
            required
            maxLength={120}
            placeholder="Spring campaign"
          />
        </Field>
      </form>
    </FormDialog>
  )
}

export function DeleteFolderDialog({
  folder,
  onClose,
  onDeleted,
}: {
  folder: Folder
  onClose: () => void
  onDeleted: () => void
}) {
  const queryClient = useQueryClient()
  const toast = useSetAtom(addToastAtom)
  const remove = useMutation({
    mutationFn: () => endpoints.folders.remove(folder.id),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: FOLDERS_KEY })
      await refreshCanvasLists(queryClient)
      toast({ type: 'success', message: `Project “${folder.name}” deleted` })
      onDeleted()
      onClose()
    },
  })
  return (
    <FormDialog
      onClose={onClose}
      title={`Delete “${folder.name}”?`}
      description={`The project is removed. Its ${folder.canvasesCount === 1 ? 'canvas stays' : `${folder.canvasesCount} canvases stay`} in All canvases.`}
      size="sm"
      confirmLabel={
        <>
          <Trash2 />
          Delete project
        </>
      }
      variant="danger"
      pending={remove.isPending}
      onConfirm={() => remove.mutate()}
    >
      {remove.isError ? (
        <p role="alert" className="text-sm text-danger-600">
          {errorText(remove.error)}
        </p>
      ) : null}
    </FormDialog>
  )
}
