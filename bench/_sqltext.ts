import { PgDialect } from 'drizzle-orm/pg-core'
import { sql } from 'drizzle-orm'
import seed from '/tmp/pp/seed.json'
import { annotationsJsonText } from '../server/src/modules/annotations/json-sql'
let captured: any
const fake: any = { execute: async (q: any) => { captured = q; return [] } }
await annotationsJsonText(fake, { canvasId: seed.canvasId, includePrivate: true })
const d = new PgDialect()
const { sql: text, params } = d.sqlToQuery(captured)
let out = text
params.forEach((p: any, i: number) => { out = out.replace(new RegExp(`\\$${i + 1}(?!\\d)`), `'${p}'`) })
console.log(out)
