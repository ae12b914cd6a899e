import type { Canvas, Folder } from '@pinpoint/api'
import { verdictLabel } from '@pinpoint/domain'
import { canvasPeopleAtom } from '@pinpoint/state'
import { Badge, Button, cn, formatRelativeTime, Menu, MenuItem, MenuSeparator, SubMenu } from '@pinpoint/ui'
import { useSetAtom } from 'jotai'
import {
  Archive,
  ArchiveRestore,
  Bell,
  CalendarClock,
  ExternalLink,
  FileText,
  FolderInput,
  FolderMinus,
  Globe,
  Image as ImageIcon,
  Layers,
  Mail,
  MoreHorizontal,
  Pencil,
  Settings2,
  Share2,
  Trash2,
  Upload,
  Users,
  Video,
} from 'lucide-react'
import { type ReactNode, useState } from 'react'
import { flattenFolders } from '../lib/folders'
import { AppLink } from './app-link'
import { CANVAS_DRAG_TYPE } from './folder-sidebar'

export type CanvasDialog =
  | 'edit'
  | 'move'
  | 'share'
  | 'expiry'
  | 'reminders'
  | 'revision'
  | 'settings'
  | 'export'
  | 'delete'

const TYPE_META: Record<string, { label: string; icon: ReactNode; tint: string }> = {
  website: {
    label: 'Website',
    icon: <Globe />,
    tint: 'from-sky-100 to-indigo-100 text-sky-700 dark:from-sky-950 dark:to-indigo-950 dark:text-sky-300',
  },
  email: {
    label: 'E-mail',
    icon: <Mail />,
    tint: 'from-amber-50 to-orange-100 text-orange-700 dark:from-amber-950 dark:to-orange-950 dark:text-orange-300',
  },
  design: {
    label: 'Design',
    icon: <ImageIcon />,
    tint: 'from-fuchsia-50 to-violet-100 text-violet-700 dark:from-fuchsia-950 dark:to-violet-950 dark:text-violet-300',
  },
  pdf: {
    label: 'PDF',
    icon: <FileText />,
    tint: 'from-rose-50 to-red-100 text-red-700 dark:from-rose-950 dark:to-red-950 dark:text-red-300',
  },
  video: {
    label: 'Video',
    icon: <Video />,
    tint: 'from-emerald-50 to-teal-100 text-teal-700 dark:from-emerald-950 dark:to-teal-950 dark:text-teal-300',
  },
  other: {
    label: 'Canvas',
    icon: <Layers />,
    tint: 'from-slate-50 to-slate-100 text-slate-600 dark:from-slate-900 dark:to-slate-800 dark:text-slate-300',
  },
}

export function canvasTypeMeta(canvas: Canvas) {
  const type = canvas.effectiveType ?? canvas.type
  return TYPE_META[type] ?? TYPE_META.other!
}

/**
 * The picture of a canvas: its current revision's picture (taken in a reviewer's browser, decision 056),
 * else its first PDF page or image, else a tinted tile with the type's icon (also when a picture fails to
 * load, e.g. its signed URL expired on a page left open). The tile keeps its aspect ratio, so nothing moves.
 */
function Thumbnail({ canvas }: { canvas: Canvas }) {
  const meta = canvasTypeMeta(canvas)
  const [failed, setFailed] = useState<string | null>(null)
  const asset =
    canvas.CanvasAssets?.find((a) => a.CanvasRevisionId === canvas.CanvasRevisionId) ??
    canvas.CanvasAssets?.[0]
  const image =
    canvas.thumbnailUrl ??
    asset?.pageThumbnailUrls?.[0] ??
    (asset?.url && (asset.mimeType?.startsWith('image/') || /\.(png|jpe?g|gif|webp|svg)$/i.test(asset.name))
      ? asset.url
      : null)
  if (image && failed !== image) {
    return (
      <img
        src={image}
        alt={`${meta.label} preview of ${canvas.title}`}
        loading="lazy"
        decoding="async"
        width={320}
        height={200}
        onError={() => setFailed(image)}
        className="size-full object-cover object-top transition-transform duration-300 group-hover:scale-[1.02]"
        data-testid="card-thumbnail"
      />
    )
  }
  return (
    <div className={cn('grid size-full place-items-center bg-gradient-to-br', meta.tint)}>
      <div className="grid size-12 place-items-center rounded-2xl bg-white/70 shadow-sm backdrop-blur dark:bg-black/30 [&_svg]:size-6">
        {meta.icon}
      </div>
      {canvas.type === 'website' && canvas.localUrl ? (
        <span className="absolute inset-x-3 bottom-2.5 truncate text-center font-mono text-2xs opacity-70">
          {canvas.localUrl.replace(/^https?:\/\//, '')}
        </span>
      ) : null}
    </div>
  )
}

/**
 * The viewer's unread notifications on the canvas (the list's `unreadCount`, decision 016), over the
 * picture. Outside the picture's link, which is hidden from screen readers: the words and the number
 * are read out with the card's title, so the news is never told by colour alone.
 */
function NewActivityBadge({ canvas }: { canvas: Canvas }) {
  const unread = canvas.unreadCount ?? 0
  if (!canvas.hasNewActivity && unread === 0) return null
  return (
    <span className="pointer-events-none absolute top-2.5 left-2.5">
      <Badge tone="warning" dot data-testid="card-new-activity">
        New activity
        {unread > 0 ? (
          <>
            {/* Spaces for the read-out text (the flex layout ignores them). */}{' '}
            <span aria-hidden="true">·</span>{' '}
            <span>
              {unread}
              <span className="sr-only">
                {' '}
                {unread === 1 ? 'unread notification' : 'unread notifications'}
              </span>
            </span>
          </>
        ) : null}
      </Badge>
    </span>
  )
}

export type CanvasCardProps = {
  canvas: Canvas
  folders: Folder[]
  folderName: string | null
  onMove: (canvas: Canvas, folderId: string | null) => void
  onArchive: (canvas: Canvas, archived: boolean) => void
  onDialog: (canvas: Canvas, dialog: CanvasDialog) => void
}

/** One canvas in the grid: opens its feedback link; a menu holds every action; draggable onto a project. */
export function CanvasCard({ canvas, folders, folderName, onMove, onArchive, onDialog }: CanvasCardProps) {
  const meta = canvasTypeMeta(canvas)
  const openPeople = useSetAtom(canvasPeopleAtom)
  const archived = canvas.archived ?? !!canvas.archiveDate
  const href = `/link/${canvas.subdomain}/`
  const updated = canvas.lastActivityAt ?? canvas.updatedAt ?? canvas.createdAt
  return (
    <article
      className="group relative flex flex-col overflow-hidden rounded-card border border-line bg-surface shadow-card transition-[box-shadow,border-color,transform] duration-200 hover:-translate-y-0.5 hover:border-line-strong hover:shadow-pop focus-within:border-brand-300"
      draggable
      onDragStart={(event) => {
        event.dataTransfer.setData(CANVAS_DRAG_TYPE, canvas.id)
        event.dataTransfer.effectAllowed = 'move'
      }}
      data-testid="canvas-card"
      data-canvas-id={canvas.id}
    >
      <AppLink
        to={href}
        className="relative block aspect-[16/10] overflow-hidden border-b border-line bg-surface-sunken"
        // The title below is the same link: one Tab stop and one name per card for keyboards and screen
        // readers; the picture stays a large target for a pointer or a finger.
        tabIndex={-1}
        aria-hidden="true"
      >
        <Thumbnail canvas={canvas} />
      </AppLink>
      <div className="flex items-start gap-2 p-3 pr-2">
        <div className="min-w-0 flex-1">
          <h3 className="text-sm font-semibold text-ink" title={canvas.title}>
            {/* min-h-6: a 24 px tap target (WCAG 2.5.8), not the 16 px of the text line. */}
            <AppLink to={href} className="flex min-h-6 items-center hover:underline">
              <span className="truncate">{canvas.title}</span>
            </AppLink>
          </h3>
          {/* Drawn over the picture (the card is the positioned box), read out after the title. */}
          <NewActivityBadge canvas={canvas} />
          <p className="mt-0.5 flex items-center gap-1.5 truncate text-xs text-ink-muted">
            <span className="inline-flex items-center gap-1 [&_svg]:size-3">
              {meta.icon}
              {meta.label}
            </span>
            {folderName ? (
              <>
                <span aria-hidden="true">·</span>
                <span className="truncate">{folderName}</span>
              </>
            ) : null}
            {updated ? (
              <>
                <span aria-hidden="true">·</span>
                <span className="whitespace-nowrap">{formatRelativeTime(updated)}</span>
              </>
            ) : null}
          </p>
          {archived ||
          canvas.isPremium ||
          canvas.verdict ||
          canvas.state?.expired ||
          canvas.state?.paused ||
          canvas.state?.feedbackDeadline ||
          canvas.state?.readOnly ? (
            <div className="mt-2 flex flex-wrap gap-1">
              {archived ? <Badge>Archived</Badge> : null}
              {canvas.isPremium ? <Badge tone="brand">Premium</Badge> : null}
              {canvas.verdict ? (
                <Badge
                  tone={
                    canvas.verdict === 'approved'
                      ? 'success'
                      : canvas.verdict === 'rejected'
                        ? 'danger'
                        : 'warning'
                  }
                  dot
                  data-testid="card-verdict"
                  title="Latest verdict on the current revision"
                >
                  {verdictLabel(canvas.verdict)}
                </Badge>
              ) : null}
              {/* Read-only for another reason than those named here: the account is not paid (SPEC 4). */}
              {canvas.state?.readOnly &&
              !canvas.state.expired &&
              !canvas.state.paused &&
              !canvas.state.feedbackDeadline ? (
                <Badge tone="warning" title={canvas.state.readOnlyReason ?? undefined}>
                  Read-only
                </Badge>
              ) : null}
              {canvas.state?.expired ? <Badge tone="danger">Expired</Badge> : null}
              {canvas.state?.paused ? <Badge tone="warning">Paused</Badge> : null}
              {canvas.state?.feedbackDeadline && !canvas.state.paused ? (
                <Badge tone="info">Deadline set</Badge>
              ) : null}
            </div>
          ) : null}
        </div>
        <Menu
          trigger={
            <Button
              variant="ghost"
              size="icon-sm"
              aria-label={`Actions for ${canvas.title}`}
              className="shrink-0"
            >
              <MoreHorizontal />
            </Button>
          }
        >
          <MenuItem icon={<ExternalLink />} onSelect={() => window.open(href, '_blank', 'noopener')}>
            Open in new tab
          </MenuItem>
          <MenuItem icon={<Share2 />} onSelect={() => onDialog(canvas, 'share')}>
            Share
          </MenuItem>
          <MenuItem
            icon={<Users />}
            onSelect={() => openPeople({ canvasId: canvas.id, title: canvas.title })}
          >
            People
          </MenuItem>
          <MenuItem icon={<Pencil />} onSelect={() => onDialog(canvas, 'edit')}>
            Rename
          </MenuItem>
          <SubMenu label="Move to project" icon={<FolderInput />}>
            {folders.length === 0 ? (
              <MenuItem disabled>No projects yet</MenuItem>
            ) : (
              flattenFolders(folders).map(({ folder, depth }) => (
                <MenuItem
                  key={folder.id}
                  disabled={folder.id === canvas.FolderId}
                  onSelect={() => onMove(canvas, folder.id)}
                >
                  <span style={{ paddingLeft: depth * 12 }}>{folder.name}</span>
                </MenuItem>
              ))
            )}
            <MenuSeparator />
            <MenuItem icon={<FolderInput />} onSelect={() => onDialog(canvas, 'move')}>
              Choose…
            </MenuItem>
          </SubMenu>
          {canvas.FolderId ? (
            <MenuItem icon={<FolderMinus />} onSelect={() => onMove(canvas, null)}>
              Remove from project
            </MenuItem>
          ) : null}
          <MenuSeparator />
          <MenuItem icon={<CalendarClock />} onSelect={() => onDialog(canvas, 'expiry')}>
            Deadline and expiry
          </MenuItem>
          <MenuItem icon={<Bell />} onSelect={() => onDialog(canvas, 'reminders')}>
            Reminders
          </MenuItem>
          <MenuItem icon={<Layers />} onSelect={() => onDialog(canvas, 'revision')}>
            New revision
          </MenuItem>
          <MenuItem icon={<Settings2 />} onSelect={() => onDialog(canvas, 'settings')}>
            Link settings
          </MenuItem>
          <MenuItem icon={<Upload />} onSelect={() => onDialog(canvas, 'export')}>
            Export comments
          </MenuItem>
          <MenuSeparator />
          {archived ? (
            <MenuItem icon={<ArchiveRestore />} onSelect={() => onArchive(canvas, false)}>
              Unarchive
            </MenuItem>
          ) : (
            <MenuItem icon={<Archive />} onSelect={() => onArchive(canvas, true)}>
              Archive
            </MenuItem>
          )}
          <MenuItem icon={<Trash2 />} tone="danger" onSelect={() => onDialog(canvas, 'delete')}>
            Delete
          </MenuItem>
        </Menu>
      </div>
    </article>
  )
}
