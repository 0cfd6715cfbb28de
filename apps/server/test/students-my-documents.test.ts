import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TSession } from '@meridian/domain';
import { createTestApp, type TTestApp } from './app.js';
import { call } from './http.js';
import { buildAttachment, buildRequest } from './factories/index.js';

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

describe("listMyDocuments: the student's own documents (service menu, My documents)", () => {
  it("lists their arrival-checklist uploads and request files, never the office's internal files or someone else's", async () => {
    const r = await buildRequest(t, { status: 'submitted' });
    await buildAttachment(t, { fileName: 'passport.pdf', subject: 'student' });
    await buildAttachment(t, { fileName: 'offer-letter.pdf', requestId: r.id });
    await buildAttachment(t, { fileName: 'internal-note.pdf', requestId: r.id, isVisibleToRequester: false });
    await buildAttachment(t, { fileName: 'officer-own.pdf', subject: 'officer' });
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
