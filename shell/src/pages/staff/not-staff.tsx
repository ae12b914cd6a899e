import { Card, EmptyState } from '@pinpoint/ui'
import { ShieldAlert } from 'lucide-react'
import { Link } from 'react-router'
import { PageContainer } from '../../layout/app-layout'

/** What a signed-in member who is not staff sees on a staff page (the server refuses its calls too). */
export function NotStaff() {
  return (
    <PageContainer>
      <Card>
        <EmptyState
          icon={<ShieldAlert />}
          title="Staff only"
          description="These tools are for Pinpoint staff. Nothing here concerns your account."
          action={
            <Link to="/dashboard" className="text-sm font-medium text-brand-700 underline">
              Back to your canvases
            </Link>
          }
        />
      </Card>
    </PageContainer>
  )
}
