import { t } from 'elysia'
import { MAX_PASSWORD_LENGTH } from '../auth/passwords'

const jsonObject = t.Record(t.String(), t.Unknown())

export const userModels = {
  'users.signup': t.Object({
    email: t.String({ maxLength: 254 }),
    name: t.String({ minLength: 1, maxLength: 100 }),
    password: t.String({ maxLength: MAX_PASSWORD_LENGTH }),
    teamName: t.Optional(t.Nullable(t.String({ maxLength: 100 }))),
    coupon: t.Optional(t.Nullable(t.String({ maxLength: 100 }))),
    plan: t.Optional(t.Nullable(t.String({ maxLength: 50 }))),
    inviteCode: t.Optional(t.Nullable(t.String({ maxLength: 100 }))),
    initialVisitData: t.Optional(t.Nullable(jsonObject)),
  }),
  'users.profile': t.Object({
    name: t.Optional(t.String({ minLength: 1, maxLength: 100 })),
    email: t.Optional(t.String({ maxLength: 254 })),
    emailOn: t.Optional(t.Boolean()),
    myEmailSettings: t.Optional(jsonObject),
    clientEmailSettings: t.Optional(jsonObject),
    emailSettings: t.Optional(jsonObject),
    signupSurvey: t.Optional(t.Nullable(jsonObject)),
    offboardingSurvey: t.Optional(t.Nullable(jsonObject)),
  }),
  'users.password': t.Object({
    currentPassword: t.Optional(t.Nullable(t.String({ maxLength: MAX_PASSWORD_LENGTH }))),
    newPassword: t.String({ maxLength: MAX_PASSWORD_LENGTH }),
  }),
  'users.customer': t.Object({
    shouldEmailReceipts: t.Optional(t.Boolean()),
    billingEmail: t.Optional(t.Nullable(t.String({ maxLength: 254 }))),
  }),
  'users.avatar': t.Object({ avatar: t.File() }),
}
