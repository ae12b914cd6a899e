import type { Canvas, Folder } from '@pinpoint/api'
import { Suspense } from 'react'
import type { CanvasDialog } from '../components/canvas-card'
import { type DashboardPrefs, selectFolder } from '../lib/prefs'
import {
  CanvasDialogs,
  DeleteFolderDialog,
  FolderNameDialog,
  FolderShareDialog,
  NewCanvasDialog,
} from './lazy'
import type { NewCanvasTab } from './new-canvas-dialog'

export type FolderDialogState =
  | { kind: 'new'; parent: Folder | null }
  | { kind: 'rename'; folder: Folder }
  | { kind: 'delete'; folder: Folder }
  | { kind: 'share'; folder: Folder }
  | null

export type OpenCanvasDialog = { canvas: Canvas; dialog: CanvasDialog } | null

/** The dialog the dashboard has open, if any (each loads its code on first use). */
export function DashboardDialogs({
  folderList,
  folderId,
  prefs,
  updatePrefs,
  newCanvas,
  setNewCanvas,
  canvasDialog,
  setCanvasDialog,
  folderDialog,
  setFolderDialog,
}: {
  folderList: Folder[]
  folderId: string | null
  prefs: DashboardPrefs
  updatePrefs: (update: (prefs: DashboardPrefs) => DashboardPrefs) => void
  newCanvas: NewCanvasTab | null
  setNewCanvas: (tab: NewCanvasTab | null) => void
  canvasDialog: OpenCanvasDialog
  setCanvasDialog: (dialog: OpenCanvasDialog) => void
  folderDialog: FolderDialogState
  setFolderDialog: (dialog: FolderDialogState) => void
}) {
  return (
    <Suspense fallback={null}>
      {newCanvas ? (
        <NewCanvasDialog
          folders={folderList}
          folderId={folderId}
          initialTab={newCanvas}
          onClose={() => setNewCanvas(null)}
        />
      ) : null}
      {canvasDialog ? (
        <CanvasDialogs
          canvas={canvasDialog.canvas}
          dialog={canvasDialog.dialog}
          folders={folderList}
          onClose={() => setCanvasDialog(null)}
        />
      ) : null}
      {folderDialog?.kind === 'new' ? (
        <FolderNameDialog
          parent={folderDialog.parent}
          onClose={() => setFolderDialog(null)}
          onCreated={(folder) => updatePrefs((p) => ({ ...selectFolder(p, folder.id), statusFilter: 'all' }))}
        />
      ) : null}
      {folderDialog?.kind === 'rename' ? (
        <FolderNameDialog folder={folderDialog.folder} onClose={() => setFolderDialog(null)} />
      ) : null}
      {folderDialog?.kind === 'share' ? (
        <FolderShareDialog folder={folderDialog.folder} onClose={() => setFolderDialog(null)} />
      ) : null}
      {folderDialog?.kind === 'delete' ? (
        <DeleteFolderDialog
          folder={folderDialog.folder}
          onClose={() => setFolderDialog(null)}
          onDeleted={() => {
            if (prefs.selectedFolderId === folderDialog.folder.id) updatePrefs((p) => selectFolder(p, null))
          }}
        />
      ) : null}
    </Suspense>
  )
}
