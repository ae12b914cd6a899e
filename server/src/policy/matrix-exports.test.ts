/**
 * The permission matrix, continued (see matrix.test.ts): connected accounts and exports (issue 11).
 */
import { buildCanvas } from '@pinpoint/db/testing'
import { db, exporters, type MatrixRow, runMatrix, teamOnly } from './matrix-rows'
import { all } from './matrix-world'

const MATRIX: MatrixRow[] = [
  // Connected accounts and exports (issue 11): SPEC 6, all export options need a team on a plan other
  // than team49; nothing here is connected yet, so calls that need a connection answer 404 to exporters.
  {
    method: 'GET',
    route: '/users/me/accounts',
    path: () => '/users/me/accounts',
    expect: all(200, { guest: 403, anonymous: 401 }),
  },
  {
    method: 'POST',
    route: '/users/me/accounts/{tool} (webhook on a private address)',
    path: () => '/users/me/accounts/webhook',
    body: () => ({ url: 'http://10.0.0.1/hook' }),
    expect: exporters(422),
  },
  {
    method: 'POST',
    route: '/users/me/accounts/{tool}/sync (not connected)',
    path: () => '/users/me/accounts/trello/sync',
    body: () => ({ listId: 'l1', annotationIds: ['a1'] }),
    expect: exporters(404),
  },
  {
    method: 'POST',
    route: '/users/me/accounts/webhook/test (not connected)',
    path: () => '/users/me/accounts/webhook/test',
    expect: exporters(404),
  },
  {
    method: 'GET',
    route: '/users/me/accounts/webhook/deliveries',
    path: () => '/users/me/accounts/webhook/deliveries',
    expect: all(200, { guest: 403, anonymous: 401 }),
  },
  {
    method: 'DELETE',
    route: '/users/me/accounts/{type} (not connected)',
    path: () => '/users/me/accounts/trello',
    expect: all(404, { guest: 403, anonymous: 401 }),
  },
  {
    method: 'DELETE',
    route: '/users/me/accounts/auto-sync (none)',
    path: () => '/users/me/accounts/auto-sync',
    body: () => ({ canvasId: 'no-such-canvas' }),
    expect: all(404, { guest: 403, anonymous: 401 }),
  },
  {
    method: 'POST',
    route: '/canvases/{id}/annotations/export.csv',
    setup: async (world) => ({ canvasId: (await buildCanvas(db, { user: world.owner })).canvas.id }),
    path: (_w, extra) => `/canvases/${extra.canvasId}/annotations/export.csv`,
    body: () => ({}),
    expect: teamOnly(200),
  },
]

runMatrix(MATRIX)
