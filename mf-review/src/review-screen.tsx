import { authAtom } from '@pinpoint/state'
import { Spinner } from '@pinpoint/ui'
import { useAtomValue } from 'jotai'
import './styles.css'

/**
 * Entry of the feedback screen. It reads the auth atom the shell filled: with one shared Jotai
 * and one @pinpoint/state, it shows the shell's user; a second copy would stay "checking".
 */
export default function ReviewScreen() {
  const { user, loaded } = useAtomValue(authAtom)
  return (
    <div className="flex flex-col gap-1" data-testid="review-screen" data-auth-loaded={loaded}>
      <p className="text-lg font-semibold text-ink">Review ready</p>
      {!loaded ? (
        <Spinner label="Checking your session…" />
      ) : user ? (
        <p className="text-sm text-ink-muted">
          Reviewing as{' '}
          <span className="font-medium text-ink" data-testid="review-user">
            {user.name}
          </span>
        </p>
      ) : (
        <p className="text-sm text-ink-muted">Open a feedback link, or sign in to review your canvases.</p>
      )}
    </div>
  )
}

export { ReviewScreen }
