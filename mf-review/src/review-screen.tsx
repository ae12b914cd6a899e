/**
 * The feedback link screen (SPEC section 2): exposed to the shell as `ReviewScreen`, and the whole page of
 * the guest entry. It routes itself from the URL (see lib/route.ts), so it works the same in both.
 */
import { authAtom, toDomainUser } from '@pinpoint/state'
import { useAtomValue } from 'jotai'
import { useMemo } from 'react'
import { createReviewApi } from './data/api'
import { ReviewApiContext } from './data/queries'
import { LinkGate } from './gate/link-gate'
import { useHref } from './lib/location'
import { parseReviewRoute } from './lib/route'
import './styles.css'

export default function ReviewScreen() {
  const href = useHref()
  const route = useMemo(() => parseReviewRoute(new URL(href)), [href])
  const api = useMemo(() => createReviewApi(), [])
  const { user, loaded } = useAtomValue(authAtom)
  const domainUser = useMemo(() => toDomainUser(user), [user])
  return (
    <ReviewApiContext.Provider value={api}>
      <div
        className="review-root flex h-dvh min-h-0 flex-col bg-canvas text-ink"
        data-testid="review-screen"
        data-auth-loaded={loaded}
      >
        <LinkGate route={route} user={domainUser} userName={user?.name ?? null} />
      </div>
    </ReviewApiContext.Provider>
  )
}

export { ReviewScreen }
