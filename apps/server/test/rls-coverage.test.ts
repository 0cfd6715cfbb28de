import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TTestApp } from './app.js';

let t: TTestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

describe('tenant isolation covers every table', () => {
  it('every table with an institution_id has row-level security and a tenant policy', async () => {
    const rows = await t.sql<{ table_name: string; rls: boolean; policies: number }>(`
      select c.relname as table_name, c.relrowsecurity as rls,
             (select count(*)::int from pg_policies p where p.tablename = c.relname and p.policyname = 'tenant_isolation') as policies
        from pg_class c join pg_namespace n on n.oid = c.relnamespace
       where n.nspname = 'public' and c.relkind = 'r'
         and exists (select 1 from information_schema.columns col
                      where col.table_schema = 'public' and col.table_name = c.relname and col.column_name = 'institution_id')`);
    expect(rows.length).toBeGreaterThan(20);
    expect(rows.filter((r) => !r.rls || r.policies !== 1).map((r) => r.table_name)).toEqual([]);
  });
});
