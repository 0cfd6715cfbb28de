import { randomUUID } from 'node:crypto';
import { multipart } from './fixtures/case-fixtures.js';
import type { TExpect, TMatrixContext, TMatrixRow } from './authorization-matrix.js';
import { buildStudent } from './factories/index.js';

// letters.manage: super users and officers. letters.generate: anyone of the student area; the record is
// then checked by campus site (Main Campus records, which the demo officer and assistant reach and may change).
const MANAGERS = (n: number): TExpect => ({ anonymous: 401, admin: n, officer: n, assistant: 403, dept: 403, scholar: 403, student: 403 });
const STAFF = (n: number): TExpect => ({ anonymous: 401, admin: n, officer: n, assistant: n, dept: 403, scholar: 403, student: 403 });

/** A 1×1 PNG: the smallest signature there is. */
const TINY_PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=', 'base64');
const BODY = [{ type: 'paragraph', runs: [{ text: 'Dear {{student.firstName}},' }] }];

/** A fresh, active F-1 letter template of institution A. */
async function template(m: TMatrixContext): Promise<string> {
  const [row] = await m.t.sql<{ id: string }>(
    `insert into letter_templates (institution_id, name, record_kind, body) values ($1, $2, 'student', $3::jsonb) returning id`,
    [m.t.institutionA, `Matrix letter ${randomUUID()}`, JSON.stringify(BODY)],
  );
  return row!.id;
}
const mainRecord = async (m: TMatrixContext) => (await buildStudent(m.t, { site: 'MAIN' })).id;

/** Letter templates and letters (docs/product/letters.md). */
export const LETTERS_MATRIX: TMatrixRow[] = [
  { method: 'GET', path: '/api/letter-templates', access: 'letters.generate', request: () => ({}), expect: STAFF(200) },
  {
    method: 'GET',
    path: '/api/letter-templates/:templateId',
    access: 'letters.generate',
    foreignRecord: 404,
    request: async (m) => ({ params: { templateId: await template(m) } }),
    expect: STAFF(200),
  },
  {
    method: 'POST',
    path: '/api/letter-templates',
    access: 'letters.manage',
    request: () => ({ body: { name: `Matrix letter ${randomUUID()}`, recordKind: 'student', body: BODY } }),
    expect: MANAGERS(200),
  },
  {
    method: 'DELETE',
    path: '/api/letter-templates/:templateId',
    access: 'letters.manage',
    foreignRecord: 404,
    request: async (m) => ({ params: { templateId: await template(m) } }),
    expect: MANAGERS(200),
  },
  {
    method: 'POST',
    path: '/api/letter-templates/:templateId/signature',
    access: 'letters.manage',
    foreignRecord: 404,
    request: async (m) => {
      const body = multipart({}, { name: 'signature.png', data: TINY_PNG, contentType: 'image/png' });
      return { params: { templateId: await template(m) }, body: body.payload, headers: body.headers };
    },
    expect: MANAGERS(200),
  },
  {
    method: 'POST',
    path: '/api/letter-templates/:templateId/merged',
    access: 'letters.generate',
    foreignRecord: 404,
    request: async (m) => ({ params: { templateId: await template(m) }, body: { recordId: await mainRecord(m) } }),
    expect: STAFF(200),
  },
  {
    method: 'POST',
    path: '/api/letter-templates/:templateId/generate',
    access: 'letters.generate',
    foreignRecord: 404,
    request: async (m) => ({ params: { templateId: await template(m) }, body: { recordId: await mainRecord(m), visibility: 'office' } }),
    expect: STAFF(200),
  },
  {
    method: 'POST',
    path: '/api/letter-templates/:templateId/generate-batch',
    access: 'letters.generate',
    foreignRecord: 404,
    request: async (m) => ({
      params: { templateId: await template(m) },
      body: { recordIds: [await mainRecord(m), await mainRecord(m)], visibility: 'office' },
    }),
    expect: STAFF(200),
  },
];
