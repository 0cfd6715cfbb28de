import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TSession } from '@meridian/domain';
import { expireStaleImportPreviews } from '../src/modules/students/intake/operations/expire-stale-import-previews.js';
import { createTestApp, type TTestApp } from './app.js';
import { call } from './http.js';
import { buildStudentImport } from './factories/index.js';

let t: TTestApp;
let admin: TSession;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin');
});
afterAll(async () => {
  await t?.close();
});

async function upload(status: string, daysAgo: number): Promise<string> {
  const r = await buildStudentImport(t, {
    fileName: `students-${status}-${daysAgo}.csv`,
    status,
    rowCount: 1,
    rows: [{ first_name: 'Ana', birth_date: '01/02/2000' }],
    errors: [],
    createdAt: new Date(Date.now() - daysAgo * 86_400_000),
  });
  return r.id;
}

describe('expireStaleImportPreviews: uploads never imported lose their rows after 14 days', () => {
  it('erases stale previews and refused uploads, keeps recent ones and committed history, and says why', async () => {
    const stale = await upload('previewed', 15);
    const staleFailed = await upload('failed', 30);
    const fresh = await upload('previewed', 2);
    const committed = await upload('committed', 60);
    expect(await expireStaleImportPreviews(t.services)).toBe(2);
    const rows = await t.sql<{ id: string; status: string; n: number }>(
      `select id, status, jsonb_array_length(rows) as n from student_imports where id = any($1::uuid[])`,
      [[stale, staleFailed, fresh, committed]],
    );
    const by = Object.fromEntries(rows.map((r) => [r.id, r]));
    expect(by[stale]).toMatchObject({ status: 'discarded', n: 0 });
    expect(by[staleFailed]).toMatchObject({ status: 'discarded', n: 0 });
    expect(by[fresh]).toMatchObject({ status: 'previewed', n: 1 });
    expect(by[committed]).toMatchObject({ status: 'committed', n: 1 });
    const [audit] = await t.sql<{ action: string }>(`select action from audit_events where entity_id = $1`, [stale]);
    expect(audit!.action).toBe('student-import.expired');
    // Running it again changes nothing; the upload history still lists the expired upload.
    expect(await expireStaleImportPreviews(t.services)).toBe(0);
    const history = await call(t, 'GET', '/api/student-imports', { as: admin, query: { page: 1, pageSize: 50, status: 'all' } });
    expect(history.statusCode, history.body).toBe(200);
  });
});
