import { buildUser, testDatabase } from '@pinpoint/db/testing'
import { billingProviderSuite } from '../provider-suite'
import { createCoupon } from './coupons'
import { LocalBillingProvider } from './engine'

const { db } = await testDatabase()

billingProviderSuite('local engine', async () => {
  const now = () => new Date()
  return {
    provider: new LocalBillingProvider({ db, now }),
    newUser: async () => {
      const user = await buildUser(db)
      return { id: user.id, email: user.email, name: user.name }
    },
    createCoupon: async (input) => {
      await createCoupon(db, input)
    },
    now,
  }
})
