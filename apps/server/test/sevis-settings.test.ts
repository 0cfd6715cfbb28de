import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { MSG, sevisApi, type TSession } from '@meridian/domain';
import { createTestApp, HOST_B, type TTestApp } from './app.js';
import { call, perms } from './http.js';
import { buildSevisSender, buildSevisSettings, buildUser, siteIdOf, userIdOf } from './factories/index.js';

const M = sevisApi.SEVIS_MSG;
const S = sevisApi.SEVIS_SENDER_MSG;
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

  it('takes a starting batch number up to 99999999999999 (14 digits) and refuses one more; a campus site id past the largest is named on the field', async () => {
    const top = await call(t, 'POST', '/api/sevis/settings', {
      as: admin,
      body: valid({ programKind: 'J', orgId: 'P-4-99999', startingBatchNumber: 99_999_999_999_999 }),
    });
    expect(top.statusCode, top.body).toBe(200);
    expect(top.json()).toMatchObject({ startingBatchNumber: 99_999_999_999_999, nextBatchId: '99999999999999' });
    const over = await call(t, 'PUT', `/api/sevis/settings/${top.json().id}`, {
      as: admin,
      body: valid({ programKind: 'J', orgId: 'P-4-99999', startingBatchNumber: 100_000_000_000_000 }),
    });
    expect(over.statusCode).toBe(400);
    expect(over.json().fieldErrors).toEqual({ startingBatchNumber: [M.startingBatchNumber] });
    const site = await call(t, 'POST', '/api/sevis/settings', { as: admin, body: valid({ campusSiteId: 2_147_483_648 }) });
    expect(site.statusCode).toBe(400);
    expect(site.json().fieldErrors).toEqual({ campusSiteId: ['Choose a campus site you manage'] });
    await t.sql('delete from sevis_settings where id = $1', [top.json().id]);
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
    const list = (await call(t, 'GET', '/api/sevis/senders', { as: admin })).json<sevisApi.TSevisSenderList>();
    expect(
      list.items
        .filter((s) => s.name === 'Avery Admin' && s.campusSiteId === main)
        .map((s) => s.kind)
        .sort(),
    ).toEqual(['ARO', 'DSO']);
    const officerId = list.candidates.find((c) => c.name === 'Olivia Officer')!.userId;
    expect(list.candidates.some((c) => c.name === 'Sam Assistant')).toBe(false);
    const bad = await call(t, 'PUT', '/api/sevis/senders', {
      as: admin,
      body: { campusSiteId: main, userId: officerId, kind: 'DSO', sevisUserId: 'OFFICER' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fieldErrors).toEqual({ sevisUserId: [M.sevisUserId] });
    const [student] = await t.sql<{ id: string }>('select id from users where institution_id = $1 and user_name = $2', [
      t.institutionA,
      'student',
    ]);
    const notStaff = await call(t, 'PUT', '/api/sevis/senders', {
      as: admin,
      body: { campusSiteId: main, userId: student!.id, kind: 'DSO', sevisUserId: 'STUDENT001' },
    });
    expect(notStaff.statusCode).toBe(400);
    expect(notStaff.json().fieldErrors).toEqual({ userId: [S.notCandidate] });
    const ok = await call(t, 'PUT', '/api/sevis/senders', {
      as: admin,
      body: { campusSiteId: main, userId: officerId, kind: 'DSO', sevisUserId: 'OFFICER001' },
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ kind: 'DSO', sevisUserId: 'OFFICER001', name: 'Olivia Officer', campusSiteName: 'Main Campus' });
    expect((await call(t, 'DELETE', `/api/sevis/senders/${main}/${officerId}/DSO`, { as: admin })).statusCode).toBe(200);
    expect((await call(t, 'DELETE', `/api/sevis/senders/${main}/${officerId}/DSO`, { as: admin })).statusCode).toBe(404);
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
    // A DSO entry of another campus site does not send this site's batches.
    await buildSevisSender(t, 'officer', 'DSO', 'OFFICER001', t.institutionA, ['MED']);
    expect((await call(t, 'POST', '/api/sevis/batches', { as: officer, body: { settingsId: f.id } })).json()).toMatchObject({
      code: 'NOT_SENDER',
    });
    await buildSevisSender(t, 'officer', 'DSO', 'OFFICER001', t.institutionA, ['MAIN']);
    expect((await call(t, 'POST', '/api/sevis/batches', { as: officer, body: { settingsId: f.id } })).statusCode).toBe(200);
    expect((await call(t, 'POST', '/api/sevis/batches', { as: officer, body: { settingsId: j.id } })).statusCode).toBe(403);
    const all = await call(t, 'POST', '/api/sevis/batches', { as: officer, body: {} });
    expect(all.json().skipped).toEqual([{ orgId: j.orgId, reason: M.notSender }]);
    // The assistant has no sevisBatch flag: the function permission refuses first.
    expect((await call(t, 'POST', '/api/sevis/batches', { as: assistant, body: { settingsId: f.id } })).statusCode).toBe(403);
  });
});

/**
 * Who may name whom on SEVIS Permissions (docs/product/sevis-settings.md#sevis-permissions): a sender
 * signs batches under their own SEVIS user id (the batch's userID, Create-UpdateStudent.xsd and
 * Create-UpdateExchangeVisitor.xsd) and is designated by the school or sponsor (8 CFR 214.3(l)(1);
 * 22 CFR 62.2), so a second person names them, at a campus site both of them work at.
 */
describe('SEVIS Permissions: who may name whom', () => {
  let officerId: string;
  let adminId: string;
  const put = (as: TSession, body: Record<string, unknown>) => call(t, 'PUT', '/api/sevis/senders', { as, body });
  const del = (as: TSession, site: number, userId: string, kind: 'DSO' | 'ARO') =>
    call(t, 'DELETE', `/api/sevis/senders/${site}/${userId}/${kind}`, { as });
  const entries = (userId: string) =>
    t.sql<{ campus_site_id: number; kind: string; sevis_user_id: string }>(
      'select campus_site_id, kind, sevis_user_id from sevis_senders where user_id = $1 order by campus_site_id, kind',
      [userId],
    );
  /** The newest refusal the route recorded for a caller. */
  const lastRefusal = async (userId: string) =>
    (
      await t.sql<{ entity_id: string; after: { code: string; message: string } }>(
        `select entity_id, after from audit_events where action = 'authorization.refused' and actor_user_id = $1 order by id desc limit 1`,
        [userId],
      )
    )[0];
  /** Staff of institution A who can sign in, with these permissions. */
  const staffMember = async (permissions: Record<string, unknown>, isActive = true) =>
    buildUser(t, { role: 'isssAdmin', staffPermissions: perms(permissions), isActive, canSignIn: true });

  beforeAll(async () => {
    officerId = await userIdOf(t, 'officer');
    adminId = await userIdOf(t, 'admin');
  });
  // Each test starts with the demo officer named nowhere.
  beforeEach(async () => {
    await t.sql('delete from sevis_senders where user_id = $1', [officerId]);
  });

  it('nobody adds their own entry: refused 403 and audited; another officer or a super user may add it', async () => {
    const own = await put(officer, { campusSiteId: main, userId: officerId, kind: 'DSO', sevisUserId: 'OFFICER001' });
    expect(own.statusCode).toBe(403);
    expect(own.json()).toMatchObject({ code: 'OWN_SENDER_ENTRY', message: S.ownEntry });
    expect(await entries(officerId)).toEqual([]);
    expect(await lastRefusal(officerId)).toEqual({
      entity_id: 'PUT /api/sevis/senders',
      after: { code: 'OWN_SENDER_ENTRY', message: S.ownEntry },
    });
    // A super user, or a second officer of the site, may.
    expect((await put(admin, { campusSiteId: main, userId: officerId, kind: 'DSO', sevisUserId: 'OFFICER001' })).statusCode).toBe(200);
    const second = await staffMember({ isOfficer: true, officerSites: [main] });
    const otherOfficer = await t.login(second.userName);
    expect((await put(otherOfficer, { campusSiteId: main, userId: officerId, kind: 'ARO', sevisUserId: 'OFFICER002' })).statusCode).toBe(
      200,
    );
    expect(await entries(officerId)).toEqual([
      { campus_site_id: main, kind: 'ARO', sevis_user_id: 'OFFICER002' },
      { campus_site_id: main, kind: 'DSO', sevis_user_id: 'OFFICER001' },
    ]);
  });

  it('nobody changes their own entry; they may give it up', async () => {
    await buildSevisSender(t, 'officer', 'DSO', 'OFFICER001', t.institutionA, ['MAIN']);
    const change = await put(officer, { campusSiteId: main, userId: officerId, kind: 'DSO', sevisUserId: 'OFFICER009' });
    expect(change.statusCode).toBe(403);
    expect(change.json().message).toBe(S.ownEntry);
    expect((await entries(officerId))[0]!.sevis_user_id).toBe('OFFICER001');
    const list = (await call(t, 'GET', '/api/sevis/senders', { as: officer })).json<sevisApi.TSevisSenderList>();
    expect(list.items.find((i) => i.userId === officerId)).toMatchObject({ canChange: false, canRemove: true, note: S.ownEntry });
    expect(list.candidates.some((c) => c.userId === officerId)).toBe(false);
    expect((await del(officer, main, officerId, 'DSO')).statusCode).toBe(200);
    expect(await entries(officerId)).toEqual([]);
  });

  it("only a super user or an officer of the campus site names its senders: another site's is refused 403 and audited", async () => {
    const medOfficer = await staffMember({ isOfficer: true, officerSites: [med] });
    const refused = await put(officer, { campusSiteId: med, userId: medOfficer.id, kind: 'DSO', sevisUserId: 'MEDOFFIC01' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'NOT_SITE_MANAGER', message: S.notSiteManager });
    expect(await lastRefusal(officerId)).toMatchObject({ entity_id: 'PUT /api/sevis/senders', after: { code: 'NOT_SITE_MANAGER' } });
    expect(await entries(medOfficer.id)).toEqual([]);
    // The super user manages every site.
    expect((await put(admin, { campusSiteId: med, userId: medOfficer.id, kind: 'DSO', sevisUserId: 'MEDOFFIC01' })).statusCode).toBe(200);
    // Nor may the officer of Main Campus remove (or even see) a Medical Campus entry.
    const removal = await del(officer, med, medOfficer.id, 'DSO');
    expect(removal.statusCode).toBe(403);
    expect(removal.json().message).toBe(S.notSiteManager);
    expect(await lastRefusal(officerId)).toMatchObject({ entity_id: 'DELETE /api/sevis/senders/:campusSiteId/:userId/:kind' });
    const list = (await call(t, 'GET', '/api/sevis/senders', { as: officer })).json<sevisApi.TSevisSenderList>();
    expect(list.sites.map((s) => s.id)).toEqual([main]);
    expect(list.items.every((i) => i.campusSiteId === main)).toBe(true);
    expect((await del(admin, med, medOfficer.id, 'DSO')).statusCode).toBe(200);
    // An unknown campus site is a field error.
    const unknown = await put(admin, { campusSiteId: 999999, userId: medOfficer.id, kind: 'DSO', sevisUserId: 'MEDOFFIC01' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().fieldErrors).toEqual({ campusSiteId: [S.chooseSite] });
  });

  it('a sender is active staff who prepares the batches of that campus site', async () => {
    const body = (userId: string) => ({ campusSiteId: main, userId, kind: 'DSO', sevisUserId: 'CANDIDATE1' });
    // An officer of another campus site only: not at this one.
    const medOfficer = await staffMember({ isOfficer: true, officerSites: [med] });
    const elsewhere = await put(officer, body(medOfficer.id));
    expect(elsewhere.statusCode).toBe(400);
    expect(elsewhere.json().fieldErrors).toEqual({ userId: [S.notAtSite] });
    // An assistant of the site without the sevisBatch flag does not prepare batches; with it, they do.
    const plain = await staffMember({
      isAssistant: true,
      assistantSites: [main],
      assistantSettings: { [String(main)]: { sendemail: true, editStudent: false, processRequests: false, sevisBatch: false } },
    });
    expect((await put(officer, body(plain.id))).json().fieldErrors).toEqual({ userId: [S.notCandidate] });
    const batcher = await staffMember({
      isAssistant: true,
      assistantSites: [main],
      assistantSettings: { [String(main)]: { sendemail: false, editStudent: false, processRequests: false, sevisBatch: true } },
    });
    expect((await put(officer, body(batcher.id))).statusCode).toBe(200);
    const candidates = (await call(t, 'GET', '/api/sevis/senders', { as: officer })).json<sevisApi.TSevisSenderList>().candidates;
    expect(candidates.find((c) => c.userId === batcher.id)?.campusSiteIds).toEqual([main]);
    expect(candidates.some((c) => c.userId === plain.id || c.userId === medOfficer.id)).toBe(false);
    // An inactive officer of the site, a student, a department user, a user of another institution: no.
    const inactive = await staffMember({ isOfficer: true, officerSites: [main] }, false);
    const [studentId, deptId] = [await userIdOf(t, 'student'), await userIdOf(t, 'dept')];
    const adminOfB = await userIdOf(t, 'admin', t.institutionB);
    for (const id of [inactive.id, studentId, deptId, adminOfB]) {
      const res = await put(officer, body(id));
      expect(res.statusCode, id).toBe(400);
      expect(res.json().fieldErrors).toEqual({ userId: [S.notCandidate] });
    }
    await t.sql('delete from sevis_senders where user_id = $1', [batcher.id]);
  });

  it("only a super user changes or removes a super user's entry", async () => {
    const superTwo = await staffMember({ isSuper: true, isOfficer: true });
    const superSession = await t.login(superTwo.userName);
    const body = { campusSiteId: main, userId: superTwo.id, kind: 'ARO', sevisUserId: 'SUPERTWO01' };
    // Naming a super user where they have no entry yet is an officer's to do.
    expect((await put(officer, body)).statusCode).toBe(200);
    const change = await put(officer, { ...body, sevisUserId: 'SUPERTWO02' });
    expect(change.statusCode).toBe(403);
    expect(change.json()).toMatchObject({ code: 'SUPER_USER_ENTRY', message: S.superUserEntry });
    const removal = await del(officer, main, superTwo.id, 'ARO');
    expect(removal.statusCode).toBe(403);
    expect(removal.json().message).toBe(S.superUserEntry);
    expect(await lastRefusal(officerId)).toMatchObject({ after: { code: 'SUPER_USER_ENTRY' } });
    // The demo super user's own entries: the officer sees them, may not touch them.
    const list = (await call(t, 'GET', '/api/sevis/senders', { as: officer })).json<sevisApi.TSevisSenderList>();
    expect(list.items.filter((i) => i.userId === adminId).map((i) => [i.canChange, i.canRemove, i.note])).toEqual([
      [false, false, S.superUserEntry],
      [false, false, S.superUserEntry],
    ]);
    expect((await put(officer, { campusSiteId: main, userId: adminId, kind: 'DSO', sevisUserId: 'HIJACKED01' })).statusCode).toBe(403);
    expect((await del(officer, main, adminId, 'DSO')).statusCode).toBe(403);
    expect((await entries(adminId)).find((e) => e.campus_site_id === main && e.kind === 'DSO')?.sevis_user_id).toBe('DEMOPDSO01');
    // A super user may not change their own either; another super user may, and may remove it.
    expect((await put(superSession, { ...body, sevisUserId: 'SUPERTWO02' })).json().code).toBe('OWN_SENDER_ENTRY');
    expect((await put(admin, { ...body, sevisUserId: 'SUPERTWO02' })).statusCode).toBe(200);
    expect((await del(admin, main, superTwo.id, 'ARO')).statusCode).toBe(200);
    expect(await entries(superTwo.id)).toEqual([]);
  });
});
