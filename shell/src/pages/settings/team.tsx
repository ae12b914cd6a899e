import type { Invite, TeamUser, User } from '@pinpoint/api'
import { INVITE_SUCCESS_TIMEOUT_MS, inviteSuccessText, isTeamAdmin, parseEmailList } from '@pinpoint/domain'
import { currentUserAtom, toDomainUser } from '@pinpoint/state'
import {
  Avatar,
  Badge,
  Button,
  buttonClasses,
  Card,
  EmptyState,
  ErrorState,
  Field,
  formatRelativeTime,
  Menu,
  MenuItem,
  MenuSeparator,
  Skeleton,
  Textarea,
} from '@pinpoint/ui'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useAtomValue } from 'jotai'
import {
  Mail,
  MoreHorizontal,
  RotateCw,
  Send,
  ShieldCheck,
  ShieldOff,
  Trash2,
  UserMinus,
  Users,
} from 'lucide-react'
import { type FormEvent, useState } from 'react'
import { Link } from 'react-router'
import { endpoints } from '../../api'
import { errorMessage } from '../../lib/errors'
import { useToast } from '../../lib/use-toast'
import { RemoveMemberDialog } from './remove-member-dialog'
import { SsoCard } from './sso-settings'

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/

export function TeamSettingsPage() {
  const user = useAtomValue(currentUserAtom)
  if (!user) return null
  if (!user.TeamId || !user.Team) {
    return (
      <Card>
        <EmptyState
          icon={<Users />}
          title="You’re working solo"
          description="Teams share canvases, folders and labels, and review together. A team plan creates your team, with you as its owner."
          action={
            <Link to="/billing/plans" className={buttonClasses({ variant: 'primary' })}>
              Choose a team plan
            </Link>
          }
        />
      </Card>
    )
  }
  const admin = isTeamAdmin(toDomainUser(user))
  return (
    <>
      <div>
        <h2 className="text-xl font-semibold tracking-tight">{user.Team.name}</h2>
        <p className="text-sm text-ink-muted">Manage who can see and review your team’s canvases.</p>
      </div>
      {admin ? <InviteCard teamId={user.TeamId} /> : null}
      <MembersCard user={user} teamId={user.TeamId} admin={admin} />
      {admin ? <PendingInvitesCard teamId={user.TeamId} /> : null}
      <SsoCard user={user} teamId={user.TeamId} />
    </>
  )
}

function InviteCard({ teamId }: { teamId: string }) {
  const [text, setText] = useState('')
  const [error, setError] = useState<string | null>(null)
  const toast = useToast()
  const queryClient = useQueryClient()
  const invite = useMutation({
    mutationFn: (emails: string[]) => endpoints.teams.invite(teamId, emails),
    onSuccess: async (data, emails) => {
      setText('')
      const sent = data.invites.map((invite) => invite.email)
      toast({
        type: 'success',
        message: sent.length > 0 ? inviteSuccessText(sent) : data.message || inviteSuccessText(emails),
        timeout: INVITE_SUCCESS_TIMEOUT_MS,
      })
      if (data.alreadyMembers?.length) {
        toast({ type: 'info', message: `Already in the team: ${data.alreadyMembers.join(', ')}` })
      }
      await queryClient.invalidateQueries({ queryKey: ['team', teamId, 'invites'] })
    },
    onError: (err) => setError(errorMessage(err)),
  })
  const onSubmit = (event: FormEvent) => {
    event.preventDefault()
    // Lower-cased so that one person typed twice is invited once.
    const emails = parseEmailList(text.toLowerCase())
    const bad = emails.filter((email) => !EMAIL.test(email))
    if (emails.length === 0) return setError('Enter at least one e-mail address.')
    if (bad.length > 0) return setError(`Check ${bad.join(', ')}: not a valid e-mail address.`)
    setError(null)
    invite.mutate(emails)
  }
  return (
    <form onSubmit={onSubmit}>
      <Card
        title="Invite teammates"
        description="They get an e-mail with a link to join. Separate addresses with commas or new lines."
        footer={
          <Button type="submit" loading={invite.isPending} disabled={!text.trim()}>
            <Send />
            Send invites
          </Button>
        }
      >
        <Field label="E-mail addresses" error={error ?? undefined}>
          <Textarea
            name="emails"
            rows={2}
            value={text}
            onChange={(e) => setText(e.target.value)}
            placeholder="grace@company.com, alan@company.com"
          />
        </Field>
      </Card>
    </form>
  )
}

function roleOf(member: TeamUser, ownerId: string): 'Owner' | 'Admin' | 'Member' {
  if (member.isOwner || member.id === ownerId) return 'Owner'
  return member.role === 'admin' ? 'Admin' : 'Member'
}

function MembersCard({ user, teamId, admin }: { user: User; teamId: string; admin: boolean }) {
  const ownerId = user.Team?.ownerUserId ?? ''
  const toast = useToast()
  const queryClient = useQueryClient()
  const [removing, setRemoving] = useState<TeamUser | null>(null)
  const members = useQuery({
    queryKey: ['team', teamId, 'users'],
    queryFn: ({ signal }) => endpoints.teams.users(teamId, { signal }),
    select: (data) => data.users,
  })
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['team', teamId, 'users'] })
  const setAdmin = useMutation({
    mutationFn: ({ member, makeAdmin }: { member: TeamUser; makeAdmin: boolean }) =>
      makeAdmin
        ? endpoints.teams.addAdmin(teamId, member.id)
        : endpoints.teams.removeAdmin(teamId, member.id),
    onSuccess: async (_d, { member, makeAdmin }) => {
      toast({
        type: 'success',
        message: makeAdmin ? `${member.name} is now an admin` : `${member.name} is no longer an admin`,
      })
      await refresh()
    },
    onError: (error) => toast({ type: 'error', message: errorMessage(error) }),
  })

  return (
    <Card
      title="Members"
      description={
        members.data ? `${members.data.length} ${members.data.length === 1 ? 'person' : 'people'}` : undefined
      }
      bodyClassName="p-0 pt-3"
    >
      {members.isPending ? (
        <div className="space-y-4 px-5 pb-5">
          {[0, 1, 2].map((i) => (
            <div key={i} className="flex items-center gap-3">
              <Skeleton className="size-8 rounded-full" />
              <div className="flex-1 space-y-1.5">
                <Skeleton className="h-3 w-40" />
                <Skeleton className="h-2.5 w-56" />
              </div>
            </div>
          ))}
        </div>
      ) : members.isError ? (
        <div className="px-5 pb-5">
          <ErrorState
            title="Members could not be loaded"
            message={errorMessage(members.error)}
            onRetry={() => void members.refetch()}
          />
        </div>
      ) : (
        <ul className="divide-y divide-line" data-testid="team-members">
          {members.data.map((member) => {
            const role = roleOf(member, ownerId)
            const canManage = admin && member.id !== user.id && role !== 'Owner'
            return (
              <li key={member.id} className="flex items-center gap-3 px-5 py-3">
                <Avatar name={member.name} src={member.avatarUrl} />
                <div className="min-w-0 flex-1">
                  <p className="truncate text-sm font-medium">
                    {member.name}
                    {member.id === user.id ? (
                      <span className="font-normal text-ink-muted"> (you)</span>
                    ) : null}
                  </p>
                  <p className="truncate text-xs text-ink-muted">{member.email}</p>
                </div>
                <Badge tone={role === 'Owner' ? 'brand' : role === 'Admin' ? 'info' : 'neutral'}>
                  {role}
                </Badge>
                {canManage ? (
                  <Menu
                    trigger={
                      <Button variant="ghost" size="icon-sm" aria-label={`Manage ${member.name}`}>
                        <MoreHorizontal />
                      </Button>
                    }
                  >
                    {role === 'Admin' ? (
                      <MenuItem
                        icon={<ShieldOff />}
                        onSelect={() => setAdmin.mutate({ member, makeAdmin: false })}
                      >
                        Remove admin rights
                      </MenuItem>
                    ) : (
                      <MenuItem
                        icon={<ShieldCheck />}
                        onSelect={() => setAdmin.mutate({ member, makeAdmin: true })}
                      >
                        Make admin
                      </MenuItem>
                    )}
                    <MenuSeparator />
                    <MenuItem icon={<UserMinus />} tone="danger" onSelect={() => setRemoving(member)}>
                      Remove from team
                    </MenuItem>
                  </Menu>
                ) : (
                  <span className="size-7" />
                )}
              </li>
            )
          })}
        </ul>
      )}
      {removing ? (
        <RemoveMemberDialog
          teamId={teamId}
          member={removing}
          onClose={() => setRemoving(null)}
          onRemoved={refresh}
        />
      ) : null}
    </Card>
  )
}

function PendingInvitesCard({ teamId }: { teamId: string }) {
  const toast = useToast()
  const queryClient = useQueryClient()
  const invites = useQuery({
    queryKey: ['team', teamId, 'invites'],
    queryFn: ({ signal }) => endpoints.teams.invites(teamId, { signal }),
    select: (data) => data.invites,
  })
  const resend = useMutation({
    mutationFn: (invite: Invite) => endpoints.teams.resendInvite(teamId, invite.id),
    onSuccess: async (_d, invite) => {
      toast({
        type: 'success',
        message: inviteSuccessText([invite.email]),
        timeout: INVITE_SUCCESS_TIMEOUT_MS,
      })
      await queryClient.invalidateQueries({ queryKey: ['team', teamId, 'invites'] })
    },
    onError: (error) => toast({ type: 'error', message: errorMessage(error) }),
  })
  const remove = useMutation({
    mutationFn: (invite: Invite) => endpoints.teams.deleteInvite(teamId, invite.id),
    onSuccess: async (_d, invite) => {
      toast({ type: 'info', message: `Invite to ${invite.email} withdrawn` })
      await queryClient.invalidateQueries({ queryKey: ['team', teamId, 'invites'] })
    },
    onError: (error) => toast({ type: 'error', message: errorMessage(error) }),
  })
  return (
    <Card title="Pending invites" bodyClassName="p-0 pt-3">
      {invites.isPending ? (
        <div className="px-5 pb-5">
          <Skeleton className="h-9 w-full" />
        </div>
      ) : invites.isError ? (
        <div className="px-5 pb-5">
          <ErrorState
            title="Invites could not be loaded"
            message={errorMessage(invites.error)}
            onRetry={() => void invites.refetch()}
          />
        </div>
      ) : invites.data.length === 0 ? (
        <p className="px-5 pb-5 text-sm text-ink-muted">No pending invites.</p>
      ) : (
        <ul className="divide-y divide-line" data-testid="team-invites">
          {invites.data.map((invite) => (
            <li key={invite.id} className="flex items-center gap-3 px-5 py-3">
              <span className="grid size-8 place-items-center rounded-full bg-surface-sunken text-ink-muted">
                <Mail className="size-4" />
              </span>
              <div className="min-w-0 flex-1">
                <p className="truncate text-sm font-medium">{invite.email}</p>
                <p className="text-xs text-ink-muted">
                  {invite.expired ? (
                    <span className="font-medium text-danger-600">Expired · resend to renew</span>
                  ) : (
                    `Invited ${formatRelativeTime(invite.lastSentAt ?? invite.createdAt ?? '')}${invite.invitedBy ? ` by ${invite.invitedBy.name}` : ''}`
                  )}
                </p>
              </div>
              <Button
                variant="ghost"
                size="sm"
                onClick={() => resend.mutate(invite)}
                aria-label={`Resend invite to ${invite.email}`}
              >
                <RotateCw />
                <span className="hidden sm:inline">Resend</span>
              </Button>
              <Button
                variant="ghost"
                size="icon-sm"
                onClick={() => remove.mutate(invite)}
                aria-label={`Withdraw invite to ${invite.email}`}
              >
                <Trash2 />
              </Button>
            </li>
          ))}
        </ul>
      )}
    </Card>
  )
}
