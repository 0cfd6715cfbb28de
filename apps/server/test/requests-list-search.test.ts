import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TSession } from '@meridian/domain';
import { createTestApp, type TTestApp } from './app.js';
import { call } from './http.js';
import { newRequest } from './requests-fixtures.js';

/**
 * A keyword of digits takes its own path in the list query (request number OR the requester's
 * name/e-mail, matched as two index scans): it must find the same requests as before.
 */
let t: TTestApp;
let admin: TSession;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin');
});
afterAll(async () => {
  await t?.close();
});

const search = async (q: string) => {
  const res = await call(t, 'GET', '/api/requests', { as: admin, query: { q, pageSize: 100 } });
  expect(res.statusCode, res.body).toBe(200);
  return res
    .json<{ items: { id: string }[] }>()
    .items.map((r) => r.id)
    .sort();
};

describe('keyword of digits', () => {
  it('matches the request number and requesters whose e-mail holds the digits, in this institution only', async () => {
    const byStudent = await newRequest(t, { requester: 'student', status: 'submitted' });
    const byScholar = await newRequest(t, { requester: 'scholar', status: 'submitted' });
    const digits = String(byStudent.number);
    await t.sql("update users set email = $1 where institution_id = $2 and user_name = 'scholar'", [
      `hiro${digits}@demo.example.edu`,
      t.institutionA,
    ]);
    // The same digits in another institution's e-mail must not bring its requests (nor can it: RLS).
    await newRequest(t, { institutionId: t.institutionB, requester: 'scholar', status: 'submitted' });
    await t.sql("update users set email = $1 where institution_id = $2 and user_name = 'scholar'", [
      `tanaka${digits}@other.example.edu`,
      t.institutionB,
    ]);

    expect(await search(digits)).toEqual([byStudent.id, byScholar.id].sort());
    expect(await search(`#${digits}`)).toEqual([byStudent.id, byScholar.id].sort());
    // Digits that are no request number still find the requester by e-mail.
    await t.sql("update users set email = 'hiro4242424@demo.example.edu' where institution_id = $1 and user_name = 'scholar'", [
      t.institutionA,
    ]);
    expect(await search('4242424')).toEqual([byScholar.id]);
    expect(await search('999999999')).toEqual([]);
  });
});
