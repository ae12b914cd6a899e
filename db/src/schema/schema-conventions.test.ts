/**
 * Conventions every table follows: snake_case names, timestamps with a time zone, a primary key, and an
 * index under every foreign key (so cascades and joins do not scan). Runs on the migrated test database.
 */
import { describe, expect, test } from 'bun:test'
import { sql } from 'drizzle-orm'
import { testDatabase } from '../testing/index.ts'

const { handle } = await testDatabase()

const columns = await handle.rows<{ table_name: string; column_name: string; data_type: string }>(sql`
  select table_name, column_name, data_type
  from information_schema.columns
  where table_schema = 'public'`)

describe('schema conventions', () => {
  test('every table and column is snake_case', () => {
    const offenders = columns
      .map((c) => `${c.table_name}.${c.column_name}`)
      .filter((name) => !/^[a-z][a-z0-9_]*\.[a-z][a-z0-9_]*$/.test(name))
    expect(offenders).toEqual([])
  })

  test('timestamps carry a time zone', () => {
    const naive = columns.filter((c) => c.data_type === 'timestamp without time zone')
    expect(naive).toEqual([])
  })

  test('every table has a primary key', async () => {
    const rows = await handle.rows<{ table_name: string }>(sql`
      select t.table_name from information_schema.tables t
      where t.table_schema = 'public' and t.table_type = 'BASE TABLE'
        and not exists (
          select 1 from information_schema.table_constraints c
          where c.table_schema = 'public' and c.table_name = t.table_name and c.constraint_type = 'PRIMARY KEY')`)
    expect(rows).toEqual([])
  })

  test('every foreign key is covered by an index (cascades and joins do not scan)', async () => {
    const rows = await handle.rows<{ constraint: string }>(sql`
      select c.conname as constraint
      from pg_constraint c
      where c.contype = 'f' and c.connamespace = 'public'::regnamespace
        and not exists (
          select 1 from pg_index i
          where i.indrelid = c.conrelid
            and (i.indkey::text || ' ') like (array_to_string(c.conkey, ' ') || ' %'))`)
    expect(rows).toEqual([])
  })
})
