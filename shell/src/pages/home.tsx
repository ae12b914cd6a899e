import { Card } from '@pinpoint/ui'
import { RemoteSlot } from '../federation/remote-slot'

const panels = [
  {
    remote: 'dashboard',
    module: 'DashboardHome',
    label: 'Dashboard',
    description: 'Your canvases and folders',
  },
  { remote: 'review', module: 'ReviewScreen', label: 'Review', description: 'Feedback on your canvases' },
  { remote: 'billing', module: 'BillingSummary', label: 'Billing', description: 'Plan and invoices' },
] as const

/** Home: one panel per micro-frontend, each found through remotes.json at run time. */
export function HomePage() {
  return (
    <div className="flex flex-col gap-8">
      <div>
        <h1 className="text-2xl font-semibold tracking-tight text-ink">Welcome to Pinpoint</h1>
        <p className="mt-1 text-ink-muted">
          Collect visual feedback on designs, websites, documents and videos.
        </p>
      </div>
      <div className="grid gap-6 md:grid-cols-2 xl:grid-cols-3">
        {panels.map((panel) => (
          <Card
            key={panel.remote}
            title={panel.label}
            description={panel.description}
            data-testid={`panel-${panel.remote}`}
            className="min-h-56"
          >
            <RemoteSlot remote={panel.remote} module={panel.module} label={panel.label} />
          </Card>
        ))}
      </div>
    </div>
  )
}
