import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TSession } from '@meridian/domain';
import { createTestApp, type TTestApp } from './app.js';
import { call } from './http.js';
import { buildRequest, buildUser } from './factories/index.js';

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

describe('request list keyword', () => {
  it('matches the request number and requesters whose e-mail holds the digits, in this institution only', async () => {
    const byStudent = await buildRequest(t, { requester: 'student', status: 'submitted' });
    const digits = String(byStudent.number);
    const hiro = await buildUser(t, { role: 'scholar', email: `hiro${digits}@demo.example.edu` });
    const byScholar = await buildRequest(t, { requester: hiro.userName, status: 'submitted' });
    // The same digits in another institution's e-mail must not bring its requests (nor can it: RLS).
    const tanaka = await buildUser(t, { institutionId: t.institutionB, role: 'scholar', email: `tanaka${digits}@other.example.edu` });
    await buildRequest(t, { institutionId: t.institutionB, requester: tanaka.userName, status: 'submitted' });

    expect(await search(digits)).toEqual([byStudent.id, byScholar.id].sort());
    expect(await search(`#${digits}`)).toEqual([byStudent.id, byScholar.id].sort());
    // Digits that are no request number still find the requester by e-mail.
    const other = await buildUser(t, { role: 'scholar', email: 'hiro4242424@demo.example.edu' });
    const byOther = await buildRequest(t, { requester: other.userName, status: 'submitted' });
    expect(await search('4242424')).toEqual([byOther.id]);
    expect(await search('999999999')).toEqual([]);
  });

  it('matches the requester\'s name as "first last" or "last, first" and the e-mail, in any case, and nothing across them', async () => {
    const mei = await buildUser(t, { role: 'scholar', firstName: 'Mei', lastName: 'Zhangsworth', email: 'mz77@demo.example.edu' });
    const byMei = await buildRequest(t, { requester: mei.userName, status: 'submitted' });
    for (const q of ['zhangsworth', 'Mei Zhang', 'ZHANGSWORTH, mei', 'mz77@demo', 'angswo']) expect(await search(q), q).toEqual([byMei.id]);
    // Not a name as the list shows it (last then first without the comma), nor a wildcard.
    expect(await search('Zhangsworth Mei')).toEqual([]);
    expect(await search('zhang%worth')).toEqual([]);
    // Another institution's person of the same name is not found.
    const twin = await buildUser(t, { institutionId: t.institutionB, role: 'scholar', firstName: 'Mei', lastName: 'Zhangsworth' });
    await buildRequest(t, { institutionId: t.institutionB, requester: twin.userName, status: 'submitted' });
    expect(await search('zhangsworth')).toEqual([byMei.id]);
  });
});
