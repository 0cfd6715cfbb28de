import { beforeAll, describe, expect, it } from 'vitest';
import { buildValidatedBatch, type TBatchRecordInput, type TBuildBatchResult } from '../src/modules/sevis/xml/index.js';
import { ISSUED_ON, ORG, SENDER, batchId, debianXmllint, dependent, employment, event, profile, recordXml } from './sevis-xml-fixtures.js';

/**
 * Student batch (Create-UpdateStudent 6.55): every event type we raise, built from realistic
 * records, must be accepted by the official XSD, both by xmllint-wasm (the builder) and by Debian's
 * xmllint. One batch carries them all; each case then checks its own record's content.
 */
const cases: Array<{ name: string; record: () => TBatchRecordInput; expect: string[] }> = [
  {
    name: 'Create: initial student with dependents',
    expect: [
      '<IssueReason>I</IssueReason>',
      '<CitizenshipCountryCode>CH</CitizenshipCountryCode>',
      '<VisaType>04</VisaType>',
      '<AcademicTerm>09</AcademicTerm>',
      '<PostalCode>02139</PostalCode>',
      '<FirstName>Wei Ming</FirstName>',
    ],
    record: () => {
      const p = profile({
        sevisId: null,
        firstName: 'Wei',
        middleName: 'Ming',
        lastName: 'Zhang',
        birthCountryCode: 'CN',
        citizenshipCountryCode: 'CN',
        permanentResidenceCountryCode: 'CN',
        documentIssueDate: null,
        foreignAddress: { line1: '88 Century Avenue', city: 'Shanghai', postalCode: '200120', countryCode: 'CN' },
      });
      const spouse = dependent(p, {
        sevisId: null,
        firstName: 'Lin',
        lastName: 'Zhang',
        birthCountryCode: 'CN',
        citizenshipCountryCode: 'CN',
        gender: 'F',
      });
      const child = dependent(p, {
        sevisId: null,
        firstName: 'Anna',
        lastName: 'Zhang',
        relationshipCode: '02',
        birthDate: '2021-03-09',
        birthCity: 'Shanghai',
        birthCountryCode: 'CN',
        citizenshipCountryCode: 'CN',
        gender: 'F',
      });
      return event(p, 'Create', 'Create', { englishRequired: '1', englishRequirementsMet: '1' }, { dependents: [spouse, child] });
    },
  },
  {
    name: 'Registration',
    expect: ['<LastSession>false</LastSession>', '<NextSessionStartDate>2027-01-19</NextSessionStartDate>'],
    record: () =>
      event(profile(), 'Registration', 'Register', {
        isRegistered: true,
        sessionStartDate: '2026-08-24',
        sessionEndDate: '2026-12-18',
        isLastSession: false,
        nextSessionStartDate: '2027-01-19',
        remarks: 'Enrolled full time, 12 credits',
      }),
  },
  {
    name: 'CPTEmployment Add',
    expect: [
      '<CPTEmployment>',
      '<Add printForm="true">',
      '<EmployerName>Moderna Therapeutics</EmployerName>',
      '<PostalRoutingCode>2101</PostalRoutingCode>',
    ],
    record: () =>
      event(profile(), 'CPTEmployment', 'Add', {
        employerName: 'Moderna Therapeutics',
        startDate: '2026-06-01',
        endDate: '2026-08-21',
        fullOrPartTime: '01',
        remarks: 'Summer internship, BIOL 690',
        employerAddress: {
          line1: '325 Binney Street',
          city: 'Cambridge',
          state: 'MA',
          postalCode: '02142',
          countryCode: 'US',
          routeCode: '2101',
        },
      }),
  },
  {
    name: 'CPTEmployment Cancel',
    expect: ['<Cancel printForm="true">', '<FullPartTimeIndicator>02</FullPartTimeIndicator>'],
    record: () => {
      const p = profile();
      const e = employment(p, {
        kind: 'cpt',
        optPhase: '',
        startDate: '2026-09-01',
        endDate: '2026-12-18',
        fullOrPartTime: '02',
        employerName: 'Akamai Technologies',
      });
      return event(p, 'CPTEmployment', 'Cancel', { employmentId: e.id }, { employments: [e] });
    },
  },
  {
    name: 'OPTEmployment Request (post-completion)',
    expect: ['<OPTEmployment>', '<CompletionType>02</CompletionType>', '<AcademicYearMet>true</AcademicYearMet>'],
    record: () => {
      const p = profile();
      const e = employment(p);
      return event(
        p,
        'OPTEmployment',
        'Request',
        {
          optPhase: '02',
          requestedStartDate: '2027-06-01',
          requestedEndDate: '2028-05-31',
          remarks: 'Seeking work in data science',
          employmentId: e.id,
        },
        { employments: [e] },
      );
    },
  },
  {
    name: 'OPTEmployment STEMExtend',
    expect: ['<Extend printForm="true">', '<EmployerEIN>043456789</EmployerEIN>', '<CourseRelevance>'],
    record: () => {
      const p = profile();
      const e = employment(p, {
        kind: 'stem',
        optPhase: '03',
        authorizedStartDate: '2028-06-01',
        authorizedEndDate: '2030-05-31',
        startDate: '2028-06-01',
        employerName: 'Boston Scientific',
        employerEin: '04-3456789',
        jobTitle: 'Data Engineer',
        employerAddress: { line1: '300 Boston Scientific Way', city: 'Marlborough', state: 'MA', postalCode: '01752', countryCode: 'US' },
        details: {
          everifyNumber: '1234567',
          trainingObjectives: 'Apply machine learning coursework to clinical device data pipelines',
          supervisorName: 'Maria Lopez',
          supervisorPhone: '5085550199',
        },
      });
      return event(
        p,
        'OPTEmployment',
        'STEMExtend',
        {
          employerName: 'Boston Scientific',
          requestedStartDate: '2028-06-01',
          requestedEndDate: '2030-05-31',
          everifyNumber: '1234567',
          employmentId: e.id,
        },
        { employments: [e] },
      );
    },
  },
  {
    name: 'OPTEmployer Add',
    expect: [
      '<OPTEmployer>',
      '<EmploymentIdentifier>',
      '<StartDate>2027-06-01</StartDate>',
      '<StudentsJobTitle>Junior Data Analyst</StudentsJobTitle>',
    ],
    record: () => {
      const p = profile();
      const e = employment(p, {
        employerName: 'Wayfair',
        jobTitle: 'Junior Data Analyst',
        startDate: '2027-06-15',
        fullOrPartTime: '01',
        employerAddress: { line1: '4 Copley Place', city: 'Boston', state: 'MA', postalCode: '02116', countryCode: 'US' },
        details: { remarks: 'Analyses customer data with the statistics of my degree' },
      });
      return event(
        p,
        'OPTEmployer',
        'Add',
        {
          employerName: 'Wayfair',
          startDate: '2027-06-15',
          fullOrPartTime: '01',
          optPhase: '02',
          employmentId: e.id,
          remarks: 'Analyses customer data with the statistics of my degree',
        },
        { employments: [e] },
      );
    },
  },
  {
    name: 'AuthDropBelowFC (RCL) Add',
    // SEVIS Table 4: a medical reduced course load is 01 ILLNESS OR MEDICAL CONDITION (05 is course level placement).
    expect: ['<AuthDropBelowFC>', '<Reason>01</Reason>'],
    record: () =>
      event(profile(), 'AuthDropBelowFC', 'Add', {
        reason: 'medical',
        term: 'Spring 2027',
        startDate: '2027-01-19',
        endDate: '2027-05-14',
        credits: 6,
        remarks: 'Physician letter on file',
      }),
  },
  {
    name: 'EducationLevel (COL) Change',
    expect: ['<EducationLevel>', '<Change printForm="true">', '<Level>06</Level>', '<MajorCode1>26.0102</MajorCode1>'],
    record: () =>
      event(
        profile({ educationLevel: '06', major1Code: '26.0102', programStartDate: '2027-08-23', programEndDate: '2032-05-20' }),
        'EducationLevel',
        'Edit',
        {
          educationLevel: '06',
          major1Code: '26.0102',
          programStartDate: '2027-08-23',
          programEndDate: '2032-05-20',
          englishRequired: '0',
          englishNotRequiredReason: "Completed a U.S. master's degree",
          remarks: 'Admitted to the PhD program',
        },
      ),
  },
  {
    name: 'Program Extension',
    expect: [
      '<Extension printForm="true">',
      '<NewPrgEndDate>2027-12-17</NewPrgEndDate>',
      '<Explanation>Thesis research delayed by lab closure</Explanation>',
    ],
    record: () =>
      event(profile({ programEndDate: '2027-12-17' }), 'Program', 'Extension', {
        programEndDate: '2027-12-17',
        previousProgramEndDate: '2027-05-15',
        reason: 'Thesis research delayed by lab closure',
      }),
  },
  {
    name: 'Program Shorten',
    expect: ['<Shorten printForm="true">', '<NewPrgEndDate>2026-12-18</NewPrgEndDate>'],
    record: () =>
      event(profile({ programEndDate: '2026-12-18' }), 'Program', 'Shorten', {
        programEndDate: '2026-12-18',
        previousProgramEndDate: '2027-05-15',
      }),
  },
  {
    name: 'Program Edit (majors)',
    expect: ['<Edit printForm="true">', '<MajorCode2>52.1301</MajorCode2>'],
    record: () =>
      event(profile({ major2Code: '52.1301' }), 'Program', 'Amend', {
        programStartDate: '2025-08-25',
        major1Code: '11.0701',
        major2Code: '52.1301',
        minorCode: '27.0101',
      }),
  },
  {
    name: 'Dependent Add',
    expect: ['<Dependent>', '<Add printForm="true">', '<Relationship>02</Relationship>'],
    record: () => {
      const p = profile();
      const d = dependent(p, {
        sevisId: null,
        firstName: 'Meera',
        relationshipCode: '02',
        birthDate: '2024-01-15',
        birthCity: 'Chennai',
        birthCountryCode: 'IN',
        gender: 'F',
      });
      return event(p, 'Dependent', 'Add', {}, { dependents: [d], dependentId: d.id });
    },
  },
  {
    name: 'Dependent Edit',
    expect: ['<Edit printForm="true" dependentSevisID="N0031234568">', '<LastName>Raman Iyer</LastName>'],
    record: () => {
      const p = profile();
      const d = dependent(p, { lastName: 'Raman Iyer' });
      return event(p, 'Dependent', 'Edit', { changedFields: ['lastName'] }, { dependents: [d], dependentId: d.id });
    },
  },
  {
    name: 'Dependent Terminate',
    expect: ['<Terminate dependentSevisID="N0031234568">', '<Reason>03</Reason>'],
    record: () => {
      const p = profile();
      const d = dependent(p, { status: 'Terminated', terminationReasonCode: 'OTHER' });
      return event(p, 'Dependent', 'Terminate', { reasonCode: 'OTHER', sevisReasonCode: '03' }, { dependents: [d], dependentId: d.id });
    },
  },
  {
    name: 'PersonalInfo Edit',
    expect: ['<PersonalInfo printForm="true">', '<LastName>Raman Iyer</LastName>', '<BirthCountryCode>IN</BirthCountryCode>'],
    record: () => event(profile({ lastName: 'Raman Iyer' }), 'PersonalInfo', 'Edit', { lastName: 'Raman Iyer' }),
  },
  {
    name: 'PersonalInfo Address',
    expect: ['<PersonalInfo printForm="false">', '<USNumber>6175550142</USNumber>', '<Address1>77 Massachusetts Ave</Address1>'],
    record: () => event(profile(), 'PersonalInfo', 'Address', { usAddress: {}, phone: '6175550142' }),
  },
  {
    name: 'FinancialInfo',
    expect: ['<FinancialInfo printForm="true">', '<Tuition>58240</Tuition>', '<Remarks>Graduate research assistantship</Remarks>'],
    record: () => event(profile(), 'FinancialInfo', 'Edit', {}),
  },
  {
    name: 'Reprint',
    expect: ['<Reprint printForm="true">', '<Reason>01</Reason>'],
    record: () => event(profile(), 'Reprint', 'Reprint', { sevisReasonCode: '01', remarks: 'Original I-20 lost in the mail' }),
  },
  {
    name: 'Status Complete',
    expect: ['<Status>', '<Complete>'],
    record: () => event(profile(), 'Status', 'Complete', { remarks: 'Degree conferred' }),
  },
  {
    name: 'Status Terminate',
    expect: ['<Terminate>', '<Reason>23</Reason>'],
    record: () => event(profile(), 'Status', 'Terminate', { sevisReasonCode: '23', remarks: 'Approved leave of absence' }),
  },
  {
    name: 'Status Cancel',
    expect: ['<Cancel>', '<Reason>01</Reason>'],
    record: () => event(profile({ sevisStatus: 'Initial' }), 'Status', 'Cancel', { sevisReasonCode: '01' }),
  },
];

describe('SEVIS student batch XML (Create-UpdateStudent 6.55)', () => {
  const records = cases.map((c) => ({ ...c, input: c.record() }));
  let result: TBuildBatchResult;

  beforeAll(async () => {
    result = await buildValidatedBatch({
      kind: 'student',
      orgId: ORG.student,
      batchId: batchId(1),
      userId: SENDER,
      today: ISSUED_ON,
      records: records.map((r) => r.input),
    });
  });

  it('holds nothing back and the official XSD accepts the batch (xmllint-wasm and Debian xmllint)', () => {
    expect(result.held).toEqual([]);
    expect(result.included).toHaveLength(records.length);
    const check = debianXmllint('student', result.xml);
    expect(check.output).toContain('validates');
    expect(check.ok).toBe(true);
    expect(result.xml).toContain('<BatchID>MER00000000001</BatchID>');
    expect(result.xml).toContain(`<OrgID>${ORG.student}</OrgID>`);
  });

  it.each(records.map((r) => [r.name, r] as const))('%s', (_name, r) => {
    const inc = result.included.find((i) => i.eventId === r.input.eventId)!;
    expect(inc).toBeTruthy();
    expect(inc.recordKind).toBe(r.input.eventType === 'Create' ? 'create' : 'update');
    const xml = recordXml(result.xml, inc.sevisRequestId);
    for (const s of r.expect) expect(xml).toContain(s);
    if (inc.recordKind === 'update') expect(xml).toContain(`sevisID="${r.input.profile.sevisId}"`);
  });

  it('sends SEVIS country codes, not ISO ones (ISO CN is SEVIS Comoros)', () => {
    const create = recordXml(result.xml, result.included.find((i) => i.recordKind === 'create')!.sevisRequestId);
    expect(create).toContain('<BirthCountryCode>CH</BirthCountryCode>');
    expect(create).not.toContain('<CitizenshipCountryCode>CN</CitizenshipCountryCode>');
    // A child born in the United States is a U.S. citizen, never an F-2: no F-2 is sent with SEVIS's US.
    expect(create).not.toContain('<BirthCountryCode>US</BirthCountryCode>');
  });
});
