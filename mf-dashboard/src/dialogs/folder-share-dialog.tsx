import type { Folder } from '@pinpoint/api'
import type { FolderVisibility } from '@pinpoint/domain'
import { addToastAtom } from '@pinpoint/state'
import { Field, FormDialog, Input, Select, Textarea } from '@pinpoint/ui'
import { CopyLink } from '@pinpoint/ui/share-dialog'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useSetAtom } from 'jotai'
import { useState } from 'react'
import { endpoints } from '../api'
import { projectLink, shareChanges } from '../lib/folder-share'
import { FOLDERS_KEY } from '../lib/queries'
import { InlineError, submit } from './canvas/form'

/**
 * Who can open a project's link (SPEC 3 Folder: only my team, anyone with the link, only me), the
 * description its visitors read, and an optional password the server checks on the public page.
 */
export function FolderShareDialog({ folder, onClose }: { folder: Folder; onClose: () => void }) {
  const [visibility, setVisibility] = useState<FolderVisibility>(
    (folder.visibility as FolderVisibility | undefined) ?? 'only-team',
  )
  const [description, setDescription] = useState(folder.description ?? '')
  const [password, setPassword] = useState('')
  const [removePassword, setRemovePassword] = useState(false)
  const queryClient = useQueryClient()
  const toast = useSetAtom(addToastAtom)
  const link = projectLink(location.origin, folder.shareableId ?? '')
  const save = useMutation({
    mutationFn: () =>
      endpoints.folders.update(
        folder.id,
        shareChanges({ visibility, description, password, removePassword }),
      ),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: FOLDERS_KEY })
      toast({ type: 'success', message: 'Sharing settings saved' })
      onClose()
    },
  })
  return (
    <FormDialog
      onClose={onClose}
      title={`Share “${folder.name}”`}
      description="Clients open the project’s link without an account and see the canvases shared by link."
      confirmLabel="Save"
      form="folder-share"
      pending={save.isPending}
    >
      <div className="flex flex-col gap-5">
        <CopyLink
          label="Project link"
          link={link}
          testId="project-link"
          onCopyFailed={() => toast({ type: 'error', message: 'Copy failed: select the link and copy it.' })}
        />
        <form id="folder-share" className="flex flex-col gap-4" onSubmit={submit(() => save.mutate())}>
          <Field
            label="Who can open the link"
            hint={
              visibility === 'anyone-with-link' ? undefined : 'Visitors without access see “not available”.'
            }
          >
            <Select value={visibility} onChange={(e) => setVisibility(e.target.value as FolderVisibility)}>
              <option value="only-team">Only my team</option>
              <option value="anyone-with-link">Anyone with the link</option>
              <option value="only-me">Only me</option>
            </Select>
          </Field>
          <Field label="Description (optional)" hint="Shown to visitors above the canvases.">
            <Textarea
              value={description}
              maxLength={2000}
              rows={3}
              onChange={(e) => setDescription(e.target.value)}
            />
          </Field>
          <Field
            label={folder.hasPassword ? 'New password' : 'Password (optional)'}
            hint={
              folder.hasPassword
                ? 'A password is set. Leave this empty to keep it.'
                : 'Visitors must enter it before they see the canvases.'
            }
          >
            <Input
              type="password"
              autoComplete="new-password"
              maxLength={200}
              value={password}
              disabled={removePassword}
              onChange={(e) => setPassword(e.target.value)}
            />
          </Field>
          {folder.hasPassword ? (
            <label className="flex items-center gap-2 text-sm">
              <input
                type="checkbox"
                className="size-4 accent-brand-600"
                checked={removePassword}
                onChange={(e) => setRemovePassword(e.target.checked)}
              />
              Remove the password
            </label>
          ) : null}
        </form>
        <InlineError error={save.error} />
      </div>
    </FormDialog>
  )
}
