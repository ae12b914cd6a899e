/**
 * The compare view's bar: the two revisions, side by side or overlay, the overlay's opacity, the zoom of
 * files (both sides together), the file and page, carrying comments, and the way back to the review.
 */
import { Button, cn } from '@pinpoint/ui'
import {
  ArrowLeft,
  ChevronLeft,
  ChevronRight,
  Columns2,
  Layers,
  Link2,
  Minus,
  MoveRight,
  Plus,
  Unlink2,
} from 'lucide-react'
import type { CompareState } from './compare-logic'

const SELECT = 'h-8 shrink-0 rounded-control border border-line-strong/80 bg-surface px-1.5 text-sm'

export interface CompareToolbarProps {
  state: CompareState
  numbers: readonly number[]
  onChange(state: CompareState): void
  onClose(): void
  opacity: number
  onOpacity(value: number): void
  zoom: number | null
  onZoom(value: number): void
  files: { count: number; index: number; onIndex(index: number): void }
  pages: { count: number; index: number; onIndex(index: number): void } | null
  carry: { count: number; busy: boolean; onCarry(): void } | null
  /** Linked playback of the two videos (videos only). */
  link?: { on: boolean; onToggle(): void } | null
}

export function CompareToolbar(props: CompareToolbarProps) {
  const { state, numbers, onChange, opacity, zoom, files, pages, carry, link } = props
  const pick = (side: 'left' | 'right', label: string) => (
    <select
      aria-label={label}
      value={String(state[side])}
      onChange={(event) => onChange({ ...state, [side]: Number(event.target.value) })}
      className={SELECT}
      data-testid={`compare-${side}`}
    >
      {numbers.map((n) => (
        <option key={n} value={n}>
          v{n}
        </option>
      ))}
    </select>
  )
  const mode = (value: CompareState['mode'], label: string, icon: React.ReactNode) => (
    <button
      type="button"
      aria-pressed={state.mode === value}
      onClick={() => onChange({ ...state, mode: value })}
      className={cn(
        'flex h-7 items-center gap-1.5 rounded-md px-2 text-sm',
        state.mode === value ? 'bg-ink text-ink-inverted' : 'text-ink-muted hover:bg-hover',
      )}
    >
      {icon}
      {label}
    </button>
  )
  return (
    <div
      className="flex flex-wrap items-center gap-2 border-b border-line bg-surface px-3 py-2"
      data-testid="compare-toolbar"
    >
      <Button variant="ghost" size="sm" onClick={props.onClose}>
        <ArrowLeft />
        Back to review
      </Button>
      <h2 className="text-sm font-semibold">Compare</h2>
      {pick('left', 'Earlier revision')}
      <MoveRight className="size-4 text-ink-muted" aria-hidden="true" />
      {pick('right', 'Later revision')}
      <fieldset className="flex rounded-control border border-line-strong/80 p-0.5">
        <legend className="sr-only">Compare as</legend>
        {mode('side', 'Side by side', <Columns2 className="size-4" aria-hidden="true" />)}
        {mode('overlay', 'Overlay', <Layers className="size-4" aria-hidden="true" />)}
      </fieldset>
      {state.mode === 'overlay' ? (
        <label className="flex items-center gap-2 text-sm">
          Opacity of v{state.right}
          <input
            type="range"
            min={0}
            max={100}
            value={opacity}
            onChange={(event) => props.onOpacity(Number(event.target.value))}
            className="w-28 accent-brand-600"
          />
          <span className="w-9 tabular-nums">{opacity}%</span>
        </label>
      ) : null}
      {zoom !== null ? (
        <fieldset className="flex items-center gap-0.5">
          <legend className="sr-only">Zoom of both sides</legend>
          <Button
            variant="ghost"
            size="icon-sm"
            aria-label="Zoom out on both sides"
            onClick={() => props.onZoom(zoom - 25)}
          >
            <Minus />
          </Button>
          <span className="w-12 text-center text-sm tabular-nums" data-testid="compare-zoom">
            {zoom}%
          </span>
          <Button
            variant="ghost"
            size="icon-sm"
            aria-label="Zoom in on both sides"
            onClick={() => props.onZoom(zoom + 25)}
          >
            <Plus />
          </Button>
        </fieldset>
      ) : null}
      {link ? (
        // A toggle button (aria-pressed): Space or Enter links or unlinks the two videos' playheads.
        <Button
          variant={link.on ? 'secondary' : 'ghost'}
          size="sm"
          aria-pressed={link.on}
          onClick={link.onToggle}
          title={
            link.on
              ? 'Both videos play, pause and seek together'
              : 'Each video plays on its own: press to play them together'
          }
          data-testid="compare-link"
        >
          {link.on ? <Link2 aria-hidden="true" /> : <Unlink2 aria-hidden="true" />}
          Link playback
        </Button>
      ) : null}
      {files.count > 1 ? (
        <select
          aria-label="File"
          value={String(files.index)}
          onChange={(event) => files.onIndex(Number(event.target.value))}
          className={SELECT}
        >
          {Array.from({ length: files.count }, (_, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: files are compared by their position
            <option key={index} value={index}>
              File {index + 1}
            </option>
          ))}
        </select>
      ) : null}
      {pages && pages.count > 1 ? (
        <div className="flex items-center gap-0.5">
          <Button
            variant="ghost"
            size="icon-sm"
            aria-label="Previous page"
            disabled={pages.index === 0}
            onClick={() => pages.onIndex(pages.index - 1)}
          >
            <ChevronLeft />
          </Button>
          <span className="text-sm tabular-nums" data-testid="compare-page">
            Page {pages.index + 1} of {pages.count}
          </span>
          <Button
            variant="ghost"
            size="icon-sm"
            aria-label="Next page"
            disabled={pages.index >= pages.count - 1}
            onClick={() => pages.onIndex(pages.index + 1)}
          >
            <ChevronRight />
          </Button>
        </div>
      ) : null}
      {carry ? (
        <Button
          size="sm"
          className="ml-auto"
          loading={carry.busy}
          onClick={carry.onCarry}
          title={`Move the open comments of v${state.left} to v${state.right}, re-anchored where their spot still exists`}
        >
          Carry {carry.count} open {carry.count === 1 ? 'comment' : 'comments'} to v{state.right}
        </Button>
      ) : null}
    </div>
  )
}
