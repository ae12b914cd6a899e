import { authAtom, isLoggedInAtom } from '@pinpoint/state'
import { Avatar, Button, buttonClasses, Dialog, Spinner } from '@pinpoint/ui'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useAtomValue } from 'jotai'
import { Users } from 'lucide-react'
import { useEffect } from 'react'
import { Link, useNavigate, useSearchParams } from 'react-router'
import { endpoints } from '../../api'
import { AuthHeading, FormError } from '../../layout/auth-layout'
import { errorMessage } from '../../lib/errors'
import { useToast } from '../../lib/use-toast'
import { useSignedIn } from '../../session'
import { SignupForm, useInviteByCode } from './signup'

/**
 * The link of an invite e-mail (/invite?code=...). Signed in: accept or decline. Signed out:
 * sign up with the invite code, or log in and come back here.
 */
/** Accept and decline of an invite, with their effects (SPEC section 4 "Invites"). */
function useInviteResponses(teamName: string | undefined, done: () => Promise<void> | void) {
  const toast = useToast()
  const signedIn = useSignedIn()
  const queryClient = useQueryClient()
  const accept = useMutation({
    mutationFn: (id: string) => endpoints.invites.accept(id),
    onSuccess: async ({ user }) => {
      // Accepting updates the user and reloads canvases and folders.
      signedIn(user)
      await queryClient.invalidateQueries({ queryKey: ['canvases'] })
      await queryClient.invalidateQueries({ queryKey: ['folders'] })
      toast({ type: 'success', message: `You joined ${teamName ?? 'the team'}` })
      await done()
    },
  })
  const decline = useMutation({
    mutationFn: (id: string) => endpoints.invites.decline(id),
    onSuccess: async () => {
      toast({ type: 'info', message: 'Invitation declined' })
      await done()
    },
  })
  return { accept, decline }
}

/**
 * An invite link opened by a member (/dashboard?inviteCode=...): offered in a dialog over the
 * page; answering (or closing) removes the code from the address.
 */
export function PendingInviteDialog() {
  const [params, setParams] = useSearchParams()
  const code = params.get('inviteCode')
  const invite = useInviteByCode(code)
  const clear = () => {
    const next = new URLSearchParams(params)
    next.delete('inviteCode')
    setParams(next, { replace: true })
  }
  const { accept, decline } = useInviteResponses(invite.data?.Team?.name, clear)
  const { user } = useAtomValue(authAtom)
  // Already in that team (for example, just signed up with this invite): nothing to answer.
  const alreadyMember = !!invite.data && !!user?.TeamId && invite.data.TeamId === user.TeamId
  useEffect(() => {
    if (code && alreadyMember) clear()
  })
  if (!code || invite.isPending || alreadyMember) return null
  const teamName = invite.data?.Team?.name ?? 'a team'
  return (
    <Dialog
      open
      onOpenChange={(open) => !open && clear()}
      title={invite.data ? `Join ${teamName}?` : 'This invitation is no longer valid'}
      description={
        invite.data
          ? `${invite.data.invitedBy?.name ?? 'A teammate'} invited ${invite.data.email} to review and share work in ${teamName}.`
          : 'It may have been used already or withdrawn. Ask your team to send a new one.'
      }
      footer={
        invite.data ? (
          <>
            <Button
              variant="secondary"
              loading={decline.isPending}
              onClick={() => decline.mutate(invite.data.id)}
            >
              Decline
            </Button>
            <Button loading={accept.isPending} onClick={() => accept.mutate(invite.data.id)}>
              <Users />
              Join {teamName}
            </Button>
          </>
        ) : (
          <Button onClick={clear}>Close</Button>
        )
      }
    >
      <FormError
        message={
          accept.isError ? errorMessage(accept.error) : decline.isError ? errorMessage(decline.error) : null
        }
      />
    </Dialog>
  )
}

export function InvitePage() {
  const [params] = useSearchParams()
  const code = params.get('code') ?? params.get('inviteCode')
  const invite = useInviteByCode(code)
  const loggedIn = useAtomValue(isLoggedInAtom)
  const { user } = useAtomValue(authAtom)
  const navigate = useNavigate()
  const { accept, decline } = useInviteResponses(invite.data?.Team?.name, () =>
    navigate('/dashboard', { replace: true }),
  )

  if (!code) {
    return (
      <AuthHeading
        title="This invite link is incomplete"
        description="Open the link from the invitation e-mail again."
      />
    )
  }
  if (invite.isPending) return <Spinner label="Opening your invitation…" />
  if (invite.isError || !invite.data) {
    return (
      <>
        <AuthHeading
          title="This invitation is no longer valid"
          description="It may have been used already or withdrawn. Ask your team to send a new one."
        />
        <Link
          to="/login"
          className={buttonClasses({ variant: 'secondary', size: 'lg', className: 'w-full' })}
        >
          Go to log in
        </Link>
      </>
    )
  }
  const teamName = invite.data.Team?.name ?? 'a team'
  if (!loggedIn) {
    return (
      <>
        <AuthHeading
          title={`Join ${teamName} on Pinpoint`}
          description="Create your account to start reviewing with your team."
        />
        <SignupForm inviteCode={code} invite={invite.data} />
      </>
    )
  }
  return (
    <>
      <AuthHeading title={`Join ${teamName}`} description={`You were invited as ${invite.data.email}.`} />
      <FormError
        message={
          accept.isError ? errorMessage(accept.error) : decline.isError ? errorMessage(decline.error) : null
        }
      />
      {user ? (
        <div className="my-5 flex items-center gap-3 rounded-xl border border-line bg-surface p-4 shadow-card">
          <Avatar name={user.name} src={user.avatarUrl} size="lg" />
          <div className="min-w-0">
            <p className="truncate text-sm font-semibold">{user.name}</p>
            <p className="truncate text-sm text-ink-muted">{user.email}</p>
          </div>
        </div>
      ) : null}
      <div className="flex flex-col gap-2 sm:flex-row">
        <Button
          size="lg"
          className="flex-1"
          loading={accept.isPending}
          onClick={() => accept.mutate(invite.data.id)}
        >
          Accept invitation
        </Button>
        <Button
          variant="secondary"
          size="lg"
          className="flex-1"
          loading={decline.isPending}
          onClick={() => decline.mutate(invite.data.id)}
        >
          Decline
        </Button>
      </div>
    </>
  )
}
