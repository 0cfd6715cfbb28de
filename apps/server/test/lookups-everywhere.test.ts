import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IMPORT_COLUMN_KEYS, IMPORT_MSG, LOOKUP_MSG, type lookupsApi, type TRequestDetail, type TSession } from '@meridian/domain';
import { lookupValueHelpers } from './fixtures/lookup-values.js';
import { createTestApp, HOST_A, type TTestApp } from './app.js';
import { multipart } from './fixtures/case-fixtures.js';
import { call, followJob } from './http.js';
import { buildScholarCase, buildUser, daysFromToday, j1ApplicationData, requestTypeIdOf, siteIdOf } from './factories/index.js';

/**
 * The office's code lists read everywhere a form offers a choice (docs/product/lookups.md#how-forms-use-the-lists):
 * the lists added for the scholar forms, the batch upload and SEVIS's address and birth rules, and the server's
 * checks of a new value against the list offered today: a retired state is refused on a new batch upload row and
 * on a scholar's new site of activity, and accepted again once the office offers it again.
 */
let t: TTestApp;
let admin: TSession;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin');
});
afterAll(async () => t?.close());

const { retire, restore } = lookupValueHelpers(
  () => t,
  () => admin,
);

const values = async (key: string) =>
  (await call(t, 'GET', `/api/lookups/${key}`, { as: admin })).json<lookupsApi.TLookupWithValues>().values;

describe('the lists the forms read, with SEVIS’s codes', () => {
  it('lists the new lists on the Lookups page, each with its codes', async () => {
    const { items } = (await call(t, 'GET', '/api/lookups', { as: admin })).json<lookupsApi.TLookupListList>();
    const keys = items.map((l) => l.key);
    for (const key of [
      'birth-country-reasons',
      'visa-types',
      'dependent-relationships',
      'us-address-overrides',
      'scholar-categories',
      'highest-education',
    ])
      expect(keys, key).toContain(key);
    expect(items.find((l) => l.key === 'us-address-overrides')).toMatchObject({ activeCount: 6, allowsOfficeValues: false });
    expect((await values('us-address-overrides')).map((v) => v.code)).toEqual(['OB', 'OH', 'OM', 'ON', 'OO', 'OP']);
    expect((await values('birth-country-reasons')).map((v) => v.code)).toEqual(['01', '02']);
    expect((await values('dependent-relationships')).map((v) => [v.code, v.label])).toEqual([
      ['01', 'Spouse'],
      ['02', 'Child'],
    ]);
    expect((await values('visa-types')).map((v) => [v.code, v.attributes.visa])).toEqual([
      ['01', 'F-1'],
      ['02', 'M-1'],
      ['03', 'J-1'],
      ['04', 'F-2'],
      ['05', 'M-2'],
    ]);
    expect((await values('scholar-categories')).find((v) => v.code === 'PROFESSOR')).toMatchObject({
      label: 'Professor',
      attributes: { ev: '04' },
    });
    expect(await values('highest-education')).toHaveLength(9);
  });
});

type TRowIn = Partial<Record<(typeof IMPORT_COLUMN_KEYS)[number], string>>;
let n = 0;
function row(o: TRowIn = {}): TRowIn {
  n += 1;
  return {
    first_name: `Lookup${n}`,
    last_name: `Everywhere${n}`,
    email: `lookup${n}.everywhere@example.org`,
    birth_date: '03/09/2004',
    citizenship: 'CN',
    visa_type: 'F-1',
    campus_site: 'MAIN',
    program_start_date: '08/20/2026',
    program_end_date: '05/15/2030',
    education_level: '05',
    ...o,
  };
}
const csv = (rows: TRowIn[]) =>
  [IMPORT_COLUMN_KEYS.join(','), ...rows.map((r) => IMPORT_COLUMN_KEYS.map((k) => r[k] ?? '').join(','))].join('\r\n');
async function upload(name: string, rows: TRowIn[]) {
  const { payload, headers } = multipart({}, { name, data: Buffer.from(csv(rows), 'utf8') });
  const sent = { host: HOST_A, ...headers, authorization: `Bearer ${admin.accessToken}` };
  const res = await followJob(t, await t.app.inject({ method: 'POST', url: '/api/student-imports', payload, headers: sent }), sent);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ id: string; errorCount: number }>();
}
async function errorsOf(id: string): Promise<Array<{ row: number; errors: Record<string, string[]> }>> {
  const res = await call(t, 'GET', `/api/student-imports/${id}`, { as: admin, query: { pageSize: 200, onlyErrors: '1' } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ rows: Array<{ row: number; errors: Record<string, string[]> }> }>().rows;
}

describe('batch upload: each list column against the office’s list offered today', () => {
  it('refuses a retired state, category or level on its cell ("no longer offered"), an unknown one with the column’s message; accepts them once offered again', async () => {
    await retire('us-states', 'WY');
    await retire('ev-categories', '1F');
    await retire('education-levels', '07');
    try {
      const s = await upload('retired.csv', [
        row({ us_address_line1: '1 Main St', us_city: 'Cheyenne', us_state: 'WY', us_zip: '82001' }),
        row({ us_address_line1: '1 Main St', us_city: 'Nowhere', us_state: 'QQ', us_zip: '82001' }),
        row({ visa_type: 'J-1', ev_category_code: '1F', site_of_activity_state: 'wy' }),
        row({ education_level: '7' }),
      ]);
      expect(s.errorCount).toBe(5);
      const rows = await errorsOf(s.id);
      expect(rows.map((r) => [r.row, r.errors])).toEqual([
        [2, { us_state: [LOOKUP_MSG.retired] }],
        [3, { us_state: [IMPORT_MSG.state] }],
        [4, { ev_category_code: [LOOKUP_MSG.retired], site_of_activity_state: [LOOKUP_MSG.retired] }],
        [5, { education_level: [LOOKUP_MSG.retired] }],
      ]);
    } finally {
      await restore('us-states', 'WY');
      await restore('ev-categories', '1F');
      await restore('education-levels', '07');
    }
    const again = await upload('offered-again.csv', [
      row({ us_address_line1: '1 Main St', us_city: 'Cheyenne', us_state: 'WY', us_zip: '82001' }),
      row({ visa_type: 'J-1', ev_category_code: '1F', site_of_activity_state: 'WY' }),
      row({ education_level: '7' }),
    ]);
    expect(again.errorCount).toBe(0);
  });

  it('checks countries against SEVIS’s lists, by ISO code: a country SEVIS does not list is refused', async () => {
    const s = await upload('countries.csv', [row({ citizenship: 'CH', birth_country: 'CN' }), row({ citizenship: 'ZZ' })]);
    expect(s.errorCount).toBe(1);
    expect((await errorsOf(s.id)).map((r) => [r.row, r.errors])).toEqual([[3, { citizenship: [IMPORT_MSG.country] }]]);
  });
});

describe('a scholar’s new site of activity: its state from the office’s list', () => {
  it('refuses a retired state on the site with the field’s message, and accepts it once offered again', async () => {
    const lastName = 'Lindqvist';
    const u = await buildUser(t, { role: 'scholar', canSignIn: true, firstName: 'Astrid', lastName });
    await buildScholarCase(t, {
      user: u.userName,
      firstName: 'Astrid',
      lastName,
      processedState: 'J-1',
      proposedStatus: 'J-1',
      applicationState: 'draft',
      campusSiteId: await siteIdOf(t, 'MAIN'),
      processedStartDate: daysFromToday(30),
      processedEndDate: daysFromToday(395),
      data: j1ApplicationData({ firstName: 'Astrid', lastName, email: 'astrid.lindqvist@example.edu' }),
      officeData: { j1Category: 'RESEARCH SCHOLAR' },
    });
    const scholar = await t.login(u.userName);
    const started = await call(t, 'POST', '/api/requests', {
      as: scholar,
      body: { requestTypeId: await requestTypeIdOf(t, 'soa_add_request') },
    });
    expect(started.statusCode, started.body).toBe(200);
    const id = started.json<TRequestDetail>().id;
    const site = {
      soa_site_name: 'Yellowstone Field Station',
      soa_address_line_1: '1 Grand Loop Rd',
      soa_city: 'Mammoth',
      soa_state: 'WY',
      soa_zip_code: '82190',
    };
    const save = (data: Record<string, unknown>) => call(t, 'PUT', `/api/scholars/requests/${id}/data`, { as: scholar, body: { data } });
    await retire('us-states', 'WY');
    try {
      const refused = await save(site);
      expect(refused.statusCode).toBe(400);
      expect(refused.json<{ fieldErrors: Record<string, string[]> }>().fieldErrors).toEqual({ 'data.soa_state': [LOOKUP_MSG.retired] });
      const unknown = await save({ ...site, soa_state: 'QQ' });
      expect(unknown.json<{ fieldErrors: Record<string, string[]> }>().fieldErrors).toEqual({ 'data.soa_state': [LOOKUP_MSG.notInList] });
    } finally {
      await restore('us-states', 'WY');
    }
    const accepted = await save(site);
    expect(accepted.statusCode, accepted.body).toBe(200);
  });
});
