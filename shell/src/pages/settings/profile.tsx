import type { User } from '@pinpoint/api'
import { currentUserAtom } from '@pinpoint/state'
import { Avatar, Button, Card, Field, Input, NewPasswordFields, newPasswordCheck, Switch } from '@pinpoint/ui'
import { useMutation } from '@tanstack/react-query'
import { useAtomValue } from 'jotai'
import { Upload } from 'lucide-react'
import { type FormEvent, useRef, useState } from 'react'
import { endpoints } from '../../api'
import { FormError } from '../../layout/auth-layout'
import { errorMessage } from '../../lib/errors'
import { useToast } from '../../lib/use-toast'
import { useSignedIn } from '../../session'
import { MIN_PASSWORD_LENGTH } from '../auth/signup'

function useSaveUser(successMessage: string) {
  const signedIn = useSignedIn()
  const toast = useToast()
  return useMutation({
    mutationFn: endpoints.users.update,
    onSuccess: ({ user }) => {
      signedIn(user)
      toast({ type: 'success', message: successMessage })
    },
    onError: (error) => toast({ type: 'error', message: errorMessage(error) }),
  })
}

const AVATAR_TYPES = 'image/png,image/jpeg,image/gif,image/webp'

function AvatarCard({ user }: { user: User }) {
  const input = useRef<HTMLInputElement>(null)
  const signedIn = useSignedIn()
  const toast = useToast()
  const upload = useMutation({
    mutationFn: (file: File) => endpoints.users.uploadAvatar(file, file.name),
    onSuccess: ({ user: updated }) => {
      signedIn(updated)
      toast({ type: 'success', message: 'Profile picture updated' })
    },
    onError: (error) =>
      toast({ type: 'error', message: errorMessage(error, 'The picture could not be uploaded.') }),
  })
  return (
    <Card title="Profile picture" description="Shown next to your comments and in your team.">
      <div className="flex items-center gap-4">
        <Avatar name={user.name} src={user.avatarUrl} size="xl" />
        <div className="flex flex-col gap-1.5">
          <input
            ref={input}
            type="file"
            accept={AVATAR_TYPES}
            className="sr-only"
            aria-label="Choose a profile picture"
            data-testid="avatar-input"
            onChange={(event) => {
              const file = event.target.files?.[0]
              if (file) upload.mutate(file)
              event.target.value = ''
            }}
          />
          <Button variant="secondary" loading={upload.isPending} onClick={() => input.current?.click()}>
            <Upload />
            Upload picture
          </Button>
          <p className="text-xs text-ink-muted">PNG, JPEG, GIF or WebP.</p>
        </div>
      </div>
    </Card>
  )
}

export function ProfilePage() {
  const user = useAtomValue(currentUserAtom)
  if (!user) return null
  return (
    <>
      <ProfileForm user={user} key={`${user.id}-${user.name}-${user.email}`} />
      <AvatarCard user={user} />
    </>
  )
}

function ProfileForm({ user }: { user: User }) {
  const [name, setName] = useState(user.name)
  const [email, setEmail] = useState(user.email)
  const save = useSaveUser('Profile saved')
  const dirty = name.trim() !== user.name || email.trim() !== user.email
  const onSubmit = (event: FormEvent) => {
    event.preventDefault()
    save.mutate({ name: name.trim(), email: email.trim() })
  }
  return (
    <form onSubmit={onSubmit}>
      <Card
        title="Profile"
        description="Your name and e-mail as your team and reviewers see them."
        footer={
          <Button type="submit" disabled={!dirty} loading={save.isPending}>
            Save changes
          </Button>
        }
      >
        <div className="grid gap-4 sm:grid-cols-2">
          <Field label="Name">
            <Input
              name="name"
              autoComplete="name"
              required
              value={name}
              onChange={(e) => setName(e.target.value)}
            />
          </Field>
          <Field label="E-mail">
            <Input
              type="email"
              name="email"
              autoComplete="email"
              required
              value={email}
              onChange={(e) => setEmail(e.target.value)}
            />
          </Field>
        </div>
      </Card>
    </form>
  )
}

type Toggle = {
  group: 'myEmailSettings' | 'clientEmailSettings'
  key: string
  label: string
  description: string
}

const TOGGLES: Toggle[] = [
  {
    group: 'myEmailSettings',
    key: 'comments',
    label: 'New comments',
    description: 'When someone comments on a canvas you own.',
  },
  {
    group: 'myEmailSettings',
    key: 'replies',
    label: 'Replies',
    description: 'When someone replies to a comment you made or follow.',
  },
  {
    group: 'myEmailSettings',
    key: 'mentions',
    label: 'Mentions and assignments',
    description: 'When you are @-mentioned or assigned a comment.',
  },
  {
    group: 'clientEmailSettings',
    key: 'comments',
    label: 'Feedback from guests',
    description: 'When a client or guest leaves feedback through a link.',
  },
]

/** E-mail notification toggles: a master switch and one per kind (stored in the user's e-mail settings). */
export function NotificationSettingsPage() {
  const user = useAtomValue(currentUserAtom)
  const save = useSaveUser('Notification settings saved')
  if (!user) return null
  const value = (toggle: Toggle) => user[toggle.group]?.[toggle.key] !== false
  return (
    <Card
      title="E-mail notifications"
      description="Choose what reaches your inbox. In-app notifications are always on."
    >
      <div className="divide-y divide-line">
        <Switch
          className="pb-4"
          label="Send me e-mail notifications"
          description="Turn off to stop every notification e-mail."
          checked={user.emailOn !== false}
          disabled={save.isPending}
          onCheckedChange={(emailOn) => save.mutate({ emailOn })}
        />
        {TOGGLES.map((toggle) => (
          <Switch
            key={`${toggle.group}.${toggle.key}`}
            className="py-4 last:pb-0"
            label={toggle.label}
            description={toggle.description}
            checked={value(toggle)}
            disabled={save.isPending || user.emailOn === false}
            onCheckedChange={(checked) =>
              save.mutate({ [toggle.group]: { ...(user[toggle.group] ?? {}), [toggle.key]: checked } })
            }
          />
        ))}
      </div>
    </Card>
  )
}

/** Change password (PUT /users/me/password). */
export function SecuritySettingsPage() {
  const toast = useToast()
  const [currentPassword, setCurrent] = useState('')
  const [newPassword, setNew] = useState('')
  const [confirm, setConfirm] = useState('')
  const change = useMutation({
    mutationFn: endpoints.users.changePassword,
    onSuccess: ({ apiTokenRevoked }) => {
      setCurrent('')
      setNew('')
      setConfirm('')
      toast({
        type: 'success',
        message: apiTokenRevoked
          ? 'Password changed. Your API token was revoked: create a new one for your integrations.'
          : 'Password changed',
      })
    },
  })
  const { mismatch, tooShort } = newPasswordCheck(newPassword, confirm, MIN_PASSWORD_LENGTH)
  const onSubmit = (event: FormEvent) => {
    event.preventDefault()
    if (mismatch || tooShort) return
    change.mutate({ currentPassword, newPassword })
  }
  return (
    <form onSubmit={onSubmit}>
      <Card
        title="Password"
        description="Use a long password you don’t use anywhere else. Changing it logs out your other sessions and resets your API token, so integrations need a new one."
        footer={
          <Button
            type="submit"
            loading={change.isPending}
            disabled={!currentPassword || !newPassword || mismatch}
          >
            Change password
          </Button>
        }
      >
        <div className="grid max-w-md gap-4">
          <FormError message={change.isError ? errorMessage(change.error) : null} />
          <Field label="Current password">
            <Input
              type="password"
              autoComplete="current-password"
              required
              value={currentPassword}
              onChange={(e) => setCurrent(e.target.value)}
            />
          </Field>
          <NewPasswordFields
            password={newPassword}
            repeat={confirm}
            onPasswordChange={setNew}
            onRepeatChange={setConfirm}
            minLength={MIN_PASSWORD_LENGTH}
          />
        </div>
      </Card>
    </form>
  )
}
