import { AppError } from '@pinpoint/domain'

/** 410: the invite exists but its validity period is over; an admin can resend it. */
export class InviteExpired extends AppError {
  constructor() {
    super('This invite has expired. Ask your team admin to send a new one.', {
      name: 'InviteExpired',
      status: 410,
    })
  }
}
