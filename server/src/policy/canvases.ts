/**
 * Rules about canvases, folders and files (SPEC 6). Subjects are the domain shapes (`DomainCanvas`,
 * `DomainFolder`), so a loaded canvas record can be passed as it is.
 *
 * Reading a canvas through its feedback link (visibility, link password, canvas users) is not a rule over
 * the actor alone; it lives in modules/canvases/access.ts.
 */
import {
  canAccessCanvas,
  canAttachFiles,
  canEditCanvas,
  canEditFolder,
  canPauseCanvas,
  type DomainCanvas,
  type DomainFolder,
  isGuest,
} from '@pinpoint/domain'
import { defineRules } from './types'

export const canvasRules = defineRules({
  /** Create canvases and folders: any non-guest account. */
  'canvas.create': (user, _subject: undefined) => !!user && !isGuest(user),
  /** Member access: the creator or a member of the owner's team (dashboard, no link needed). */
  'canvas.access': (user, canvas: DomainCanvas) => canAccessCanvas(user, canvas),
  /** Rename, settings, revisions, assets, delete, share: same team and creator or team admin. */
  'canvas.edit': (user, canvas: DomainCanvas) => canEditCanvas(user, canvas),
  /** Set, change or remove the feedback deadline (pausing): SPEC "pause canvas". */
  'canvas.pause': (user, canvas: DomainCanvas) => canPauseCanvas(user, canvas),
  /** Transfer ownership: the owner, or a team admin of the owner's team (both are `canvas.edit`). */
  'canvas.transfer': (user, canvas: DomainCanvas) => canEditCanvas(user, canvas),
  /** Edit a folder (project): someone in the folder owner's team, or its owner. */
  'folder.edit': (user, folder: DomainFolder) => canEditFolder(user, folder),
  /** Attach files to comments: a customer whose plan is not free0. */
  'file.attach': (user, _subject: undefined) => canAttachFiles(user),
})
