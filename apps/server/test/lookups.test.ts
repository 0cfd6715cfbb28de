import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { LOOKUP_KEYS, LOOKUP_MSG, MSG, type lookupsApi, type TSession } from '@meridian/domain';
import { createTestApp, HOST_B, type TTestApp } from './app.js';
import { call } from './http.js';
import { buildStudent, requestTypeIdOf } from './factories/index.js';
import { ensureLookupCatalog } from '../src/modules/lookups/index.js';

let t: TTestApp;
let admin: TSession;
let officer: TSession;
let student: TSession;
let adminB: TSession;

beforeAll(async () => {
  t = await createTestApp();
  [admin, officer, student] = await Promise.all([t.login('admin'), t.login('officer'), t.login('student')]);
  adminB = await t.login('admin', { host: HOST_B });
});
afterAll(async () => {
  await t?.close();
});

type TValue = lookupsApi.TLookupValue;
const get = (key: string, query: Record<string, string> = {}, as = admin) => call(t, 'GET', `/api/lookups/${key}`, { as, query });
const values = async (key: string, query: Record<string, string> = {}, as = admin) =>
  (await get(key, query, as)).json<lookupsApi.TLookupWithValues>().values;
const page = (key: string, query: Record<string, string | number>, as = admin) =>
  call(t, 'GET', `/api/lookups/${key}/values`, { as, query });
const add = (key: string, body: unknown, as = admin, host?: string) => call(t, 'POST', `/api/lookups/${key}/values`, { as, body, host });
/** Every value of a list with its id, as the admin page reads them (the forms' reading carries no ids). */
const all = async (key: string): Promise<TValue[]> => {
  const out: TValue[] = [];
  for (let p = 1; ; p++) {
    const got = (await page(key, { pageSize: 100, page: p })).json<lookupsApi.TLookupValuePage>();
    out.push(...got.items);
    if (out.length >= got.total || !got.items.length) return out;
  }
};
const valueOf = async (key: string, code: string): Promise<TValue> => (await all(key)).find((v) => v.code === code)!;
const auditOf = (id: string) =>
  t.sql<{ action: string; before: Record<string, unknown> | null; after: Record<string, unknown> | null }>(
    "select action, before, after from audit_events where entity_type in ('lookup-value', 'lookup-list') and entity_id = $1 order by at, id",
    [id],
  );
const today = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Chicago' }).format(new Date());

describe('reading the lists', () => {
  it('lists every list, in the catalog’s order, with its counts; a student reads them too', async () => {
    const res = await call(t, 'GET', '/api/lookups', { as: student });
    expect(res.statusCode, res.body).toBe(200);
    const { items } = res.json<lookupsApi.TLookupListList>();
    expect(items.map((l) => l.key)).toEqual([...LOOKUP_KEYS]);
    expect(items.find((l) => l.key === 'us-states')).toMatchObject({
      activeCount: 60,
      retiredCount: 0,
      officeCount: 0,
      allowsOfficeValues: false,
    });
    expect(items.find((l) => l.key === 'citizenship-countries')).toMatchObject({ activeCount: 258, retiredCount: 35 });
    expect(items.find((l) => l.key === 'local-majors')).toMatchObject({
      allowsOfficeValues: true,
      attributes: [{ key: 'cip', label: 'CIP code', required: true, list: 'subject-fields' }],
    });
  });

  it('reads one list’s offered values in order, each with its attributes', async () => {
    const states = await values('us-states', {}, student);
    expect(states).toHaveLength(60);
    expect(states.slice(0, 3).map((s) => s.label)).toEqual(['Alabama', 'Alaska', 'American Samoa']);
    // Forms read what they draw and check, no more: no ids, no SEVIS label, no empty days.
    expect(states.find((s) => s.code === 'MA')).toEqual({
      code: 'MA',
      label: 'Massachusetts',
      state: 'active',
      attributes: { kind: 'state' },
    });
    const countries = await values('citizenship-countries', {}, student);
    expect(countries).toHaveLength(258);
    expect(countries.find((c) => c.code === 'CH')).toMatchObject({ label: 'China', attributes: { iso: 'CN' } });
    expect(countries.some((c) => c.code === 'UR')).toBe(false);
  });

  it('shows retired values to list managers who ask, and to a form that holds one (keep)', async () => {
    const every = await values('citizenship-countries', { includeRetired: '1' });
    expect(every).toHaveLength(293);
    expect(every.find((c) => c.code === 'UR')).toMatchObject({ state: 'retired', activeUntil: today() });
    const refused = await get('citizenship-countries', { includeRetired: '1' }, officer);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ message: LOOKUP_MSG.includeRetiredManagers });
    // A record that holds the Soviet Union's code (by SEVIS code) and Switzerland (by ISO) still reads their labels.
    const kept = await values('citizenship-countries', { keep: 'UR,ch' }, student);
    expect(kept).toHaveLength(259);
    expect(kept.find((c) => c.code === 'UR')).toMatchObject({ state: 'retired' });
  });

  it('pages a long list on the server: searched, filtered, sorted', async () => {
    const res = await page('subject-fields', { q: 'computer science', pageSize: 5 });
    expect(res.statusCode, res.body).toBe(200);
    const found = res.json<lookupsApi.TLookupValuePage>();
    expect(found.total).toBeGreaterThan(1);
    expect(found.items.length).toBeLessThanOrEqual(5);
    expect(found.items.map((v) => v.code)).toContain('11.0701');
    const byCode = (
      await page('subject-fields', { q: '11.07', sort: 'code', order: 'desc', pageSize: 100 })
    ).json<lookupsApi.TLookupValuePage>();
    expect(byCode.items.map((v) => v.code)).toEqual([...byCode.items.map((v) => v.code)].sort().reverse());
    const all = (await page('subject-fields', { page: 3, pageSize: 100 })).json<lookupsApi.TLookupValuePage>();
    expect(all).toMatchObject({ page: 3, pageSize: 100, total: 2295 });
    const retired = (await page('ev-positions', { filter: 'retired' })).json<lookupsApi.TLookupValuePage>();
    expect(retired.items.map((v) => v.code)).toEqual(['531']);
    // A search is text, never a pattern.
    expect((await page('us-states', { q: '%' })).json<lookupsApi.TLookupValuePage>().total).toBe(0);
  });
});

describe('changing the lists', () => {
  it('adds the office’s own value to a list that allows them, audited under Configuration', async () => {
    const res = await add('local-majors', { code: 'CS-BS', label: 'Computer Science, B.S.', attributes: { cip: '11.0701' } });
    expect(res.statusCode, res.body).toBe(200);
    const v = res.json<TValue>();
    expect(v).toMatchObject({
      code: 'CS-BS',
      label: 'Computer Science, B.S.',
      isOfficial: false,
      state: 'active',
      attributes: { cip: '11.0701' },
    });
    const [audit] = await auditOf(v.id);
    expect(audit).toMatchObject({ action: 'lookup.value.added', after: { list: 'local-majors', code: 'CS-BS' } });
    const logs = await call(t, 'GET', '/api/audit/logs', { as: admin, query: { logType: 'configuration', q: 'lookup.value.added' } });
    expect(logs.json<{ items: { logType: string; actionLabel: string }[] }>().items[0]).toMatchObject({
      logType: 'Configuration',
      actionLabel: 'Added a value to a code list',
    });
    // Another institution's list is its own.
    expect((await add('local-majors', { code: 'CS-BS', label: 'Other', attributes: { cip: '11.0701' } }, adminB, HOST_B)).statusCode).toBe(
      200,
    );
    expect((await values('local-majors')).map((x) => x.label)).toEqual(['Computer Science, B.S.']);
  });

  it('refuses values SEVIS’s lists cannot take, and wrong codes and attributes, on their fields', async () => {
    const closed = await add('us-states', { code: 'XX', label: 'Nowhere' });
    expect(closed.statusCode).toBe(409);
    expect(closed.json()).toMatchObject({ code: 'LIST_CLOSED', message: LOOKUP_MSG.listClosed });
    const dup = await add('local-majors', { code: 'cs-bs', label: 'Again', attributes: { cip: '11.0701' } });
    expect(dup.statusCode).toBe(409);
    expect(dup.json()).toMatchObject({ fieldErrors: { code: [LOOKUP_MSG.codeTaken] } });
    const bad = await add('local-majors', { code: '-x', label: '', attributes: {} });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ fieldErrors: { code: [LOOKUP_MSG.codeFormat], label: [LOOKUP_MSG.labelRequired] } });
    const noCip = await add('local-majors', { code: 'MATH', label: 'Mathematics', attributes: {} });
    expect(noCip.json()).toMatchObject({ fieldErrors: { 'attributes.cip': ['Enter the CIP code.'] } });
    const wrongCip = await add('local-majors', { code: 'MATH', label: 'Mathematics', attributes: { cip: '99.9999' } });
    expect(wrongCip.json()).toMatchObject({ fieldErrors: { 'attributes.cip': [LOOKUP_MSG.attributeNotInList('CIP code')] } });
    const stranger = await add('local-majors', { code: 'MATH', label: 'Mathematics', attributes: { cip: '27.0101', color: 'red' } });
    expect(stranger.json()).toMatchObject({ fieldErrors: { 'attributes.color': ['This list has no such attribute.'] } });
    const badDay = await add('local-majors', {
      code: 'MATH',
      label: 'Mathematics',
      attributes: { cip: '27.0101' },
      activeFrom: '2026-02-30',
    });
    expect(badDay.json()).toMatchObject({ fieldErrors: { activeFrom: [MSG.invalidDate] } });
    // An unknown list is no list.
    expect((await get('planets')).statusCode).toBe(400);
  });

  it('relabels a SEVIS value (SEVIS’s words kept beside it); its code and attributes never change', async () => {
    const china = await valueOf('citizenship-countries', 'CH');
    const res = await call(t, 'PATCH', `/api/lookups/citizenship-countries/values/${china.id}`, {
      as: admin,
      body: { label: 'China (mainland)' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ code: 'CH', label: 'China (mainland)', officialLabel: 'CHINA', attributes: { iso: 'CN' } });
    const attrs = await call(t, 'PATCH', `/api/lookups/citizenship-countries/values/${china.id}`, {
      as: admin,
      body: { label: 'China', attributes: { iso: 'TW' } },
    });
    expect(attrs.statusCode).toBe(409);
    expect(attrs.json()).toMatchObject({ fieldErrors: { attributes: [LOOKUP_MSG.attributesOfficial] } });
    expect(await auditOf(china.id)).toMatchObject([
      { action: 'lookup.value.relabeled', before: { label: 'China' }, after: { label: 'China (mainland)' } },
    ]);
    // A value of another list, or of another institution, is not found.
    expect((await call(t, 'PATCH', `/api/lookups/us-states/values/${china.id}`, { as: admin, body: { label: 'x' } })).statusCode).toBe(404);
    const foreign = await call(t, 'PATCH', `/api/lookups/citizenship-countries/values/${china.id}`, {
      as: adminB,
      host: HOST_B,
      body: { label: 'x' },
    });
    expect(foreign.statusCode).toBe(404);
  });

  it('changes the attributes of the office’s own value', async () => {
    const v = (await add('local-majors', { code: 'PHYS', label: 'Physics', attributes: { cip: '40.0801' } })).json<TValue>();
    const res = await call(t, 'PATCH', `/api/lookups/local-majors/values/${v.id}`, {
      as: admin,
      body: { label: 'Physics, B.S.', attributes: { cip: '40.0101' } },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ label: 'Physics, B.S.', attributes: { cip: '40.0101' } });
  });

  it('retires a value from today: forms stop offering it, managers still see it; restoring offers it again', async () => {
    const wy = await valueOf('us-states', 'WY');
    const retire = await call(t, 'POST', `/api/lookups/us-states/values/${wy.id}/retire`, { as: admin, body: {} });
    expect(retire.statusCode, retire.body).toBe(200);
    expect(retire.json()).toMatchObject({ state: 'retired', activeUntil: today() });
    expect((await values('us-states', {}, student)).some((s) => s.code === 'WY')).toBe(false);
    expect((await values('us-states', { keep: 'WY' }, student)).find((s) => s.code === 'WY')).toMatchObject({ state: 'retired' });
    const lists = (await call(t, 'GET', '/api/lookups', { as: admin })).json<lookupsApi.TLookupListList>().items;
    expect(lists.find((l) => l.key === 'us-states')).toMatchObject({ activeCount: 59, retiredCount: 1 });
    const restore = await call(t, 'POST', `/api/lookups/us-states/values/${wy.id}/restore`, { as: admin });
    expect(restore.json()).toMatchObject({ state: 'active', activeUntil: null });
    const again = await call(t, 'POST', `/api/lookups/us-states/values/${wy.id}/restore`, { as: admin });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ message: LOOKUP_MSG.notRetired });
    expect((await auditOf(wy.id)).map((a) => a.action)).toEqual(['lookup.value.retired', 'lookup.value.restored']);
  });

  it('schedules a retirement, and refuses one before the value is first offered', async () => {
    const v = (
      await add('local-majors', { code: 'FUT', label: 'Future', attributes: { cip: '11.0701' }, activeFrom: '2099-09-01' })
    ).json<TValue>();
    expect(v.state).toBe('scheduled');
    const early = await call(t, 'POST', `/api/lookups/local-majors/values/${v.id}/retire`, {
      as: admin,
      body: { activeUntil: '2099-08-01' },
    });
    expect(early.statusCode).toBe(400);
    expect(early.json()).toMatchObject({ fieldErrors: { activeUntil: [LOOKUP_MSG.retireBeforeStart] } });
    const later = await call(t, 'POST', `/api/lookups/local-majors/values/${v.id}/retire`, {
      as: admin,
      body: { activeUntil: '2100-06-01' },
    });
    expect(later.json()).toMatchObject({ activeFrom: '2099-09-01', activeUntil: '2100-06-01', state: 'scheduled' });
  });

  it('reorders values among the places they hold; the rest stay put', async () => {
    const before = await all('ev-categories');
    const [a, b, c] = before;
    const res = await call(t, 'POST', '/api/lookups/ev-categories/reorder', { as: admin, body: { valueIds: [c!.id, a!.id, b!.id] } });
    expect(res.statusCode, res.body).toBe(200);
    const after = await all('ev-categories');
    expect(after.slice(0, 3).map((v) => v.code)).toEqual([c!.code, a!.code, b!.code]);
    expect(after.slice(3).map((v) => v.code)).toEqual(before.slice(3).map((v) => v.code));
    const states = await all('us-states');
    const mixed = await call(t, 'POST', '/api/lookups/ev-categories/reorder', { as: admin, body: { valueIds: [a!.id, states[0]!.id] } });
    expect(mixed.statusCode).toBe(400);
    expect(mixed.json()).toMatchObject({ fieldErrors: { valueIds: [LOOKUP_MSG.reorderOther] } });
    const [audit] = await t.sql<{ action: string }>(
      "select action from audit_events where entity_type = 'lookup-list' and action = 'lookup.values.reordered'",
    );
    expect(audit).toBeTruthy();
  });

  it('exports a list as CSV, in order, every cell safe for a spreadsheet', async () => {
    await add('local-majors', { code: 'EVIL', label: '=HYPERLINK("x")', attributes: { cip: '11.0701' } });
    const res = await call(t, 'GET', '/api/lookups/local-majors/export.csv', { as: admin });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    expect(res.headers['content-disposition']).toContain(`local-majors-${today()}.csv`);
    const lines = res.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe('code,label,SEVIS label,CIP code,offered from,retired from,state,source');
    expect(lines).toContain(`EVIL,"'=HYPERLINK(""x"")",,11.0701,,,active,office`);
    const states = (await call(t, 'GET', '/api/lookups/education-levels/export.csv', { as: admin })).body;
    expect(states).toContain('09,Flight training (M-1),FLIGHT TRAINING,N,Y,,,active,SEVIS');
  });
});

describe('a retired value: records that hold it keep it, new forms are refused it', () => {
  const vermont = async () => valueOf('us-states', 'VT');
  const record = async (id: string) =>
    (await call(t, 'GET', `/api/students/${id}`, { as: admin })).json<{ updatedAt: string; usAddress: Record<string, string> }>();
  const put = async (id: string, body: Record<string, unknown>) =>
    call(t, 'PUT', `/api/students/${id}`, { as: admin, body: { ...body, updatedAt: (await record(id)).updatedAt } });
  const address = { line1: '1 Main St', city: 'Burlington', state: 'VT', postalCode: '05401' };

  it('keeps an old record’s state valid, refuses it on another record, a new record and a new request', async () => {
    const holder = await buildStudent(t, { usAddress: address });
    const other = await buildStudent(t, {});
    const vt = await vermont();
    expect((await call(t, 'POST', `/api/lookups/us-states/values/${vt.id}/retire`, { as: admin, body: {} })).statusCode).toBe(200);

    // The record that holds Vermont is still changed freely, its address included.
    const kept = await put(holder.id, { firstName: 'Kept', usAddress: { ...address, line1: '2 Main St' } });
    expect(kept.statusCode, kept.body).toBe(200);
    expect((await record(holder.id)).usAddress).toMatchObject({ state: 'VT', line1: '2 Main St' });

    // Another record cannot take it, nor can a new one.
    const moved = await put(other.id, { usAddress: address });
    expect(moved.statusCode).toBe(400);
    expect(moved.json()).toMatchObject({ fieldErrors: { 'usAddress.state': [LOOKUP_MSG.retired] } });
    const created = await call(t, 'POST', '/api/students', {
      as: admin,
      body: {
        firstName: 'New',
        lastName: 'Vermonter',
        email: 'new.vermonter@example.edu',
        birthDate: '2001-02-03',
        citizenshipCountryCode: 'IN',
        visaType: 'F-1',
        campusSiteId: holder.campusSiteId,
        programStartDate: '2026-08-20',
        programEndDate: '2028-05-15',
        usAddress: address,
      },
    });
    expect(created.statusCode).toBe(400);
    expect(created.json()).toMatchObject({ fieldErrors: { 'usAddress.state': [LOOKUP_MSG.retired] } });

    // A student's new request is a new form: refused on its field when saved, accepted with a state still offered.
    const draft = await call(t, 'POST', '/api/requests', {
      as: student,
      body: { requestTypeId: await requestTypeIdOf(t, 'contact_info_update') },
    });
    expect(draft.statusCode, draft.body).toBe(200);
    const id = draft.json<{ id: string }>().id;
    const save = (data: Record<string, unknown>) => call(t, 'PUT', `/api/requests/${id}/data`, { as: student, body: { data } });
    const refused = await save({ us_address_line_1: '1 Main St', us_city: 'Burlington', us_state: 'VT', us_zip_code: '05401' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ fieldErrors: { 'data.us_state': [LOOKUP_MSG.retired] } });
    const accepted = await save({ us_address_line_1: '1 Main St', us_city: 'Concord', us_state: 'NH', us_zip_code: '03301' });
    expect(accepted.statusCode, accepted.body).toBe(200);
  });

  it('refuses on a record and a request a value no list offers: an unknown country, a major that is no CIP code, an M-1 level on an F-1 form', async () => {
    const s = await buildStudent(t, {});
    const bad = await put(s.id, { birthCountryCode: 'ZZ', major1Code: '99.9999' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ fieldErrors: { birthCountryCode: [LOOKUP_MSG.notInList], major1Code: [LOOKUP_MSG.notInList] } });
    // A country is kept by its ISO code: Switzerland is CH (SEVIS's SZ), China CN (SEVIS's CH).
    const good = await put(s.id, { birthCountryCode: 'CH', citizenshipCountryCode: 'CN', major1Code: '11.0701', educationLevel: '06' });
    expect(good.statusCode, good.body).toBe(200);
    // A name suffix is one of SEVIS's (Table 37): "Jr." is, "Esq." is not.
    const esquire = await put(s.id, { suffix: 'Esq.' });
    expect(esquire.json()).toMatchObject({ fieldErrors: { suffix: [LOOKUP_MSG.notInList] } });
    expect((await put(s.id, { suffix: 'Jr.' })).statusCode).toBe(200);
    const draft = await call(t, 'POST', '/api/requests', { as: student, body: { requestTypeId: await requestTypeIdOf(t, 'col_request') } });
    const id = draft.json<{ id: string }>().id;
    const res = await call(t, 'PUT', `/api/requests/${id}/data`, {
      as: student,
      body: { data: { new_education_level: '09', new_major: '99.9999' } },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      fieldErrors: { 'data.new_education_level': [LOOKUP_MSG.notInList], 'data.new_major': [LOOKUP_MSG.notInList] },
    });
    const ok = await call(t, 'PUT', `/api/requests/${id}/data`, {
      as: student,
      body: { data: { new_education_level: '06', new_major: '26.0101' } },
    });
    expect(ok.statusCode, ok.body).toBe(200);
  });
});

describe('a new SEVIS release: the catalog brought up to date', () => {
  it('adds the codes a list lacks, last in its order, and keeps what the office made of the others; nothing is deleted', async () => {
    const key = 'ev-termination-reasons';
    const other = await valueOf(key, 'OTHER');
    await call(t, 'PATCH', `/api/lookups/${key}/values/${other.id}`, { as: admin, body: { label: 'Other (see remarks)' } });
    // As if the catalog had grown by one code since the list was seeded.
    await t.sql(
      `delete from lookup_values where code = 'INVSUS' and list_id = (select id from lookup_lists where institution_id = $1 and key = $2)`,
      [t.institutionA, key],
    );
    await t.sql('update lookup_lists set seed_version = 0 where institution_id = $1 and key = $2', [t.institutionA, key]);
    await t.database.tenant(t.institutionA, (tx) => ensureLookupCatalog(tx, t.institutionA, today()));
    const after = await all(key);
    expect(after.at(-1)).toMatchObject({ code: 'INVSUS', label: 'Involuntary suspension', isOfficial: true });
    expect(after.find((v) => v.code === 'OTHER')).toMatchObject({ id: other.id, label: 'Other (see remarks)' });
    expect(after).toHaveLength(11);
    // The application may not delete a value: a record may hold it.
    await expect(
      t.database.tenant(t.institutionA, (tx) => tx.execute(sql`delete from lookup_values where id = ${other.id}`)),
    ).rejects.toMatchObject({ cause: { code: '42501' } });
  });
});
