import { type DbOrTx, type Team, teams } from '@pinpoint/db'
import { NotFound } from '@pinpoint/domain'
import { eq } from 'drizzle-orm'

/** The team of a `/teams/:id/...` route, or NotFound. */
export async function loadTeam(db: DbOrTx, teamId: string): Promise<Team> {
  const [team] = teamId.length <= 100 ? await db.select().from(teams).where(eq(teams.id, teamId)) : []
  if (!team) throw new NotFound('No such team.')
  return team
}
