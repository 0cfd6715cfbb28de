import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOOKUP_MSG, type TScholarApplicationForm, type TSession } from '@meridian/domain';
import { lookupValueHelpers } from './fixtures/lookup-values.js';
import { createTestApp, type TTestApp } from './app.js';
import { call } from './http.js';
import { buildPendingEvent, buildScholarCase, buildStudent, j1ApplicationData, sevisReadyRecord } from './factories/index.js';

/**
 * The scholar application forms and the completion of a held SEVIS update read the office's code lists
 * (docs/product/lookups.md#how-forms-use-the-lists): a code the list does not have is refused on its field, a value
 * the office keeps on its list is taken, and a value the application already holds stays valid once retired.
 */
let t: TTestApp;
let admin: TSession;
let scholar: TSession;

beforeAll(async () => {
  t = await createTestApp();
  [admin, scholar] = await Promise.all([t.login('admin'), t.login('scholar')]);
});
afterAll(async () => t?.close());

const { retire, restore, addOfficeValue } = lookupValueHelpers(
  () => t,
  () => admin,
);

const P = '/api/scholars/portal';
const save = (id: string, version: number, data: Record<string, unknown>) =>
  call(t, 'PUT', `${P}/applications/${id}/draft`, { as: scholar, body: { version, data } });
const mine = async () => (await call(t, 'GET', `${P}/application`, { as: scholar })).json<TScholarApplicationForm>();

describe('the scholar application against the office’s lists', () => {
  it('refuses a code not on the list on its field, keeping what was saved; takes the codes and the office’s own value', async () => {
    const c = await buildScholarCase(t, { user: 'scholar', processedState: 'J-1' });
    const first = await save(c.applicationId, 1, j1ApplicationData({ firstName: 'Ingrid' }));
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json<TScholarApplicationForm>().data).toMatchObject({ countryOfBirth: 'NO', category: 'RESEARCH SCHOLAR' });

    for (const [field, value] of [
      ['category', 'VISITING FELLOW'],
      ['countryOfBirth', 'Norway'],
      ['countryOfCitizenship', 'ZZ'],
      ['siteOfActivityState', 'XX'],
      ['usAddressState', 'Massachusetts'],
    ] as const) {
      const bad = await save(c.applicationId, 2, j1ApplicationData({ firstName: 'Changed', [field]: value }));
      expect(bad.statusCode, `${field} ${bad.body}`).toBe(400);
      expect(bad.json().fieldErrors).toEqual({ [`data.${field}`]: [LOOKUP_MSG.notInList] });
    }
    // Nothing of the refused saves was kept.
    expect(await mine()).toMatchObject({ version: 2, data: { firstName: 'Ingrid', category: 'RESEARCH SCHOLAR' } });

    // A dependent's country is checked in its entry.
    const family = await save(
      c.applicationId,
      2,
      j1ApplicationData({
        isHavingFamily: true,
        dependents: [{ firstName: 'Eirik', relationship: 'child', countryOfBirth: 'Norway' }],
      }),
    );
    expect(family.statusCode).toBe(400);
    expect(family.json().fieldErrors).toEqual({ 'data.dependents.0.countryOfBirth': [LOOKUP_MSG.notInList] });

    // A category the office keeps on its list is one the form takes.
    await addOfficeValue('scholar-categories', 'VISITING FELLOW', 'Visiting fellow');
    const ok = await save(c.applicationId, 2, j1ApplicationData({ category: 'VISITING FELLOW', foreignAddressCountry: 'jp' }));
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json<TScholarApplicationForm>().data).toMatchObject({ category: 'VISITING FELLOW' });
  });

  it('keeps a value the application holds once the office retires it; refuses it given anew', async () => {
    const h1b = await buildScholarCase(t, { user: 'scholar', processedState: 'H-1B' });
    const saved = await save(h1b.applicationId, 1, { firstName: 'Hiro', highestEducation: '6', usAddressState: 'WY' });
    expect(saved.statusCode, saved.body).toBe(200);
    await retire('highest-education', '6');
    await retire('us-states', 'WY');
    try {
      const kept = await save(h1b.applicationId, 2, { firstName: 'Hiro T.', highestEducation: '6', usAddressState: 'WY' });
      expect(kept.statusCode, kept.body).toBe(200);
      const anew = await save(h1b.applicationId, 3, { firstName: 'Hiro T.', highestEducation: '6', usAddressState: 'MA' });
      expect(anew.statusCode, anew.body).toBe(200);
      const back = await save(h1b.applicationId, 4, { firstName: 'Hiro T.', highestEducation: '2', usAddressState: 'WY' });
      expect(back.statusCode).toBe(400);
      expect(back.json().fieldErrors).toEqual({ 'data.usAddressState': [LOOKUP_MSG.retired] });
      const unknown = await save(h1b.applicationId, 4, { highestEducation: '10' });
      expect(unknown.json().fieldErrors).toEqual({ 'data.highestEducation': [LOOKUP_MSG.notInList] });
    } finally {
      await restore('highest-education', '6');
      await restore('us-states', 'WY');
    }
  });
});

describe('completing a held SEVIS update against the office’s U.S. states', () => {
  it('refuses an employer state not on the list on its field, and takes one the list offers', async () => {
    const s = await buildStudent(t, sevisReadyRecord());
    const e = await buildPendingEvent(t, s, { eventType: 'OPTEmployer', action: 'Update', status: 'held', payload: {} });
    const url = `/api/students/${s.id}/sevis-events/${e.id}/complete`;
    const values = (state: string) => ({
      'employerAddress.line1': '5 Lab Way',
      'employerAddress.city': 'Boston',
      'employerAddress.state': state,
      'employerAddress.postalCode': '02110',
      courseRelevance: 'Lab work of my degree.',
      fullOrPartTime: '01',
    });
    const bad = await call(t, 'POST', url, { as: admin, body: { values: values('ZZ') } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fieldErrors).toEqual({ 'values.employerAddress.state': [LOOKUP_MSG.notInList] });
    await retire('us-states', 'VT');
    try {
      const retired = await call(t, 'POST', url, { as: admin, body: { values: values('VT') } });
      expect(retired.json().fieldErrors).toEqual({ 'values.employerAddress.state': [LOOKUP_MSG.retired] });
    } finally {
      await restore('us-states', 'VT');
    }
    const done = await call(t, 'POST', url, { as: admin, body: { values: values('MA') } });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toMatchObject({ status: 'pending', payload: { employerAddress: { state: 'MA' } } });
  });
});
