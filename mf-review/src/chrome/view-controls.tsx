/**
 * View controls of the viewer: for websites and e-mails, desktop or mobile view at a device preset
 * (SPEC 2 and 9: 320…768, default 375; the view mode is kept in its cookie); for designs and PDFs, the
 * zoom (a percentage, default 100, fit to width, fit to height).
 */
import { DEVICE_WIDTHS } from '@pinpoint/domain'
import { setViewMode } from '@pinpoint/state'
import { Button, cn } from '@pinpoint/ui'
import { useAtom } from 'jotai'
import { Minus, Monitor, Plus, Smartphone } from 'lucide-react'
import { useReview } from '../model'
import { useReviewAtoms } from '../state'
import { stepZoom, ZOOM_STEPS } from '../viewers/zoom'

export function DeviceControls() {
  const atoms = useReviewAtoms()
  const [mode, setMode] = useAtom(atoms.viewMode)
  const [width, setWidth] = useAtom(atoms.deviceWidth)
  const choose = (next: 'desktop' | 'mobile') => {
    setMode(next)
    setViewMode(next)
  }
  return (
    <div className="flex items-center gap-1.5">
      <fieldset className="flex rounded-control border border-line-strong/80 p-0.5">
        <legend className="sr-only">View</legend>
        {(
          [
            ['desktop', Monitor, 'Desktop view'],
            ['mobile', Smartphone, 'Mobile view'],
          ] as const
        ).map(([value, Icon, label]) => (
          <button
            key={value}
            type="button"
            aria-pressed={mode === value}
            aria-label={label}
            title={`${label} (m)`}
            onClick={() => choose(value)}
            className={cn(
              'grid size-7 place-items-center rounded-md',
              mode === value ? 'bg-brand-600 text-white' : 'text-ink-muted hover:bg-hover',
            )}
          >
            <Icon className="size-4" />
          </button>
        ))}
      </fieldset>
      {mode === 'mobile' ? (
        <select
          aria-label="Device width"
          className="h-8 rounded-control border border-line-strong/80 bg-surface px-1.5 text-sm tabular-nums"
          value={width}
          onChange={(event) => setWidth(Number(event.target.value))}
          data-testid="device-width"
        >
          {DEVICE_WIDTHS.map((preset) => (
            <option key={preset} value={preset}>
              {preset} px
            </option>
          ))}
        </select>
      ) : null}
    </div>
  )
}

export function ZoomControls() {
  const atoms = useReviewAtoms()
  const [zoom, setZoom] = useAtom(atoms.zoom)
  const percent = zoom.mode === 'percent' ? zoom.percent : null
  const value = zoom.mode === 'percent' ? String(zoom.percent) : zoom.mode
  return (
    <fieldset className="flex items-center gap-0.5">
      <legend className="sr-only">Zoom</legend>
      <Button
        variant="ghost"
        size="icon-sm"
        aria-label="Zoom out (-)"
        onClick={() => setZoom({ mode: 'percent', percent: stepZoom((percent ?? 100) / 100, -1) })}
      >
        <Minus />
      </Button>
      <select
        aria-label="Zoom level"
        className="h-8 rounded-control border border-line-strong/80 bg-surface px-1.5 text-sm tabular-nums"
        value={value}
        onChange={(event) => {
          const next = event.target.value
          setZoom(
            next === 'fit-width' || next === 'fit-height'
              ? { mode: next }
              : { mode: 'percent', percent: Number(next) },
          )
        }}
        data-testid="zoom"
      >
        {ZOOM_STEPS.map((step) => (
          <option key={step} value={step}>
            {step} %
          </option>
        ))}
        {percent !== null && !ZOOM_STEPS.includes(percent as (typeof ZOOM_STEPS)[number]) ? (
          <option value={percent}>{percent} %</option>
        ) : null}
        <option value="fit-width">Fit width</option>
        <option value="fit-height">Fit height</option>
      </select>
      <Button
        variant="ghost"
        size="icon-sm"
        aria-label="Zoom in (+)"
        onClick={() => setZoom({ mode: 'percent', percent: stepZoom((percent ?? 100) / 100, 1) })}
      >
        <Plus />
      </Button>
    </fieldset>
  )
}

export function ViewControls() {
  const { viewer } = useReview()
  if (viewer === 'website' || viewer === 'email') return <DeviceControls />
  if (viewer === 'image' || viewer === 'pdf') return <ZoomControls />
  return null
}
