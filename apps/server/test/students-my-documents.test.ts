import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TSession } from '@meridian/domain';
import { createTestApp, type TTestApp } from './app.js';
import { call } from './http.js';
import { newRequest } from './requests-fixtures.js';

let t: TTestApp;
let student: TSession;
let officer: TSession;

beforeAll(async () => {
  t = await createTestApp();
  [student, officer] = await t.loginAll('student', 'officer');
});
afterAll(async () => {
  await t?.close();
});

/** An attachment row written directly (the upload path has its own tests). */
async function file(o: {
  fileName: string;
  subject?: string | null | undefined;
  requestId?: string | null | undefined;
  visible?: boolean | undefined;
}) {
  const [u] = await t.sql<{ id: string }>(`select id from users where institution_id = $1 and user_name = $2`, [
    t.institutionA,
    o.subject ?? 'student',
  ]);
  await t.sql(
    `insert into attachments (institution_id, request_id, subject_user_id, file_name, content_type, size_bytes, sha256, storage_key, is_visible_to_requester)
     values ($1, $2, $3, $4, 'application/pdf', 10, 'x', 'k-' || md5(random()::text), $5)`,
    [t.institutionA, o.requestId ?? null, o.subject === null ? null : u!.id, o.fileName, o.visible ?? true],
  );
}

describe("listMyDocuments: the student's own documents (service menu, My documents)", () => {
  it("lists their arrival-checklist uploads and request files, never the office's internal files or someone else's", async () => {
    const r = await newRequest(t, { status: 'submitted' });
    await file({ fileName: 'passport.pdf' });
    await file({ fileName: 'offer-letter.pdf', subject: null, requestId: r.id });
    await file({ fileName: 'internal-note.pdf', subject: null, requestId: r.id, visible: false });
    await file({ fileName: 'officer-own.pdf', subject: 'officer' });
    const res = await call(t, 'GET', '/api/students/me/documents', { as: student });
    expect(res.statusCode, res.body).toBe(200);
    const names = res.json<{ fileName: string; requestNumber: number | null }[]>().map((d) => d.fileName);
    expect(names).toEqual(expect.arrayContaining(['passport.pdf', 'offer-letter.pdf']));
    expect(names).not.toContain('internal-note.pdf');
    expect(names).not.toContain('officer-own.pdf');
    const offer = res.json<{ fileName: string; requestNumber: number | null }[]>().find((d) => d.fileName === 'offer-letter.pdf');
    expect(offer?.requestNumber).toBe(r.number);
    expect((await call(t, 'GET', '/api/students/me/documents', { as: officer })).statusCode).toBe(403);
  });
});
