/**
 * The Pinpoint database schema: one file per aggregate, relations in relations.ts.
 * Column names are explicit snake_case; TypeScript properties are camelCase.
 */
export * from './accounts.ts'
export * from './annotations.ts'
export * from './billing.ts'
export * from './billing-engine.ts'
export * from './canvases.ts'
export * from './columns.ts'
export * from './events.ts'
export * from './folders.ts'
export * from './integrations.ts'
export * from './platform.ts'
export * from './relations.ts'
export * from './releases.ts'
export * from './staff.ts'
export * from './teams.ts'
export * from './users.ts'
export * from './webhooks.ts'
