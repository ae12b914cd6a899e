/**
 * @pinpoint/domain: the product's rules, shared by the server and every front end. Pure TypeScript with no
 * dependencies and no I/O; time is always passed in (`now`), never read.
 */
export * from './account'
export * from './annotations'
export * from './canvas-state'
export * from './canvas-type'
export * from './constants'
export * from './customer'
export * from './devices'
export * from './errors'
export * from './features'
export * from './folders'
export * from './mentions'
export * from './notifications'
export * from './page-routes'
export * from './permissions'
export * from './plan-catalogue'
export * from './plans'
export * from './roles'
export * from './time'
export * from './toast'
export type * from './types'
