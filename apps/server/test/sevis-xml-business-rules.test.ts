import { describe, expect, it } from 'vitest';
import { childBirthCutoff, SEVIS_RULE_MSG } from '@meridian/domain';
import { buildValidatedBatch, type TBatchRecordInput, type TBuildBatchResult } from '../src/modules/sevis/xml/index.js';
import {
  ISSUED_ON,
  ORG,
  SENDER,
  batchId,
  debianXmllint,
  dependent,
  event,
  evProfile,
  profile,
  recordXml,
  site,
} from './sevis-xml-fixtures.js';

/**
 * SEVIS business rules whose data already exists on a record are checked before the batch is built:
 * the record is held back with the reason (docs/sevis-rules.md, "Codes and business rules checked
 * before sending"), and the same record put right goes through and validates.
 */
const build = (records: TBatchRecordInput[], kind: 'student' | 'ev' = 'student') =>
  buildValidatedBatch({ kind, orgId: ORG[kind], batchId: batchId(77), userId: SENDER, records, today: ISSUED_ON });
const heldMessage = async (e: TBatchRecordInput, kind: 'student' | 'ev' = 'student') => {
  const r = await build([e], kind);
  expect(r.included).toEqual([]);
  return r.held[0]!.message;
};
async function accepted(records: TBatchRecordInput[], kind: 'student' | 'ev' = 'student') {
  const r = await build(records, kind);
  expect(r.held).toEqual([]);
  expect(debianXmllint(kind, r.xml).ok).toBe(true);
  return r;
}
const xmlOf = (r: TBuildBatchResult, e: TBatchRecordInput) =>
  recordXml(r.xml, r.included.find((i) => i.eventId === e.eventId)!.sevisRequestId).replace(/>\s+</g, '><');
/** The batch's day (the office's today, as the batch builder is given it). */
const today = () => ISSUED_ON;
const dayAfter = (d: string) => new Date(Date.parse(`${d}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);

describe('Registration: SEVIS S1068 (next session start unless the last session), S1103', () => {
  const reg = (payload: Record<string, unknown>) =>
    event(profile(), 'Registration', 'Register', { sessionStartDate: '2026-08-24', sessionEndDate: '2026-12-18', ...payload });
  it('a student not in their last session is held back without the next session start, sent with it', async () => {
    expect(await heldMessage(reg({ isLastSession: false }))).toContain('The next session start date');
    const e = reg({ isLastSession: false, nextSessionStartDate: '2027-01-19' });
    expect(xmlOf(await accepted([e]), e)).toContain('<LastSession>false</LastSession>');
    expect(xmlOf(await accepted([e]), e)).toContain('<NextSessionStartDate>2027-01-19</NextSessionStartDate>');
  });
  it('the last session goes without one, even when the event carries it; one before the session end is held (S1103)', async () => {
    const e = reg({ isLastSession: true, nextSessionStartDate: '2027-01-19' });
    expect(xmlOf(await accepted([e]), e)).not.toContain('NextSessionStartDate');
    expect(await heldMessage(reg({ isLastSession: false, nextSessionStartDate: '2026-12-17' }))).toContain(
      'is before the current session end (2026-12-18)',
    );
    const onTheEnd = reg({ isLastSession: false, nextSessionStartDate: '2026-12-18' });
    await accepted([onTheEnd]);
  });
  // A Registration that waited in the queue is judged by SEVIS on the day it arrives (the batch's day, ISSUED_ON 2026-11-02).
  it('S1032: a current session that ended before the batch day is held; one ending on it goes', async () => {
    const yesterday = '2026-11-01';
    expect(await heldMessage(reg({ sessionEndDate: yesterday, isLastSession: true }))).toContain('SEVIS S1032');
    await accepted([reg({ sessionEndDate: today(), isLastSession: true })]);
  });
  it('S1114: a next session start already past on the batch day is held (with S1103 and S1032 it cannot be alone); today goes', async () => {
    const ending = { sessionStartDate: '2026-08-24', sessionEndDate: today(), isLastSession: false };
    expect(await heldMessage(reg({ ...ending, nextSessionStartDate: '2026-11-01' }))).toContain('is before the current session end');
    await accepted([reg({ ...ending, nextSessionStartDate: today() })]);
    await accepted([reg({ ...ending, nextSessionStartDate: dayAfter(today()) })]);
  });
  it('S1116: a current session ending after the program end (2027-05-15) is held; ending on it goes', async () => {
    expect(await heldMessage(reg({ sessionEndDate: '2027-05-16', isLastSession: true }))).toContain('SEVIS S1116');
    await accepted([reg({ sessionEndDate: '2027-05-15', isLastSession: true })]);
  });
});

describe('Create: SEVIS S1164 (a U.S. or a foreign phone)', () => {
  it('without any phone the Create is held back; a foreign phone alone is sent with its country code', async () => {
    const none = event(profile({ sevisId: null, phone: '', foreignPhone: '', foreignPhoneCountryCode: '' }), 'Create', 'Create', {
      englishRequired: '1',
      englishRequirementsMet: '1',
    });
    expect(await heldMessage(none)).toContain('A phone (U.S. or foreign: SEVIS needs one) is missing on the student record.');
    const foreign = event(
      profile({ sevisId: null, phone: '', foreignPhone: '22 2281 0001', foreignPhoneCountryCode: '91' }),
      'Create',
      'Create',
      {
        englishRequired: '1',
        englishRequirementsMet: '1',
      },
    );
    expect(xmlOf(await accepted([foreign]), foreign)).toContain(
      '<Telephone><TelephoneExemptInd>N</TelephoneExemptInd><Phone><Foreign><CountryNumber>91</CountryNumber><PhoneNumber>22 2281 0001</PhoneNumber></Foreign></Phone></Telephone>',
    );
  });
});

describe('dependents SEVIS is asked to create: S1105 / S2119, S1014 / S2121, no U.S.-born F-2', () => {
  it('a Create with two active spouses is held back; a terminated one does not count', async () => {
    const p = profile({ sevisId: null });
    const a = dependent(p, { sevisId: null });
    const b = dependent(p, { sevisId: null, firstName: 'Kavya' });
    const held = event(p, 'Create', 'Create', { englishRequired: '1', englishRequirementsMet: '1' }, { dependents: [a, b] });
    expect(await heldMessage(held)).toContain(SEVIS_RULE_MSG.secondSpouse);
    const ok = event(
      p,
      'Create',
      'Create',
      { englishRequired: '1', englishRequirementsMet: '1' },
      { dependents: [a, { ...b, status: 'Terminated' }] },
    );
    await accepted([ok]);
  });

  it("a child on their 21st birthday (today, the batch's day) is held back; one born the day after is sent", async () => {
    const p = profile();
    const cutoff = childBirthCutoff(today());
    const old = dependent(p, { sevisId: null, relationshipCode: '02', birthDate: cutoff });
    expect(await heldMessage(event(p, 'Dependent', 'Add', {}, { dependents: [old], dependentId: old.id }))).toContain(
      SEVIS_RULE_MSG.childTooOld(cutoff),
    );
    const young = dependent(p, { sevisId: null, relationshipCode: '02', birthDate: dayAfter(cutoff) });
    await accepted([event(p, 'Dependent', 'Add', {}, { dependents: [young], dependentId: young.id })]);
  });

  it('an F-2 child born in the United States is held back (a U.S. citizen)', async () => {
    const p = profile();
    const d = dependent(p, { sevisId: null, relationshipCode: '02', birthDate: '2024-01-15', birthCountryCode: 'US' });
    expect(await heldMessage(event(p, 'Dependent', 'Add', {}, { dependents: [d], dependentId: d.id }))).toContain(SEVIS_RULE_MSG.usBornF2);
  });
});

describe('names and codes the schema takes but SEVIS refuses', () => {
  it('SEVIS S1148: a hyphen or an accent in a name holds the record back, naming the name', async () => {
    const msg = await heldMessage(event(profile({ lastName: 'Raman-Iyer' }), 'PersonalInfo', 'Edit', {}));
    expect(msg).toContain(`Last name on the student record (Raman-Iyer): ${SEVIS_RULE_MSG.nameCharacters}`);
    expect(await heldMessage(event(profile({ firstName: 'José' }), 'PersonalInfo', 'Edit', {}))).toContain('First and middle names');
  });

  it('SEVIS Table 36: an exchange visitor of unknown gender is held back (U is not for an EV)', async () => {
    const msg = await heldMessage(event(evProfile({ gender: 'U' }), 'Biographical', 'Edit', {}), 'ev');
    expect(msg).toContain('SEVIS Table 36');
  });

  it('SEVIS Table 5 / S1062: an M-1 education level (08 high school) on an F-1 record is held back', async () => {
    const msg = await heldMessage(event(profile(), 'Program', 'Edit', { educationLevel: '08' }));
    expect(msg).toContain('is for M-1 students only (SEVIS Table 5, S1062)');
  });
});

describe('SiteOfActivity Edit: a rename goes under the name SEVIS knows (SEVIS finds sites by name, S2129)', () => {
  it('sends the old name as SiteName and the new one as NewSiteName, and validates', async () => {
    const p = evProfile();
    const s = site(p, { name: 'Marine Biology Lab', isPrimary: true });
    const e = event(
      p,
      'SiteOfActivity',
      'Edit',
      { siteId: s.id, siteName: 'Marine Biology Lab', previousSiteName: 'Marine Lab', address: s.address, isPrimary: true },
      { sites: [s] },
    );
    const x = xmlOf(await accepted([e], 'ev'), e);
    expect(x).toContain('<SiteName>Marine Lab</SiteName><NewSiteName>Marine Biology Lab</NewSiteName>');
  });
});
