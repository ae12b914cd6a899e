/**
 * Guided tours (SPEC 1): which ones the user has seen, and the help menu's "Restart tour".
 *
 * Seen tours are the server's for members (GET/PUT /users/me/tours, so they follow the account to another
 * device) and the browser's for guests and visitors (localStorage). The screen showing a tour says so
 * through `availableTourAtom`, so a help menu elsewhere (the shell's header) offers "Restart tour" only
 * where there is one, and asks for it through `restartTourAtom`.
 */
import { createApiClient, createEndpoints } from '@pinpoint/api'
import { GUEST_TOURS_STORAGE_KEY, type TourId } from '@pinpoint/domain'
import { atom } from 'jotai'

type Seen = Partial<Record<TourId, string>>

/** The tour of the screen on show, or null: what "Restart tour" would run. */
export const availableTourAtom = atom<TourId | null>(null)

/** Bumped by "Restart tour": the screen whose tour it names runs it again. */
export const restartTourAtom = atom<{ tour: TourId; count: number } | null>(null)

/** Asks the screen showing `tour` to run it again. */
export const requestTourAtom = atom(null, (get, set, tour: TourId) => {
  set(restartTourAtom, { tour, count: (get(restartTourAtom)?.count ?? 0) + 1 })
})

/** Parses the guests' stored value; anything unreadable counts as nothing seen. */
export function parseGuestTours(raw: string | null): Seen {
  if (!raw) return {}
  try {
    const value = JSON.parse(raw) as unknown
    return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Seen) : {}
  } catch {
    return {}
  }
}

function readGuestTours(): Seen {
  try {
    return parseGuestTours(localStorage.getItem(GUEST_TOURS_STORAGE_KEY))
  } catch {
    return {}
  }
}

let endpoints: ReturnType<typeof createEndpoints> | null = null
const api = () => {
  endpoints ??= createEndpoints(createApiClient())
  return endpoints
}
// One request per member per page load, whichever screens ask.
const memberTours = new Map<string, Promise<Seen>>()

type Viewer = { id: string; isGuest?: boolean | null } | null

const isMember = (user: Viewer): user is { id: string } => !!user && user.isGuest !== true

export async function hasSeenTour(user: Viewer, tour: TourId): Promise<boolean> {
  if (!isMember(user)) return !!readGuestTours()[tour]
  let seen = memberTours.get(user.id)
  if (!seen) {
    seen = api()
      .tours.seen()
      .then(({ tours }) => tours as Seen)
    memberTours.set(user.id, seen)
    seen.catch(() => memberTours.delete(user.id))
  }
  return !!(await seen)[tour]
}

export async function markTourSeen(user: Viewer, tour: TourId, now = new Date()): Promise<void> {
  if (!isMember(user)) {
    try {
      const seen = readGuestTours()
      seen[tour] ??= now.toISOString()
      localStorage.setItem(GUEST_TOURS_STORAGE_KEY, JSON.stringify(seen))
    } catch {
      // Storage refused (private mode, full): the tour may show once more; nothing else depends on it.
    }
    return
  }
  const { tours } = await api().tours.markSeen(tour)
  memberTours.set(user.id, Promise.resolve(tours as Seen))
}
