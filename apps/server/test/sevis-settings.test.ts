import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG, sevisApi, type TSession } from '@meridian/domain';
import { createTestApp, HOST_B, type TTestApp } from './app.js';
import { call } from './http.js';
import { buildSevisSender, buildSevisSettings, siteIdOf } from './factories/index.js';

const M = sevisApi.SEVIS_MSG;
let t: TTestApp;
let admin: TSession;
let officer: TSession;
let assistant: TSession;
let main: number;
let med: number;

beforeAll(async () => {
  t = await createTestApp();
  [admin, officer, assistant] = await Promise.all([t.login('admin'), t.login('officer'), t.login('assistant')]);
  main = await siteIdOf(t, 'MAIN');
  med = await siteIdOf(t, 'MED');
});
afterAll(async () => {
  await t?.close();
});

const valid = (o: Partial<sevisApi.TSevisSettingsInput> = {}) => ({
  campusSiteId: med,
  programKind: 'F',
  orgId: 'NYC214F00098765',
  officialName: 'Pat PDSO',
  officialSevisUserId: 'PDSOUSER02',
  startingBatchNumber: 100,
  isAutoBatch: false,
  isActive: true,
  ...o,
});
type TList = sevisApi.TSevisSettingsList;

describe('SEVIS Settings', () => {
  it('shows the demo Main Campus settings (F school code, J program number) with the next batch id', async () => {
    const res = await call(t, 'GET', '/api/sevis/settings', { as: admin });
    expect(res.statusCode).toBe(200);
    const list = res.json<TList>();
    const f = list.items.find((s) => s.campusSiteId === main && s.programKind === 'F')!;
    expect(f).toMatchObject({ orgId: 'BOS214F00012345', officialSevisUserId: 'DEMOPDSO01', nextBatchId: '00000000000001', canEdit: true });
    expect(list.items.find((s) => s.campusSiteId === main && s.programKind === 'J')!.orgId).toBe('P-1-12345');
    expect(list.sites.map((s) => s.id).sort()).toEqual([main, med].sort());
  });

  it('refuses malformed values with a message on each field (server side, the same schema as the browser)', async () => {
    const bad = await call(t, 'POST', '/api/sevis/settings', {
      as: admin,
      body: valid({ orgId: 'BOS214X00012345', officialSevisUserId: 'SHORT', startingBatchNumber: 0 }),
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fieldErrors).toMatchObject({
      orgId: [M.schoolCode],
      officialSevisUserId: [M.sevisUserId],
      startingBatchNumber: [M.startingBatchNumber],
    });
    const j = await call(t, 'POST', '/api/sevis/settings', { as: admin, body: valid({ programKind: 'J', orgId: 'P-5-12345' }) });
    expect(j.json().fieldErrors).toMatchObject({ orgId: [M.programNumber] });
    const g = await call(t, 'POST', '/api/sevis/settings', { as: admin, body: valid({ programKind: 'J', orgId: 'G-8-12345' }) });
    expect(g.json().fieldErrors).toMatchObject({ orgId: [M.programNumber] });
    const empty = await call(t, 'POST', '/api/sevis/settings', { as: admin, body: valid({ orgId: '', officialName: '' }) });
    expect(empty.json().fieldErrors).toMatchObject({ orgId: [MSG.required], officialName: [MSG.required] });
    // The browser parses with the same schema: same messages.
    const parsed = sevisApi.ZSevisSettingsInput.safeParse(
      valid({ programKind: 'J', orgId: 'BOS214F00012345', officialSevisUserId: '12345678901' }),
    );
    expect(parsed.success).toBe(false);
    const byField = Object.fromEntries(parsed.error!.issues.map((i) => [i.path.join('.'), i.message]));
    expect(byField).toMatchObject({ orgId: M.programNumber, officialSevisUserId: M.sevisUserId });
  });

  it('adds settings for another site, refuses a second row of the same site and kind, and audits', async () => {
    const res = await call(t, 'POST', '/api/sevis/settings', { as: admin, body: valid() });
    expect(res.statusCode).toBe(200);
    const created = res.json<sevisApi.TSevisSettings>();
    expect(created).toMatchObject({ campusSiteName: 'Medical Campus', orgId: 'NYC214F00098765', nextBatchId: '00000000000100' });
    const dup = await call(t, 'POST', '/api/sevis/settings', { as: admin, body: valid({ orgId: 'NYC214F00011111' }) });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().fieldErrors).toEqual({ programKind: [M.duplicateSettings] });
    const audit = await t.sql('select action from audit_events where entity_type = $1 and entity_id = $2', ['sevis_settings', created.id]);
    expect(audit.map((a) => a.action)).toEqual(['sevis.settings-created']);
    const put = await call(t, 'PUT', `/api/sevis/settings/${created.id}`, {
      as: admin,
      body: valid({ isAutoBatch: true, officialSevisUserId: 'PDSOUSER03' }),
    });
    expect(put.statusCode).toBe(200);
    expect(put.json()).toMatchObject({ isAutoBatch: true, officialSevisUserId: 'PDSOUSER03' });
  });

  it('officers see and change their own sites only; another site is 404; assistants read but may not change', async () => {
    const medId = (await buildSevisSettings(t, { site: 'MED', kind: 'J' })).id;
    const mine = (await call(t, 'GET', '/api/sevis/settings', { as: officer })).json<TList>();
    expect(mine.items.every((s) => s.campusSiteId === main)).toBe(true);
    expect(mine.items.length).toBeGreaterThanOrEqual(2);
    expect(mine.sites.map((s) => s.id)).toEqual([main]);
    const mainF = mine.items.find((s) => s.programKind === 'F')!;
    const body = { ...mainF, startingBatchNumber: 5 };
    const ok = await call(t, 'PUT', `/api/sevis/settings/${mainF.id}`, { as: officer, body });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ startingBatchNumber: 5, nextBatchId: '00000000000005' });
    expect(
      (await call(t, 'PUT', `/api/sevis/settings/${medId}`, { as: officer, body: valid({ programKind: 'J', orgId: 'P-3-54321' }) }))
        .statusCode,
    ).toBe(404);
    const other = await call(t, 'POST', '/api/sevis/settings', { as: officer, body: valid({ programKind: 'J', orgId: 'P-2-22222' }) });
    expect(other.statusCode).toBe(400);
    expect(other.json().fieldErrors.campusSiteId).toBeTruthy();
    const seen = (await call(t, 'GET', '/api/sevis/settings', { as: assistant })).json<TList>();
    expect(seen.items.length).toBeGreaterThanOrEqual(2);
    expect(seen.items.every((s) => !s.canEdit && s.campusSiteId === main)).toBe(true);
    expect((await call(t, 'PUT', `/api/sevis/settings/${mainF.id}`, { as: assistant, body })).statusCode).toBe(403);
  });

  it('another institution neither sees nor changes these settings', async () => {
    const adminB = await t.login('admin', { host: HOST_B });
    const mineA = (await call(t, 'GET', '/api/sevis/settings', { as: admin })).json<TList>();
    const listB = (await call(t, 'GET', '/api/sevis/settings', { as: adminB, host: HOST_B })).json<TList>();
    expect(listB.items.map((s) => s.id).filter((id) => mineA.items.some((a) => a.id === id))).toEqual([]);
    const a = mineA.items[0]!;
    expect((await call(t, 'PUT', `/api/sevis/settings/${a.id}`, { as: adminB, host: HOST_B, body: { ...a } })).statusCode).toBe(404);
  });
});

describe('SEVIS Permissions', () => {
  it('lists the demo admin as DSO and ARO, names an officer DSO with a 10-character id, refuses bad ids and non-staff', async () => {
    const list = (await call(t, 'GET', '/api/sevis/senders', { as: officer })).json<sevisApi.TSevisSenderList>();
    expect(
      list.items
        .filter((s) => s.name === 'Avery Admin')
        .map((s) => s.kind)
        .sort(),
    ).toEqual(['ARO', 'DSO']);
    const officerId = list.candidates.find((c) => c.name === 'Olivia Officer')!.userId;
    expect(list.candidates.some((c) => c.name === 'Sam Assistant')).toBe(false);
    const bad = await call(t, 'PUT', '/api/sevis/senders', { as: admin, body: { userId: officerId, kind: 'DSO', sevisUserId: 'OFFICER' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fieldErrors).toEqual({ sevisUserId: [M.sevisUserId] });
    const [student] = await t.sql<{ id: string }>('select id from users where institution_id = $1 and user_name = $2', [
      t.institutionA,
      'student',
    ]);
    const notStaff = await call(t, 'PUT', '/api/sevis/senders', {
      as: admin,
      body: { userId: student!.id, kind: 'DSO', sevisUserId: 'STUDENT001' },
    });
    expect(notStaff.statusCode).toBe(400);
    expect(Object.keys(notStaff.json().fieldErrors)).toEqual(['userId']);
    const ok = await call(t, 'PUT', '/api/sevis/senders', {
      as: admin,
      body: { userId: officerId, kind: 'DSO', sevisUserId: 'OFFICER001' },
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ kind: 'DSO', sevisUserId: 'OFFICER001', name: 'Olivia Officer' });
    expect((await call(t, 'DELETE', `/api/sevis/senders/${officerId}/DSO`, { as: admin })).statusCode).toBe(200);
    expect((await call(t, 'DELETE', `/api/sevis/senders/${officerId}/DSO`, { as: admin })).statusCode).toBe(404);
    const audit = await t.sql('select action from audit_events where entity_type = $1 and entity_id = $2', ['user', officerId]);
    expect(audit.map((a) => a.action)).toEqual(expect.arrayContaining(['sevis.sender-added', 'sevis.sender-removed']));
  });

  it('only a DSO creates F-1 batches and only an ARO J-1 batches (besides sevis.batch and the site)', async () => {
    const list = (await call(t, 'GET', '/api/sevis/settings', { as: officer })).json<TList>();
    const f = list.items.find((s) => s.programKind === 'F')!;
    const j = list.items.find((s) => s.programKind === 'J')!;
    const refused = await call(t, 'POST', '/api/sevis/batches', { as: officer, body: { settingsId: f.id } });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'NOT_SENDER', message: M.notSender });
    await buildSevisSender(t, 'officer', 'DSO', 'OFFICER001');
    expect((await call(t, 'POST', '/api/sevis/batches', { as: officer, body: { settingsId: f.id } })).statusCode).toBe(200);
    expect((await call(t, 'POST', '/api/sevis/batches', { as: officer, body: { settingsId: j.id } })).statusCode).toBe(403);
    const all = await call(t, 'POST', '/api/sevis/batches', { as: officer, body: {} });
    expect(all.json().skipped).toEqual([{ orgId: j.orgId, reason: M.notSender }]);
    // The assistant has no sevisBatch flag: the function permission refuses first.
    expect((await call(t, 'POST', '/api/sevis/batches', { as: assistant, body: { settingsId: f.id } })).statusCode).toBe(403);
  });
});
