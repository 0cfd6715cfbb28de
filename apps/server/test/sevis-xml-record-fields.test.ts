import { describe, expect, it } from 'vitest';
import { EV_POSITION_CODES } from '@meridian/domain';
import { buildValidatedBatch, type TBatchRecordInput, type TBuildBatchResult } from '../src/modules/sevis/xml/index.js';
import { EV_DEPENDENT_END_STATUS } from '../src/modules/sevis/xml/codes.js';
import { codeList } from '../src/modules/sevis/xml/schema.js';
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
 * What SEVIS needs on a new I-20 (English proficiency, academic term) and a new DS-2019 (position
 * code, U.S. government funds) now lives on the student record: a Create or change of level built
 * from a filled-in record validates with no extras in the event, and one without them is held back
 * naming the record's field and where it is.
 */
const build = (records: TBatchRecordInput[], kind: 'student' | 'ev') =>
  buildValidatedBatch({ kind, orgId: ORG[kind], batchId: batchId(42), userId: SENDER, today: ISSUED_ON, records });
const I20 = "on the student record (Program tab, section 'New I-20: English proficiency and academic term')";
const DS2019 = "on the student record (DS-2019 tab, section 'New DS-2019: position and U.S. government funds')";

async function accepted(records: TBatchRecordInput[], kind: 'student' | 'ev') {
  const r = await build(records, kind);
  expect(r.held).toEqual([]);
  expect(r.included).toHaveLength(records.length);
  const check = debianXmllint(kind, r.xml);
  expect(check.output).not.toMatch(/fails to validate/);
  expect(check.ok).toBe(true);
  return r;
}
const xmlOf = (r: TBuildBatchResult, e: TBatchRecordInput) =>
  recordXml(r.xml, r.included.find((i) => i.eventId === e.eventId)!.sevisRequestId).replace(/>\s+</g, '><');

describe('a new I-20 from the record (F-1 Create and change of level)', () => {
  it('a Create built from a record with English proficiency (required, met) and the academic term validates without payload extras', async () => {
    const e = event(
      profile({ sevisId: null, englishRequired: true, englishRequirementsMet: true, academicTermMonths: 10 }),
      'Create',
      'Create',
      {},
    );
    const r = await accepted([e], 'student');
    const x = xmlOf(r, e);
    expect(x).toContain('<EngProficiency><EngRequired>true</EngRequired><RequirementsMet>true</RequirementsMet></EngProficiency>');
    expect(x).toContain('<AcademicTerm>10</AcademicTerm>');
  });

  it("English not required: the record's reason goes as NotRequiredReason; a change of level takes it from the record too", async () => {
    const p = profile({
      sevisId: null,
      englishRequired: false,
      englishNotRequiredReason: 'Native speaker: citizen of an English-speaking country',
      academicTermMonths: 4,
    });
    const create = event(p, 'Create', 'Create', {});
    const col = event(
      profile({
        educationLevel: '06',
        major1Code: '26.0102',
        englishRequired: false,
        englishNotRequiredReason: "Completed a U.S. master's degree",
      }),
      'EducationLevel',
      'Edit',
      { educationLevel: '06', major1Code: '26.0102', programStartDate: '2027-08-23', programEndDate: '2032-05-20' },
    );
    const r = await accepted([create, col], 'student');
    expect(xmlOf(r, create)).toContain(
      '<EngRequired>false</EngRequired><NotRequiredReason>Native speaker: citizen of an English-speaking country</NotRequiredReason>',
    );
    expect(xmlOf(r, create)).toContain('<AcademicTerm>04</AcademicTerm>');
    expect(xmlOf(r, col)).toContain("<NotRequiredReason>Completed a U.S. master's degree</NotRequiredReason>");
    expect(xmlOf(r, col)).toContain('<AcademicTerm>09</AcademicTerm>');
  });

  it("the event's values come first, the record's fill what the event does not carry", async () => {
    const e = event(
      profile({ sevisId: null, englishRequired: false, englishNotRequiredReason: 'Old reason', academicTermMonths: 10 }),
      'Create',
      'Create',
      { englishRequired: '1', englishRequirementsMet: '0', academicTermMonths: 6 },
    );
    const x = xmlOf(await accepted([e], 'student'), e);
    expect(x).toContain('<EngRequired>true</EngRequired><RequirementsMet>false</RequirementsMet>');
    expect(x).not.toContain('Old reason');
    expect(x).toContain('<AcademicTerm>06</AcademicTerm>');
  });

  it('without them the Create is held back, the message naming each field of the record to fill', async () => {
    const none = event(profile({ sevisId: null, academicTermMonths: null }), 'Create', 'Create', {});
    const noMet = event(profile({ sevisId: null, englishRequired: true }), 'Create', 'Create', {});
    const noReason = event(profile({ sevisId: null, englishRequired: false }), 'EducationLevel', 'Edit', {});
    const r = await build([none, noMet, noReason], 'student');
    expect(r.included).toEqual([]);
    const msg = (e: TBatchRecordInput) => r.held.find((h) => h.eventId === e.eventId)!.message;
    expect(msg(none)).toContain(`English proficiency required is missing ${I20}.`);
    expect(msg(none)).toContain(`Academic term (months) is missing ${I20}.`);
    expect(msg(none)).not.toContain('no field for it');
    expect(msg(noMet)).toContain(`English requirement met is missing ${I20}.`);
    expect(msg(noMet)).not.toContain('Academic term');
    expect(msg(noReason)).toContain(`Why English proficiency is not required is missing ${I20}.`);
  });
});

describe('a new DS-2019 from the record (EV Create)', () => {
  it('a Create built from a record with the position code and U.S. government funds validates without payload extras', async () => {
    const p = evProfile({ sevisId: null, evPositionCode: '213', receivedUsGovtFunds: true });
    const e = event(p, 'Create', 'Create', {}, { sites: [site(p)] });
    const x = xmlOf(await accepted([e], 'ev'), e);
    expect(x).toContain('<PositionCode>213</PositionCode>');
    expect(x).toContain('<ReceivedUSGovtFunds>true</ReceivedUSGovtFunds>');
  });

  it('without them the Create is held back naming the position code and the U.S. government funds field', async () => {
    const p = evProfile({ sevisId: null, evPositionCode: '', receivedUsGovtFunds: null });
    const e = event(p, 'Create', 'Create', {}, { sites: [site(p)] });
    const r = await build([e], 'ev');
    expect(r.included).toEqual([]);
    expect(r.held[0]!.message).toContain(`Exchange visitor position code is missing ${DS2019}.`);
    expect(r.held[0]!.message).toContain(`Receives U.S. government funds is missing ${DS2019}.`);
  });

  it("the position codes the record accepts are the schema's EVPositionCodeType list but 531 (SEVIS Table 28: code deleted, see 213)", () => {
    expect([...EV_POSITION_CODES].sort()).toEqual([...codeList('ev', 'EVPositionCodeType').keys()].filter((c) => c !== '531').sort());
  });
});

describe('dependent termination reasons: our words to SEVIS codes where the schema says what they mean', () => {
  it('a J-2 terminated for death or divorce goes as End Status 02 / 04 and validates', async () => {
    const p = evProfile();
    const divorced = dependent(p, { status: 'Terminated', terminationReasonCode: 'DIVORCE' });
    const died = dependent(p, { status: 'Terminated', terminationReasonCode: 'DEATH', sevisId: 'N0031234569', firstName: 'Jonas' });
    const a = event(
      p,
      'Dependent',
      'Terminate',
      { reasonCode: 'DIVORCE', remarks: 'Divorce decree on file' },
      { dependents: [divorced, died], dependentId: divorced.id },
    );
    const b = event(p, 'Dependent', 'Terminate', { reasonCode: 'DEATH' }, { dependents: [divorced, died], dependentId: died.id });
    const r = await accepted([a, b], 'ev');
    expect(xmlOf(r, a)).toContain(
      '<EndStatus dependentSevisID="N0031234568"><Reason>04</Reason><Remarks>Divorce decree on file</Remarks></EndStatus>',
    );
    expect(xmlOf(r, b)).toContain('<EndStatus dependentSevisID="N0031234569"><Reason>02</Reason></EndStatus>');
  });

  it('SEVIS Table 18: a J-2 child over 21, married, or OTHER ends as 09 OTHER with our reason as the other remarks (SEVIS S2130)', async () => {
    const j = evProfile();
    const over = dependent(j, { status: 'Terminated', terminationReasonCode: 'OVERAGE', relationshipCode: '02' });
    const other = dependent(j, { status: 'Terminated', terminationReasonCode: 'OTHER', sevisId: 'N0031234569', firstName: 'Jonas' });
    const a = event(j, 'Dependent', 'Terminate', { reasonCode: 'OVERAGE' }, { dependents: [over, other], dependentId: over.id });
    const b = event(
      j,
      'Dependent',
      'Terminate',
      { reasonCode: 'OTHER', remarks: 'Returned home' },
      { dependents: [over, other], dependentId: other.id },
    );
    const r = await accepted([a, b], 'ev');
    expect(xmlOf(r, a)).toContain(
      '<EndStatus dependentSevisID="N0031234568"><Reason>09</Reason><OtherRemarks>Child turned 21</OtherRemarks></EndStatus>',
    );
    expect(xmlOf(r, b)).toContain(
      '<EndStatus dependentSevisID="N0031234569"><Reason>09</Reason><OtherRemarks>Returned home</OtherRemarks></EndStatus>',
    );
  });

  it('SEVIS Table 3: an F-2 divorce is 04, a child over 21 03, a married child 09 OTHER with other remarks (SEVIS S1034)', async () => {
    const f = profile();
    const spouse = dependent(f, { status: 'Terminated', terminationReasonCode: 'DIVORCE' });
    const child = dependent(f, {
      status: 'Terminated',
      terminationReasonCode: 'OVERAGE',
      relationshipCode: '02',
      sevisId: 'N0031234569',
      firstName: 'Jonas',
    });
    const married = dependent(f, {
      status: 'Terminated',
      terminationReasonCode: 'MARRIED',
      relationshipCode: '02',
      sevisId: 'N0031234570',
      firstName: 'Lea',
    });
    const all = { dependents: [spouse, child, married] };
    const [a, b, c] = [spouse, child, married].map((d) =>
      event(f, 'Dependent', 'Terminate', { reasonCode: d.terminationReasonCode }, { ...all, dependentId: d.id }),
    );
    const r = await accepted([a!, b!, c!], 'student');
    expect(xmlOf(r, a!)).toContain('<Terminate dependentSevisID="N0031234568"><Reason>04</Reason></Terminate>');
    expect(xmlOf(r, b!)).toContain('<Terminate dependentSevisID="N0031234569"><Reason>03</Reason></Terminate>');
    expect(xmlOf(r, c!)).toContain('<Reason>09</Reason><OtherRemarks>Child married</OtherRemarks>');
  });

  it("every mapped code is in the schema's DependentCompletionType list", () => {
    const list = codeList('ev', 'DependentCompletionType');
    for (const code of Object.values(EV_DEPENDENT_END_STATUS)) expect(list.has(code)).toBe(true);
  });
});
