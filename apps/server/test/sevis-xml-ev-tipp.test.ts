import { beforeAll, describe, expect, it } from 'vitest';
import { TIPP_MSG } from '@meridian/domain';
import { buildValidatedBatch, type TBatchRecordInput, type TBuildBatchResult } from '../src/modules/sevis/xml/index.js';
import type { TProfile, TTippData, TTippPhase, TTippSite } from '../src/modules/sevis/xml/types.js';
import {
  ISSUED_ON,
  ORG,
  SENDER,
  batchId,
  debianXmllint,
  event,
  evProfile,
  profile,
  recordXml,
  site,
  tippPhase,
  tippPlan,
  tippSite,
} from './sevis-xml-fixtures.js';

/**
 * A trainee's or intern's Training/Internship Placement Plan (T/IPP, DS-7002) in exchange visitor
 * batches (Create-UpdateExchangeVisitor 6.27): CreateEV/AddTIPP, UpdateEV TIPP (AddSite, EditSite,
 * DeleteSite, AddPhase, EditPhase, DeletePhase, UpdateSignatureDates, UpdateParticipantInfo) and
 * Reprint7002, each accepted by the official XSD (xmllint-wasm in the builder, Debian's xmllint
 * here); and each SEVIS rule checked before sending, on both sides (SEVIS Validation Error Codes).
 */

/** A trainee (SEVIS Table 15: 2A) whose program runs 2026-08-24 to 2027-05-21. */
const trainee = (o: Partial<TProfile> = {}) => evProfile({ evCategoryCode: '2A', subjectFieldCode: '14.1901', ...o });

/** A full plan: a primary site whose phase runs to the end of January, a second site's phase from February 1 (no gap). */
function fullPlan(p: TProfile, o: { sevisIds?: boolean; signed?: boolean } = {}): TTippData & { primary: TTippSite; second: TTippSite } {
  const primary = tippSite(p, {
    sevisSiteId: o.sevisIds ? '1234567' : '',
    ...(o.signed ? { officialUserName: 'aro1234567', officialSignatureDate: '2026-07-01', evSignatureDate: '2026-07-02' } : {}),
  });
  const second = tippSite(p, {
    name: 'Massachusetts Institute of Technology',
    isPrimary: false,
    address: { line1: '77 Massachusetts Avenue', city: 'Cambridge', state: 'MA', postalCode: '02139' },
    employerEin: '042103594',
    stipend: 'N',
    stipendAmount: '',
    stipendFrequency: '',
    sevisSiteId: o.sevisIds ? '1234568' : '',
  });
  const phases: TTippPhase[] = [
    tippPhase(primary, {
      endDate: '2027-01-31',
      sevisPhaseId: o.sevisIds ? '88001' : '',
      ...(o.signed ? { supervisorSignatureDate: '2026-07-03' } : {}),
    }),
    tippPhase(second, { name: 'Research placement', startDate: '2027-02-01', sevisPhaseId: o.sevisIds ? '88002' : '' }),
  ];
  return { plan: tippPlan(p), sites: [primary, second], phases, primary, second };
}

const tippEvent = (p: TProfile, action: string, t: TTippData, payload: Record<string, unknown>) =>
  event(p, 'TIPP', action, payload, { tipp: t });

const build = (records: TBatchRecordInput[], kind: 'student' | 'ev' = 'ev') =>
  buildValidatedBatch({ kind, orgId: ORG[kind], batchId: batchId(7), userId: SENDER, today: ISSUED_ON, records });

const cases: Array<{ name: string; record: () => TBatchRecordInput; expect: string[]; absent?: string[] }> = [
  {
    name: 'CreateEV of a trainee carries AddTIPP (participant, sites, phases), no site of activity (SEVIS S2251)',
    expect: [
      '<AddTIPP print7002="true">',
      '<ParticipantInfo>',
      '<FieldOfStudy>Mechanical engineering</FieldOfStudy>',
      '<YearsOfExperience>3</YearsOfExperience>',
      '<DateAwardedOrExpected>2025-06-30</DateAwardedOrExpected>',
      '<SiteName>Fraunhofer USA</SiteName>',
      '<EmployerID>382345678</EmployerID>',
      '<AnnualRevenue>03</AnnualRevenue>',
      '<StipendAmount>3200.00</StipendAmount>',
      '<StipendFrequency>04</StipendFrequency>',
      '<OfficialUserName>aro1234567</OfficialUserName>',
      '<SuperSignatureDate>2026-07-03</SuperSignatureDate>',
      '<PhaseName>Research placement</PhaseName>',
      '<HowCompetencyMeasured>',
    ],
    absent: ['<AddSiteOfActivity>', '<IsIWT>', '<SiteId>'],
    record: () => {
      const p = trainee({ sevisId: null });
      // A site of activity left on the record (e.g. from the scholar's case) does not go: SEVIS S2251.
      return event(p, 'Create', 'Create', { positionCode: '213' }, { sites: [site(p)], tipp: fullPlan(p, { signed: true }) });
    },
  },
  {
    name: 'CreateEV of an Irish intern says whether they are in IWT (SEVIS S2261)',
    expect: ['<CategoryCode>15</CategoryCode>', '<IsIWT>false</IsIWT>', '<CitizenshipCountryCode>EI</CitizenshipCountryCode>'],
    record: () => {
      const p = trainee({ sevisId: null, evCategoryCode: '15', citizenshipCountryCode: 'IE' });
      const t = fullPlan(p);
      return event(p, 'Create', 'Create', { positionCode: '213' }, { tipp: { ...t, plan: tippPlan(p, { isIwt: false }) } });
    },
  },
  {
    name: 'CreateEV of an intern exempt by IWT: the exemption alone, no site of activity (SEVIS S2256)',
    expect: ['<AddTIPP print7002="false">', '<TippExemptProgram>IWT</TippExemptProgram>'],
    absent: ['<AddSiteOfActivity>', '<ParticipantInfo>'],
    record: () => {
      const p = trainee({ sevisId: null, evCategoryCode: '15', citizenshipCountryCode: 'IE' });
      return event(
        p,
        'Create',
        'Create',
        { positionCode: '213' },
        { sites: [site(p)], tipp: { plan: tippPlan(p, { exemptProgram: 'IWT' }), sites: [], phases: [] } },
      );
    },
  },
  {
    name: 'CreateEV of a Korea WEST trainee: its sites of activity and the exemption (SEVIS S2251, S2255)',
    expect: ['<AddSiteOfActivity>', '<SiteName>Broad Institute</SiteName>', '<TippExemptProgram>KW</TippExemptProgram>'],
    record: () => {
      const p = trainee({ sevisId: null, citizenshipCountryCode: 'KR' });
      return event(
        p,
        'Create',
        'Create',
        { positionCode: '213' },
        { sites: [site(p)], tipp: { plan: tippPlan(p, { exemptProgram: 'KW' }), sites: [], phases: [] } },
      );
    },
  },
  {
    name: 'CreateEV of a research scholar carries no T/IPP left on the record (SEVIS S2218)',
    expect: ['<CategoryCode>08</CategoryCode>', '<AddSiteOfActivity>'],
    absent: ['<AddTIPP'],
    record: () => {
      const p = trainee({ sevisId: null, evCategoryCode: '08' });
      return event(p, 'Create', 'Create', { positionCode: '213' }, { sites: [site(p)], tipp: fullPlan(p) });
    },
  },
  {
    name: 'TIPP AddSite: the site with its phases',
    expect: [
      '<TIPP>',
      '<AddSite print7002="true">',
      '<SiteName>Massachusetts Institute of Technology</SiteName>',
      '<StipendInd>N</StipendInd>',
    ],
    absent: ['<StipendAmount>'],
    record: () => {
      const p = trainee();
      const t = fullPlan(p);
      return tippEvent(p, 'AddSite', t, { tippSiteId: t.second.id });
    },
  },
  {
    name: 'TIPP EditSite: by SEVIS SiteId, with the supervisors who signed',
    expect: ['<EditSite print7002="true">', '<SiteId>1234567</SiteId>', '<Supervisors>', '<PhaseId>88001</PhaseId>'],
    record: () => {
      const p = trainee();
      const t = fullPlan(p, { sevisIds: true, signed: true });
      return tippEvent(p, 'EditSite', t, { tippSiteId: t.primary.id });
    },
  },
  {
    name: 'TIPP DeleteSite: by SEVIS SiteId (the site is kept inactive on the record)',
    expect: ['<DeleteSite>', '<SiteId>1234568</SiteId>'],
    record: () => {
      const p = trainee();
      const t = fullPlan(p, { sevisIds: true });
      t.second.isActive = false;
      return tippEvent(p, 'DeleteSite', t, { tippSiteId: t.second.id, sevisSiteId: '1234568' });
    },
  },
  {
    name: 'TIPP AddPhase: on the site SEVIS named',
    expect: ['<AddPhase>', '<SiteId>1234567</SiteId>', '<PhaseName>Advanced cladding</PhaseName>'],
    record: () => {
      const p = trainee();
      const t = fullPlan(p, { sevisIds: true });
      const added = tippPhase(t.primary, { name: 'Advanced cladding', startDate: '2027-01-01', endDate: '2027-03-31' });
      t.phases.push(added);
      return tippEvent(p, 'AddPhase', t, { tippSiteId: t.primary.id, tippPhaseId: added.id });
    },
  },
  {
    name: 'TIPP EditPhase: by SEVIS PhaseId',
    expect: ['<EditPhase>', '<PhaseId>88002</PhaseId>', '<StartDate>2027-02-01</StartDate>'],
    record: () => {
      const p = trainee();
      const t = fullPlan(p, { sevisIds: true });
      return tippEvent(p, 'EditPhase', t, { tippSiteId: t.second.id, tippPhaseId: t.phases[1]!.id });
    },
  },
  {
    name: 'TIPP DeletePhase: by SEVIS PhaseId',
    expect: ['<DeletePhase>', '<PhaseId>88003</PhaseId>'],
    record: () => {
      const p = trainee();
      const t = fullPlan(p, { sevisIds: true });
      const gone = tippPhase(t.primary, {
        name: 'Extra',
        startDate: '2027-01-01',
        endDate: '2027-01-31',
        sevisPhaseId: '88003',
        isActive: false,
      });
      t.phases.push(gone);
      return tippEvent(p, 'DeletePhase', t, { tippSiteId: t.primary.id, tippPhaseId: gone.id, sevisPhaseId: '88003' });
    },
  },
  {
    name: 'TIPP UpdateSignatureDates: program official, exchange visitor, supervisors',
    expect: [
      '<UpdateSignatureDates>',
      '<ProgramOfficial>',
      '<UserName>aro1234567</UserName>',
      '<EvSignatureDate>2026-07-02</EvSignatureDate>',
      '<SignatureDate>2026-07-03</SignatureDate>',
    ],
    record: () => {
      const p = trainee();
      const t = fullPlan(p, { sevisIds: true, signed: true });
      return tippEvent(p, 'UpdateSignatureDates', t, { tippSiteId: t.primary.id });
    },
  },
  {
    name: 'TIPP UpdateParticipantInfo',
    expect: ['<UpdateParticipantInfo>', '<TypeOfDegree>Master of Science</TypeOfDegree>'],
    absent: ['<IsIWT>'],
    record: () => {
      const p = trainee();
      return tippEvent(p, 'UpdateParticipantInfo', fullPlan(p, { sevisIds: true }), {});
    },
  },
  {
    name: "Program Extension of a trainee moves the T/IPP's phases with it (TippPhaseDates)",
    expect: [
      '<Extension printForm="true">',
      '<NewPrgEndDate>2027-08-20</NewPrgEndDate>',
      '<TippPhaseDates>',
      '<PhaseId>88002</PhaseId>',
      '<EndDate>2027-08-20</EndDate>',
    ],
    record: () => {
      const p = trainee({ programEndDate: '2027-08-20' });
      const t = fullPlan(p, { sevisIds: true });
      t.phases[1]!.endDate = '2027-08-20';
      return event(p, 'Program', 'Extension', { programEndDate: '2027-08-20', previousProgramEndDate: '2027-05-21' }, { tipp: t });
    },
  },
  {
    name: 'Program Amend of a trainee carries the phase dates too',
    expect: ['<Amend printForm="true">', '<TippPhaseDates>', '<PhaseId>88001</PhaseId>'],
    record: () => {
      const p = trainee();
      return event(p, 'Program', 'Amend', { programStartDate: '2026-08-24' }, { tipp: fullPlan(p, { sevisIds: true }) });
    },
  },
  {
    name: 'Reprint7002 of the whole DS-7002',
    expect: ['<Reprint7002 print7002="true"/>'],
    record: () => {
      const p = trainee();
      return event(p, 'Reprint7002', 'Reprint7002', { tippSiteId: null }, { tipp: fullPlan(p, { sevisIds: true }) });
    },
  },
  {
    name: "Reprint7002 of one site's DS-7002",
    expect: ['<Reprint7002 print7002="true">', '<SiteId>1234568</SiteId>'],
    record: () => {
      const p = trainee();
      const t = fullPlan(p, { sevisIds: true });
      return event(p, 'Reprint7002', 'Reprint7002', { tippSiteId: t.second.id }, { tipp: t });
    },
  },
];

describe('T/IPP in SEVIS exchange visitor batches (Create-UpdateExchangeVisitor 6.27)', () => {
  const records = cases.map((c) => ({ ...c, input: c.record() }));
  let result: TBuildBatchResult;

  beforeAll(async () => {
    result = await build(records.map((r) => r.input));
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
    for (const s of r.absent ?? []) expect(xml).not.toContain(s);
  });
});

/** The reason an event is held back, or '' when the batch takes it (and the XSD accepts the batch). */
async function heldFor(e: TBatchRecordInput, kind: 'student' | 'ev' = 'ev'): Promise<string> {
  const r = await build([e], kind);
  if (r.xml) expect(debianXmllint(kind, r.xml).ok).toBe(true);
  return r.held.find((h) => h.eventId === e.eventId)?.message ?? '';
}
const createOf = (p: TProfile, tipp: TTippData | null, sites = [] as ReturnType<typeof site>[]) =>
  event(p, 'Create', 'Create', { positionCode: '213' }, { tipp, sites });

describe('the SEVIS rules of a T/IPP, checked before sending (both sides of each)', () => {
  it('SEVIS S2260: a trainee without a T/IPP is held with the reason; with one it goes', async () => {
    const p = trainee({ sevisId: null });
    expect(await heldFor(createOf(p, null))).toContain(`${TIPP_MSG.required} (SEVIS S2260)`);
    expect(await heldFor(createOf(p, fullPlan(p)))).toBe('');
    // A participant with no site is no plan either; a student intern (1G) is held the same way.
    expect(await heldFor(createOf(p, { plan: tippPlan(p), sites: [], phases: [] }))).toContain('(SEVIS S2260)');
    expect(await heldFor(createOf(trainee({ sevisId: null, evCategoryCode: '1G' }), null))).toContain('(SEVIS S2260)');
  });

  it('SEVIS S2251: an intern without a T/IPP is held, however many sites of activity the record has', async () => {
    const p = trainee({ sevisId: null, evCategoryCode: '15' });
    const msg = await heldFor(createOf(p, null, [site(p)]));
    expect(msg).toContain('(SEVIS S2260)');
    expect(msg).not.toContain('no active site of activity');
  });

  it('SEVIS S2262: no primary T/IPP site is held; one primary goes', async () => {
    const p = trainee({ sevisId: null });
    const t = fullPlan(p);
    t.primary.isPrimary = false;
    expect(await heldFor(createOf(p, t))).toContain(`${TIPP_MSG.noPrimary} (SEVIS S2262)`);
    t.second.isPrimary = true;
    expect(await heldFor(createOf(p, t))).toBe('');
  });

  it('SEVIS S2254: phases meeting day to day cover the program; a one-day gap, or one day short of the end, is held', async () => {
    const p = trainee({ sevisId: null });
    const gapped = fullPlan(p);
    gapped.phases[1]!.startDate = '2027-02-02';
    expect(await heldFor(createOf(p, gapped))).toContain(`${TIPP_MSG.gap('2027-02-01', '2027-02-01')} (SEVIS S2254)`);
    const short = fullPlan(p);
    short.phases[1]!.endDate = '2027-05-20';
    expect(await heldFor(createOf(p, short))).toContain(`${TIPP_MSG.gap('2027-05-21', '2027-05-21')} (SEVIS S2254)`);
    const late = fullPlan(p);
    late.phases[0]!.startDate = '2026-08-25';
    expect(await heldFor(createOf(p, late))).toContain(TIPP_MSG.gap('2026-08-24', '2026-08-24'));
    // Overlapping phases are fine: together they cover the program.
    const overlap = fullPlan(p);
    overlap.phases[1]!.startDate = '2027-01-15';
    expect(await heldFor(createOf(p, overlap))).toBe('');
  });

  it('a site without a phase is held (EV schema 6.27 TippSiteWithPhases: at least one phase)', async () => {
    const p = trainee({ sevisId: null });
    const t = fullPlan(p);
    t.phases[1]!.isActive = false;
    t.phases[0]!.endDate = '2027-05-21';
    expect(await heldFor(createOf(p, t))).toContain(TIPP_MSG.siteWithoutPhase('Massachusetts Institute of Technology'));
  });

  it('SEVIS S2261: an Irish intern must say whether in IWT; a German intern is not asked', async () => {
    const irish = trainee({ sevisId: null, evCategoryCode: '15', citizenshipCountryCode: 'IE' });
    expect(await heldFor(createOf(irish, fullPlan(irish)))).toContain(`${TIPP_MSG.isIwtRequired} (SEVIS S2261)`);
    const german = trainee({ sevisId: null, evCategoryCode: '15' });
    expect(await heldFor(createOf(german, fullPlan(german)))).toBe('');
  });

  it('SEVIS S2258: IWT is for an intern who is an Irish citizen, not a trainee nor another intern', async () => {
    for (const o of [
      { evCategoryCode: '2A', citizenshipCountryCode: 'IE' },
      { evCategoryCode: '15', citizenshipCountryCode: 'DE' },
    ]) {
      const p = trainee({ sevisId: null, ...o });
      expect(await heldFor(createOf(p, { plan: tippPlan(p, { exemptProgram: 'IWT' }), sites: [], phases: [] }))).toContain(
        `${TIPP_MSG.iwtNotIrishIntern} (SEVIS S2258)`,
      );
      const t = fullPlan(p);
      expect(await heldFor(createOf(p, { ...t, plan: tippPlan(p, { isIwt: true }) }))).toContain('(SEVIS S2258)');
    }
  });

  it('SEVIS S2255: a Korea WEST trainee needs a site of activity', async () => {
    const p = trainee({ sevisId: null });
    const kw = { plan: tippPlan(p, { exemptProgram: 'KW' }), sites: [], phases: [] };
    expect(await heldFor(createOf(p, kw))).toContain('(SEVIS S2255)');
    expect(await heldFor(createOf(p, kw, [site(p)]))).toBe('');
  });

  it("SEVIS S2254: a trainee's program extended beyond the phases is held until a phase covers it; a shortened one until none passes its end", async () => {
    const p = trainee({ programEndDate: '2027-08-20' });
    const t = fullPlan(p, { sevisIds: true });
    const ext = () => event(p, 'Program', 'Extension', { programEndDate: '2027-08-20' }, { tipp: t });
    expect(await heldFor(ext())).toContain(`${TIPP_MSG.gap('2027-05-22', '2027-08-20')} (SEVIS S2254)`);
    t.phases[1]!.endDate = '2027-08-20';
    expect(await heldFor(ext())).toBe('');
    const q = trainee({ programEndDate: '2027-04-30' });
    const u = fullPlan(q, { sevisIds: true });
    const shorten = () =>
      event(q, 'Program', 'Shorten', { programEndDate: '2027-04-30', sevisReasonCode: 'APED', remarks: 'Ends early' }, { tipp: u });
    expect(await heldFor(shorten())).toContain(TIPP_MSG.phaseOutsideProgram('2026-08-24', '2027-04-30'));
    u.phases[1]!.endDate = '2027-04-30';
    expect(await heldFor(shorten())).toBe('');
  });

  it('SEVIS S2218: a T/IPP update of a record that is not a trainee or intern is held', async () => {
    const p = trainee({ evCategoryCode: '1D' });
    const t = fullPlan(p, { sevisIds: true });
    expect(await heldFor(tippEvent(p, 'UpdateParticipantInfo', t, {}))).toContain(`${TIPP_MSG.notApplicable} (SEVIS S2218)`);
    const ok = trainee();
    expect(await heldFor(tippEvent(ok, 'UpdateParticipantInfo', fullPlan(ok, { sevisIds: true }), {}))).toBe('');
  });

  it('SEVIS S2219, S2252, S2253: no T/IPP update without a T/IPP, nor for an exempt exchange visitor', async () => {
    const p = trainee();
    expect(await heldFor(tippEvent(p, 'UpdateParticipantInfo', { plan: null, sites: [], phases: [] }, {}))).toContain('SEVIS S2219');
    expect(
      await heldFor(tippEvent(p, 'UpdateParticipantInfo', { plan: tippPlan(p, { exemptProgram: 'KW' }), sites: [], phases: [] }, {})),
    ).toContain(`${TIPP_MSG.exemptHasNoSites} (SEVIS S2252)`);
    const irish = trainee({ evCategoryCode: '15', citizenshipCountryCode: 'IE' });
    expect(
      await heldFor(
        tippEvent(irish, 'UpdateParticipantInfo', { plan: tippPlan(irish, { exemptProgram: 'IWT' }), sites: [], phases: [] }, {}),
      ),
    ).toContain('(SEVIS S2253)');
  });

  it('an update about a site or phase SEVIS has not named yet is held until its id comes back', async () => {
    const p = trainee();
    const t = fullPlan(p);
    expect(await heldFor(tippEvent(p, 'EditSite', t, { tippSiteId: t.primary.id }))).toContain(
      'SEVIS has not named T/IPP site Fraunhofer USA yet',
    );
    expect(await heldFor(tippEvent(p, 'EditPhase', t, { tippSiteId: t.primary.id, tippPhaseId: t.phases[0]!.id }))).toContain(
      'SEVIS has not named T/IPP phase',
    );
  });

  it('SEVIS S2266: signature dates go with at least one date', async () => {
    const p = trainee();
    const t = fullPlan(p, { sevisIds: true });
    expect(await heldFor(tippEvent(p, 'UpdateSignatureDates', t, { tippSiteId: t.primary.id }))).toContain(
      `${TIPP_MSG.noSignature} (SEVIS S2266)`,
    );
    t.primary.evSignatureDate = '2026-07-02';
    expect(await heldFor(tippEvent(p, 'UpdateSignatureDates', t, { tippSiteId: t.primary.id }))).toBe('');
  });

  it('SEVIS S2279, S2280: a DS-7002 is reprinted only for a trainee or intern with a T/IPP', async () => {
    const scholar = trainee({ evCategoryCode: '08' });
    expect(await heldFor(event(scholar, 'Reprint7002', 'Reprint7002', {}, { tipp: fullPlan(scholar, { sevisIds: true }) }))).toContain(
      `${TIPP_MSG.printNotApplicable} (SEVIS S2279)`,
    );
    const p = trainee();
    expect(await heldFor(event(p, 'Reprint7002', 'Reprint7002', {}, { tipp: null }))).toContain(`${TIPP_MSG.printNoTipp} (SEVIS S2280)`);
    expect(await heldFor(event(p, 'Reprint7002', 'Reprint7002', {}, { tipp: fullPlan(p, { sevisIds: true }) }))).toBe('');
  });

  it("the student batch refuses the T/IPP updates with its existing message (SEVIS's student schema has none)", async () => {
    const f1 = profile();
    expect(await heldFor(event(f1, 'TIPP', 'AddSite', {}), 'student')).toBe(
      "SEVIS's student batch has no TIPP event: make this change in SEVIS RTI.",
    );
    expect(await heldFor(event(f1, 'Reprint7002', 'Reprint7002', {}), 'student')).toBe(
      "SEVIS's student batch has no Reprint7002 event: make this change in SEVIS RTI.",
    );
  });
});
