import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as XLSX from 'xlsx';
import { todayIn, type auditApi, type institutionsApi, type TSession } from '@meridian/domain';
import { createTestApp, HOST_B, type TTestApp } from './app.js';
import { call, perms, userIds } from './http.js';
import { buildStudent, buildUser } from './factories/index.js';

/**
 * The office's Logs (docs/product/logs.md): kinds of log, the office's calendar days, who did it,
 * words, paging, the Excel export, who may read them, tenancy; and a student record's disclosures.
 * Events are written straight into audit_events, each test's under a tag of its own in the record id.
 */
let t: TTestApp;
let admin: TSession;
let officer: TSession;
let assistant: TSession;
/** An officer of every campus site: the demo officer is one of the main campus only. */
let everySite: TSession;
let everySiteId: string;
let ids: Record<string, string>;

beforeAll(async () => {
  t = await createTestApp();
  [admin, officer, assistant] = await t.loginAll('admin', 'officer', 'assistant');
  ids = await userIds(t, t.institutionA);
  const u = await buildUser(t, { role: 'isssAdmin', canSignIn: true, staffPermissions: perms({ isOfficer: true, officerSites: [] }) });
  everySiteId = u.id;
  everySite = await t.login(u.userName);
  const settings = (
    await call(t, 'GET', '/api/institution/settings', { as: admin })
  ).json<institutionsApi.TUpdateInstitutionSettingsInput>();
  const res = await call(t, 'PUT', '/api/institution/settings', { as: admin, body: { ...settings, timeZone: 'America/Los_Angeles' } });
  expect(res.statusCode, res.body).toBe(200);
});
afterAll(async () => {
  await t?.close();
});

const tagged = () => `logs${randomBytes(4).toString('hex')}`;

interface TEvent {
  action: string;
  entityId: string;
  at?: string;
  actor?: string | null;
  institutionId?: string;
  after?: unknown;
  ip?: string;
}
async function write(...events: TEvent[]): Promise<void> {
  for (const e of events)
    await t.sql(
      `insert into audit_events (institution_id, actor_user_id, entity_type, entity_id, action, after, ip, at)
       values ($1, $2, 'test', $3, $4, $5, $6, coalesce($7::timestamptz, now()))`,
      [e.institutionId ?? t.institutionA, e.actor ?? null, e.entityId, e.action, e.after ?? null, e.ip ?? null, e.at ?? null],
    );
}

type TPage = { items: auditApi.TLogEntry[]; total: number; page: number; pageSize: number };
async function logs(query: Record<string, string | number>, as: TSession = admin, host?: string): Promise<TPage> {
  const res = await call(t, 'GET', '/api/audit/logs', { as, query, host });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<TPage>();
}

describe('the Logs list', () => {
  it('filters by each kind of log', async () => {
    const tag = tagged();
    const byType: Record<string, string> = {
      'sign-ins': 'auth.login.succeeded',
      permissions: 'staff.permissions.updated',
      records: 'student.stage.changed',
      sevis: 'sevis.batch.sent',
      email: 'email.resent',
      imports: 'student-import.committed',
      integrations: 'integration_token.created',
    };
    for (const [i, action] of Object.values(byType).entries()) await write({ action, entityId: `${tag}-${i}` });
    for (const [logType, action] of Object.entries(byType)) {
      const page = await logs({ q: tag, logType });
      expect(
        page.items.map((x) => x.action),
        logType,
      ).toEqual([action]);
    }
    const all = await logs({ q: tag, logType: 'all' });
    expect(all.total).toBe(7);
    const signIn = all.items.find((x) => x.action === 'auth.login.succeeded')!;
    expect(signIn).toMatchObject({ logType: 'Sign-ins', actionLabel: 'Signed in', actorName: null, actorEmail: null, entityType: 'test' });
    // An underscore in a prefix is itself, not "any character".
    await write({ action: 'integrationXtoken.created', entityId: `${tag}-x` });
    expect((await logs({ q: tag, logType: 'integrations' })).items.map((x) => x.action)).toEqual(['integration_token.created']);
    expect((await call(t, 'GET', '/api/audit/logs', { as: admin, query: { logType: 'nope' } })).statusCode).toBe(400);
  });

  it("takes whole days in the office's time zone: 23:30 on the last day is in, 00:30 the next day is out", async () => {
    const tag = tagged();
    await write(
      { action: 'student.viewed', entityId: `${tag}-first`, at: '2026-03-09T00:10:00-07:00' },
      { action: 'student.viewed', entityId: `${tag}-late`, at: '2026-03-10T23:30:00-07:00' },
      { action: 'student.viewed', entityId: `${tag}-next`, at: '2026-03-11T00:30:00-07:00' },
      { action: 'student.viewed', entityId: `${tag}-before`, at: '2026-03-08T23:59:00-07:00' },
    );
    const ids = async (query: Record<string, string>) => (await logs({ q: tag, ...query })).items.map((x) => x.entityId);
    expect(await ids({ from: '2026-03-09', to: '2026-03-10' })).toEqual([`${tag}-late`, `${tag}-first`]);
    expect(await ids({ from: '2026-03-11' })).toEqual([`${tag}-next`]);
    expect(await ids({ to: '2026-03-08' })).toEqual([`${tag}-before`]);
    const bad = await call(t, 'GET', '/api/audit/logs', { as: admin, query: { from: '2026-03-10', to: '2026-03-09' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json<{ fieldErrors: Record<string, string[]> }>().fieldErrors.to).toEqual([
      'The end date must be on or after the start date.',
    ]);
  });

  it('finds who did it by name or e-mail, and words in the record id or the action', async () => {
    const tag = tagged();
    await write(
      { action: 'staff.invited', entityId: `${tag}-a`, actor: ids.officer!, ip: '203.0.113.7' },
      { action: 'staff.deactivated', entityId: `${tag}-b`, actor: ids.admin! },
      { action: 'auth.login.failed', entityId: `${tag}-c`, actor: null },
    );
    const officerRow = await t.sqlOne<{ first_name: string; last_name: string; email: string }>(
      'select first_name, last_name, email from users where id = $1',
      [ids.officer],
    );
    const byEmail = await logs({ q: tag, actor: officerRow.email.toUpperCase() });
    expect(byEmail.items.map((x) => x.entityId)).toEqual([`${tag}-a`]);
    expect(byEmail.items[0]).toMatchObject({
      actorName: `${officerRow.first_name} ${officerRow.last_name}`,
      actorEmail: officerRow.email,
      ip: '203.0.113.7',
      actionLabel: 'Invited a staff member',
    });
    expect((await logs({ q: tag, actor: `${officerRow.first_name} ${officerRow.last_name}` })).total).toBe(1);
    expect((await logs({ q: `${tag}-b` })).items.map((x) => x.action)).toEqual(['staff.deactivated']);
    expect((await logs({ q: 'staff.deactivated', actor: '' })).items.some((x) => x.entityId === `${tag}-b`)).toBe(true);
    expect((await logs({ q: `${tag}%` })).total, 'LIKE characters are literal').toBe(0);
  });

  it('pages newest first with a total', async () => {
    const tag = tagged();
    for (let i = 0; i < 5; i++) await write({ action: 'comment.created', entityId: `${tag}-${i}`, at: `2026-01-0${i + 1}T12:00:00Z` });
    const p1 = await logs({ q: tag, pageSize: 2, page: 1 });
    expect(p1.total).toBe(5);
    expect(p1.items.map((x) => x.entityId)).toEqual([`${tag}-4`, `${tag}-3`]);
    expect((await logs({ q: tag, pageSize: 2, page: 3 })).items.map((x) => x.entityId)).toEqual([`${tag}-0`]);
  });

  it('is for super users and officers of every campus site: others are refused, and another institution’s events are never seen', async () => {
    const tag = tagged();
    await write(
      { action: 'student.viewed', entityId: `${tag}-a` },
      { action: 'student.viewed', entityId: `${tag}-b`, institutionId: t.institutionB },
    );
    expect((await logs({ q: tag }, everySite)).items.map((x) => x.entityId)).toEqual([`${tag}-a`]);
    expect((await logs({ q: tag }, admin)).items.map((x) => x.entityId)).toEqual([`${tag}-a`]);
    // An officer of one campus site would read the before and after of other sites' records.
    expect((await call(t, 'GET', '/api/audit/logs', { as: officer })).statusCode).toBe(403);
    expect((await call(t, 'GET', '/api/audit/logs', { as: assistant })).statusCode).toBe(403);
    expect((await call(t, 'POST', '/api/audit/logs/export', { as: assistant, body: {}, follow: false })).statusCode).toBe(403);
    expect((await call(t, 'GET', '/api/audit/logs')).statusCode).toBe(401);
    const adminB = await t.login('admin', { host: HOST_B });
    expect((await logs({ q: tag }, adminB, HOST_B)).items.map((x) => x.entityId)).toEqual([`${tag}-b`]);
  });
});

describe('the Logs export', () => {
  it('writes the filtered events to Logs_{month}_{day}_{year}.xlsx, formulas as text, and is itself logged', async () => {
    const tag = tagged();
    await write(
      { action: 'staff.invited', entityId: `${tag}-a`, actor: ids.officer!, at: '2026-02-01T10:00:00Z', after: { note: '=1+1' } },
      { action: 'auth.login.failed', entityId: `${tag}-b`, at: '2026-02-02T10:00:00Z' },
      { action: 'auth.login.failed', entityId: `${tag}-c`, institutionId: t.institutionB },
    );
    const res = await call(t, 'POST', '/api/audit/logs/export', { as: everySite, body: { q: tag } });
    expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    // Named by the office's day (Los Angeles here), month and day without leading zeros.
    const [y, m, d] = todayIn('America/Los_Angeles').split('-').map(Number);
    expect(res.headers['content-disposition']).toContain(`filename="Logs_${m}_${d}_${y}.xlsx"`);
    const wb = XLSX.read(res.rawPayload, { type: 'buffer', cellFormula: true });
    expect(wb.SheetNames).toEqual(['Logs']);
    const rows = XLSX.utils.sheet_to_json<Record<string, string>>(wb.Sheets.Logs!, { defval: '' });
    expect(rows.map((r) => r['Record id'])).toEqual([`${tag}-b`, `${tag}-a`]);
    expect(rows[0]).toMatchObject({ Who: 'System', 'Log type': 'Sign-ins', Action: 'Sign-in failed', 'Action code': 'auth.login.failed' });
    expect(rows[0]!.Date).toMatch(/^02\/02\/2026 02:00 PST$/);
    expect(rows[1]).toMatchObject({ 'Log type': 'Permissions', Action: 'Invited a staff member' });
    expect(rows[1]!.After).toBe('{"note":"=1+1"}');
    const audit = await t.sqlOne<{ after: { rows: number; filters: { q: string } }; actor_user_id: string }>(
      "select after, actor_user_id from audit_events where action = 'audit.logs.exported' order by id desc limit 1",
    );
    expect(audit).toMatchObject({ after: { rows: 2, filters: { q: tag } }, actor_user_id: everySiteId });
  });

  it('refuses filters that are not valid on the field', async () => {
    const res = await call(t, 'POST', '/api/audit/logs/export', { as: admin, body: { from: '2026-02-31' }, follow: false });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json<{ fieldErrors: Record<string, string[]> }>().fieldErrors)).toEqual(['from']);
  });
});

describe("a student record's disclosures", () => {
  it('lists who opened the record, for staff who reach it; 404 to staff who do not', async () => {
    const main = await buildStudent(t, { site: 'MAIN' });
    const med = await buildStudent(t, { site: 'MED' });
    expect((await call(t, 'GET', `/api/students/${main.id}`, { as: officer })).statusCode).toBe(200);
    expect((await call(t, 'GET', `/api/students/${main.id}`, { as: admin })).statusCode).toBe(200);
    const res = await call(t, 'GET', `/api/students/${main.id}/disclosures`, { as: assistant, query: { pageSize: 10 } });
    expect(res.statusCode, res.body).toBe(200);
    const page = res.json<{ items: auditApi.TDisclosure[]; total: number }>();
    expect(page.total).toBe(2);
    expect(page.items.map((x) => x.actionLabel)).toEqual(['Opened a student record', 'Opened a student record']);
    const officerEmail = (await t.sqlOne<{ email: string }>('select email from users where id = $1', [ids.officer])).email;
    expect(page.items[1]!.actorEmail).toBe(officerEmail);
    expect((await call(t, 'GET', `/api/students/${med.id}/disclosures`, { as: officer })).statusCode).toBe(404);
    expect((await call(t, 'GET', `/api/students/${main.id}/disclosures`, { as: await t.login('student') })).statusCode).toBe(403);
  });
});
