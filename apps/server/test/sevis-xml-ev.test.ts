import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildValidatedBatch, validateAgainstXsd, type TBatchRecordInput, type TBuildBatchResult } from '../src/modules/sevis/xml/index.js';
import { ISSUED_ON, ORG, SENDER, batchId, debianXmllint, dependent, event, evProfile, recordXml, site } from './sevis-xml-fixtures.js';

/**
 * Exchange visitor batch (Create-UpdateExchangeVisitor 6.27): J-1 student records with their
 * category, subject field and sites of activity; every EV event accepted by the official XSD
 * (xmllint-wasm in the builder, Debian's xmllint here).
 */
const cases: Array<{ name: string; record: () => TBatchRecordInput; expect: string[] }> = [
  {
    name: 'CreateEV with a dependent and sites of activity',
    expect: [
      '<CategoryCode>1A</CategoryCode>',
      '<SubjectFieldCode>26.0102</SubjectFieldCode>',
      '<BirthCountryCode>GM</BirthCountryCode>',
      '<SiteOfActivity xsi:type="SOA">',
      '<SiteName>Broad Institute</SiteName>',
      '<PrimarySite>true</PrimarySite>',
      '<PositionCode>213</PositionCode>',
      '<ReceivedUSGovtFunds>false</ReceivedUSGovtFunds>',
      '<Relationship>01</Relationship>',
    ],
    record: () => {
      const p = evProfile({ sevisId: null });
      return event(
        p,
        'Create',
        'Create',
        { positionCode: '213' },
        {
          dependents: [
            dependent(p, {
              sevisId: null,
              firstName: 'Anna',
              lastName: 'Schneider',
              gender: 'F',
              birthCity: 'Hamburg',
              birthCountryCode: 'DE',
              citizenshipCountryCode: 'DE',
              permanentResidenceCountryCode: 'DE',
            }),
          ],
          sites: [
            site(p),
            site(p, {
              name: 'Massachusetts General Hospital',
              isPrimary: false,
              address: { line1: '55 Fruit Street', city: 'Boston', state: 'MA', postalCode: '02114' },
            }),
          ],
        },
      );
    },
  },
  {
    name: 'Biographical (identity)',
    expect: ['<Biographical printForm="true">', '<PermanentResidenceCountryCode>GM</PermanentResidenceCountryCode>'],
    record: () => event(evProfile({ lastName: 'Schneider Weber' }), 'PersonalInfo', 'Edit', { lastName: 'Schneider Weber' }),
  },
  {
    name: 'Biographical (U.S. address)',
    expect: [
      '<Biographical printForm="false">',
      '<EmailAddress>lukas.schneider@example.edu</EmailAddress>',
      '<PostalCode>02139</PostalCode>',
    ],
    record: () => event(evProfile(), 'PersonalInfo', 'Address', {}),
  },
  {
    name: 'Program Extension',
    expect: ['<Extension printForm="true">', '<NewPrgEndDate>2027-08-20</NewPrgEndDate>'],
    record: () =>
      event(evProfile({ programEndDate: '2027-08-20' }), 'Program', 'Extension', {
        programEndDate: '2027-08-20',
        previousProgramEndDate: '2027-05-21',
      }),
  },
  {
    name: 'Program EditSubject',
    expect: ['<EditSubject printForm="true">', '<SubjectFieldCode>26.0203</SubjectFieldCode>', '<SubjectFieldRemarks>'],
    record: () =>
      event(evProfile({ subjectFieldCode: '26.0203' }), 'Program', 'Amend', { evCategoryCode: '1A', subjectFieldCode: '26.0203' }),
  },
  {
    name: 'Program Amend (dates)',
    expect: ['<Amend printForm="true">', '<PrgStartDate>2026-09-08</PrgStartDate>'],
    record: () =>
      event(evProfile({ programStartDate: '2026-09-08' }), 'Program', 'Amend', {
        programStartDate: '2026-09-08',
        major1Code: '',
        major2Code: '',
        minorCode: '',
      }),
  },
  {
    // A J-1 student's Matriculation request (docs/product/students-requests.md#the-catalogue): MatriculationType A/B/M/D.
    name: 'Program Matriculate',
    expect: ['<Matriculate printForm="true">', '<NewPrgEndDate>2029-05-20</NewPrgEndDate>', '<MatriculationCode>D</MatriculationCode>'],
    record: () =>
      event(evProfile({ programEndDate: '2029-05-20', evCategoryCode: '1E' }), 'Program', 'Matriculate', {
        programEndDate: '2029-05-20',
        matriculationCode: 'D',
      }),
  },
  {
    // A J-1 student's Cancel Program request: the sponsor marks the DS-2019 invalid, with the student's words.
    name: 'Status Invalid',
    expect: ['<Invalid>', '<Remarks>I accepted another offer.</Remarks>'],
    record: () => event(evProfile({ sevisStatus: 'Initial' }), 'Status', 'Invalid', { remarks: 'I accepted another offer.' }),
  },
  {
    name: 'SiteOfActivity Add',
    expect: ['<Add xsi:type="AddSOA" printForm="true">', '<SiteName>Dana-Farber Cancer Institute</SiteName>'],
    record: () => {
      const p = evProfile();
      const s = site(p, {
        name: 'Dana-Farber Cancer Institute',
        isPrimary: false,
        address: { line1: '450 Brookline Avenue', city: 'Boston', state: 'MA', postalCode: '02215' },
      });
      return event(
        p,
        'SiteOfActivity',
        'Add',
        { siteId: s.id, sevisId: p.sevisId, siteName: s.name, address: s.address, isPrimary: false },
        { sites: [s] },
      );
    },
  },
  {
    name: 'SiteOfActivity Edit',
    expect: ['<Edit printForm="true">', '<Address1>320 Charles Street</Address1>'],
    record: () => {
      const p = evProfile();
      const s = site(p, { address: { line1: '320 Charles Street', city: 'Cambridge', state: 'MA', postalCode: '02141' } });
      return event(p, 'SiteOfActivity', 'Edit', { siteId: s.id, siteName: s.name, address: s.address, isPrimary: true }, { sites: [s] });
    },
  },
  {
    name: 'SiteOfActivity Delete',
    expect: ['<Delete>', '<SiteName>Broad Institute</SiteName>'],
    record: () => {
      const p = evProfile();
      const s = site(p, { isActive: false });
      return event(p, 'SiteOfActivity', 'Delete', { siteId: s.id, siteName: s.name, address: s.address, isPrimary: true }, { sites: [s] });
    },
  },
  {
    name: 'Dependent Add',
    expect: ['<Add printForm="true">', '<FormPurpose>06</FormPurpose>'],
    record: () => {
      const p = evProfile();
      const d = dependent(p, {
        sevisId: null,
        firstName: 'Anna',
        lastName: 'Schneider',
        gender: 'F',
        birthCity: 'Hamburg',
        birthCountryCode: 'DE',
        citizenshipCountryCode: 'DE',
        permanentResidenceCountryCode: 'DE',
      });
      return event(p, 'Dependent', 'Add', { formPurpose: '06' }, { dependents: [d], dependentId: d.id });
    },
  },
  {
    name: 'Dependent Edit',
    expect: ['<Edit printForm="true" dependentSevisID="N0031234568">', '<BirthCity>Hamburg</BirthCity>'],
    record: () => {
      const p = evProfile();
      const d = dependent(p, {
        firstName: 'Anna',
        lastName: 'Schneider',
        gender: 'F',
        birthCity: 'Hamburg',
        birthCountryCode: 'DE',
        citizenshipCountryCode: 'DE',
        permanentResidenceCountryCode: 'DE',
      });
      return event(p, 'Dependent', 'Edit', { changedFields: ['birthCity'] }, { dependents: [d], dependentId: d.id });
    },
  },
  {
    name: 'Dependent Terminate',
    expect: ['<Terminate dependentSevisID="N0031234568">', '<Reason>05</Reason>', '<EffectiveDate>2026-12-01</EffectiveDate>'],
    record: () => {
      const p = evProfile();
      const d = dependent(p, { status: 'Terminated', terminationReasonCode: 'OTHER' });
      return event(
        p,
        'Dependent',
        'Terminate',
        { reasonCode: 'OTHER', sevisReasonCode: '05', effectiveDate: '2026-12-01' },
        { dependents: [d], dependentId: d.id },
      );
    },
  },
  {
    name: 'Status Terminate',
    expect: ['<Status>', '<Terminate>', '<Reason>OTHER</Reason>', '<EffectiveDate>2026-11-30</EffectiveDate>'],
    record: () =>
      event(evProfile(), 'Status', 'Terminate', {
        sevisReasonCode: 'OTHER',
        effectiveDate: '2026-11-30',
        otherRemarks: 'Left the program for family reasons',
      }),
  },
  { name: 'Status NoShow', expect: ['<NoShow/>'], record: () => event(evProfile({ sevisStatus: 'Initial' }), 'Status', 'NoShow', {}) },
  {
    name: 'Validate',
    expect: ['<Validate>', '<Address1>77 Massachusetts Ave</Address1>', '<PhoneNumber>6175550142</PhoneNumber>'],
    record: () => event(evProfile(), 'Validate', 'Validate', {}),
  },
  {
    name: 'FinancialInfo',
    expect: ['<FinancialInfo printForm="true">', '<ProgramSponsorFunds>18000</ProgramSponsorFunds>', '<Name>DAAD</Name>'],
    record: () => event(evProfile(), 'FinancialInfo', 'Edit', {}),
  },
];

describe('SEVIS exchange visitor batch XML (Create-UpdateExchangeVisitor 6.27)', () => {
  const records = cases.map((c) => ({ ...c, input: c.record() }));
  let result: TBuildBatchResult;

  beforeAll(async () => {
    result = await buildValidatedBatch({
      kind: 'ev',
      orgId: ORG.ev,
      batchId: batchId(2),
      userId: SENDER,
      today: ISSUED_ON,
      records: records.map((r) => r.input),
    });
  });

  it('holds nothing back and the official XSD accepts the batch (xmllint-wasm and Debian xmllint)', () => {
    expect(result.held).toEqual([]);
    expect(result.included).toHaveLength(records.length);
    const check = debianXmllint('ev', result.xml);
    expect(check.output).toContain('validates');
    expect(check.ok).toBe(true);
  });

  it.each(records.map((r) => [r.name, r] as const))('%s', (_name, r) => {
    const inc = result.included.find((i) => i.eventId === r.input.eventId)!;
    expect(inc).toBeTruthy();
    const xml = recordXml(result.xml, inc.sevisRequestId);
    for (const s of r.expect) expect(xml).toContain(s);
  });

  it('the real sample EV batch validates with the same schema loading (imports resolved)', async () => {
    const sample = readFileSync(new URL('./fixtures/sevis/ev-batch-6.27-sample.xml', import.meta.url), 'utf8');
    expect(await validateAgainstXsd('ev', [sample])).toEqual([[]]);
    expect(debianXmllint('ev', sample).ok).toBe(true);
  });
});
