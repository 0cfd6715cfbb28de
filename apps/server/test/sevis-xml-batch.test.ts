import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ISO_COUNTRIES_MAPPED, sevisCountry } from '../src/modules/sevis/xml/codes.js';
import {
  buildValidatedBatch,
  buildValidatedBatches,
  loadBatchInputs,
  MAX_RECORDS_PER_BLOCK,
  requestIdFor,
} from '../src/modules/sevis/xml/index.js';
import { codeList } from '../src/modules/sevis/xml/schema.js';
import { createTestApp, type TTestApp } from './app.js';
import { ISSUED_ON, ORG, SENDER, batchId, debianXmllint, event, evProfile, profile, site } from './sevis-xml-fixtures.js';
import { buildDependent, buildEmployment, buildPendingEvent, buildSiteOfActivity, buildStudent } from './factories/index.js';

const build = (records: Parameters<typeof buildValidatedBatch>[0]['records'], kind: 'student' | 'ev' = 'student') =>
  buildValidatedBatch({ kind, orgId: ORG[kind], batchId: batchId(7), userId: SENDER, today: ISSUED_ON, records });

const registration = (o: Parameters<typeof profile>[0] = {}) =>
  event(profile(o), 'Registration', 'Register', { sessionStartDate: '2026-08-24', sessionEndDate: '2026-12-18', isLastSession: true });

describe('SEVIS batch building: holding back, requestIDs, limits', () => {
  it('holds back a record with a bad SEVIS ID with the schema message; the rest stay and validate', async () => {
    const good1 = registration();
    const bad = registration({ sevisId: 'N12345' });
    const good2 = event(profile(), 'PersonalInfo', 'Address', {});
    const r = await build([good1, bad, good2]);
    expect(r.held).toHaveLength(1);
    expect(r.held[0]!.eventId).toBe(bad.eventId);
    expect(r.held[0]!.message).toMatch(/^The SEVIS schema refused this Registration\/Register record: /);
    expect(r.held[0]!.message).toContain("attribute 'sevisID'");
    expect(r.held[0]!.message).toContain('N12345');
    expect(r.held[0]!.message).toMatch(/Correct the SEVIS ID on the student record, then batch it again\.$/);
    expect(r.included.map((i) => i.eventId)).toEqual([good1.eventId, good2.eventId]);
    expect(r.xml).not.toContain('N12345');
    expect(debianXmllint('student', r.xml).ok).toBe(true);
  });

  it('holds back schema failures in several records at once (create and update blocks) and keeps the rest', async () => {
    const badDate = event(profile({ sevisId: null, birthDate: '1999-13-01' }), 'Create', 'Create', {
      englishRequired: '1',
      englishRequirementsMet: '1',
    });
    const longCity = event(
      profile({ usAddress: { line1: '1 Main St', city: 'X'.repeat(70), state: 'MA', postalCode: '02139' } }),
      'PersonalInfo',
      'Address',
      {},
    );
    const ok = [
      registration(),
      registration(),
      event(profile({ sevisId: null }), 'Create', 'Create', { englishRequired: '0', englishNotRequiredReason: 'Native speaker' }),
    ];
    const r = await build([ok[0]!, badDate, ok[1]!, longCity, ok[2]!]);
    expect(r.held.map((h) => h.eventId).sort()).toEqual([badDate.eventId, longCity.eventId].sort());
    expect(r.held.find((h) => h.eventId === badDate.eventId)!.message).toContain("Element 'BirthDate': '1999-13-01' is not a valid value");
    expect(r.held.find((h) => h.eventId === longCity.eventId)!.message).toContain("Element 'City'");
    expect(r.held.find((h) => h.eventId === badDate.eventId)!.message).toContain('Correct the date of birth');
    expect(r.included.map((i) => i.eventId)).toEqual(ok.map((o) => o.eventId));
    expect(r.included.map((i) => i.recordKind)).toEqual(['update', 'update', 'create']);
    expect(debianXmllint('student', r.xml).ok).toBe(true);
  });

  it('holds back a record missing required data with words an officer can act on, before the schema', async () => {
    const noBirth = event(profile({ sevisId: null, birthDate: null, foreignAddress: {} }), 'Create', 'Create', {});
    const noSevis = registration({ sevisId: null });
    const r = await build([noBirth, noSevis, registration()]);
    const m1 = r.held.find((h) => h.eventId === noBirth.eventId)!.message;
    expect(m1).toContain('Date of birth is missing on the student record.');
    expect(m1).toContain('Foreign address: street is missing on the student record.');
    expect(m1).toContain(
      "English proficiency required is missing on the student record (Program tab, section 'New I-20: English proficiency and academic term').",
    );
    expect(r.held.find((h) => h.eventId === noSevis.eventId)!.message).toContain('The student has no SEVIS ID yet');
    expect(r.included).toHaveLength(1);
  });

  it('holds back what SEVIS has no code for rather than guessing', async () => {
    const cases = [
      // SEVIS Table 13: 14 DENIED TRANSFER is in the schema's list but its F-1 column is N (SEVIS S1060).
      event(profile(), 'Status', 'Terminate', { sevisReasonCode: '14' }),
      event(profile({ citizenshipCountryCode: 'PS' }), 'PersonalInfo', 'Edit', {}),
      event(profile(), 'AuthDropBelowFC', 'Add', { reason: 'academic', startDate: '2027-01-19', endDate: '2027-05-14' }),
      event(profile({ visaType: 'J-1' }), 'Registration', 'Register', {}),
      event(profile(), 'Validate', 'Validate', {}),
      event(profile({ sevisId: null }), 'Create', 'TransferIn', {}),
    ];
    const r = await build(cases);
    expect(r.xml).toBe('');
    expect(r.included).toEqual([]);
    const msg = (i: number) => r.held.find((h) => h.eventId === cases[i]!.eventId)!.message;
    expect(msg(0)).toContain(
      "Termination reason in the SEVIS update (the approved request or change that raised it) (14) is not one of SEVIS Table 13 (F-1)'s codes",
    );
    expect(msg(1)).toContain('Country of citizenship on the student record (PS) has no SEVIS country code.');
    expect(msg(2)).toContain("'Academic difficulty' must be narrowed");
    expect(msg(3)).toContain('exchange visitor batch');
    expect(msg(4)).toContain("SEVIS's student batch has no Validate event");
    expect(msg(5)).toContain('transfer-in cannot be sent in a batch');
  });

  it('builds several batches (student and exchange visitor) in one call, holding back per batch', async () => {
    const a = [registration(), registration({ sevisId: 'N1' })];
    const p = evProfile();
    const b = [event(p, 'Validate', 'Validate', {}), event(evProfile({ sevisId: 'X0000000000' }), 'Validate', 'Validate', {})];
    const c = [registration({ sevisId: null })];
    const [ra, rb, rc] = await buildValidatedBatches([
      { kind: 'student', orgId: ORG.student, batchId: batchId(11), userId: SENDER, today: ISSUED_ON, records: a },
      { kind: 'ev', orgId: ORG.ev, batchId: batchId(12), userId: SENDER, today: ISSUED_ON, records: b },
      { kind: 'student', orgId: ORG.student, batchId: batchId(13), userId: SENDER, today: ISSUED_ON, records: c },
    ]);
    expect(ra!.included.map((i) => i.eventId)).toEqual([a[0]!.eventId]);
    expect(ra!.held.map((h) => h.eventId)).toEqual([a[1]!.eventId]);
    expect(rb!.included.map((i) => i.eventId)).toEqual([b[0]!.eventId]);
    expect(rb!.held[0]!.message).toContain('X0000000000');
    expect(rc!.xml).toBe('');
    expect(ra!.xml).toContain(batchId(11));
    expect(debianXmllint('student', ra!.xml).ok).toBe(true);
    expect(debianXmllint('ev', rb!.xml).ok).toBe(true);
  });

  it('holds back a record whose text XML cannot carry (a control character in remarks), not the batch', async () => {
    const bad = event(profile(), 'Program', 'Extension', { programEndDate: '2027-12-17', reason: 'Lab\u0001closure' });
    const good = registration();
    const r = await build([bad, good]);
    expect(r.held.map((h) => h.eventId)).toEqual([bad.eventId]);
    expect(r.held[0]!.message).toContain('cannot be written as XML: Explanation contains an invisible control character');
    expect(r.included.map((i) => i.eventId)).toEqual([good.eventId]);
  });

  it('gives unique requestIDs of 1-20 characters without : / \\ even when event ids share their start', () => {
    const taken = new Set<string>();
    const ids = [
      'aaaaaaaa-bbbb-cccc-dddd-eeeeeeeeee01',
      'aaaaaaaa-bbbb-cccc-dddd-eeeeeeeeee02',
      'aaaaaaaa-bbbb-cccc-dddd-eeeeeeeeee03',
    ].map((e) => requestIdFor(e, taken));
    expect(new Set(ids).size).toBe(3);
    for (const id of ids) expect(id).toMatch(/^[^:/\\]{1,20}$/);
  });

  it("refuses more than 250 records in a block (splitting is the caller's job) and takes exactly 250", async () => {
    const many = Array.from({ length: MAX_RECORDS_PER_BLOCK + 1 }, () => registration());
    await expect(build(many)).rejects.toThrow(/at most 250 update records; this one has 251/);
    const r = await build(many.slice(0, 250));
    expect(r.included).toHaveLength(250);
    const ids = r.included.map((i) => i.sevisRequestId);
    expect(new Set(ids).size).toBe(250);
    for (const id of ids) expect(id).toMatch(/^[^:/\\]{1,20}$/);
    expect(debianXmllint('student', r.xml).ok).toBe(true);
  });

  it('refuses a header SEVIS would reject whole (batch id, user id, organisation)', async () => {
    const records = [registration()];
    await expect(
      buildValidatedBatch({ kind: 'student', orgId: ORG.student, batchId: 'SHORT', userId: SENDER, today: ISSUED_ON, records }),
    ).rejects.toThrow(/exactly 14 characters/);
    await expect(
      buildValidatedBatch({ kind: 'student', orgId: ORG.student, batchId: batchId(1), userId: 'abc', today: ISSUED_ON, records }),
    ).rejects.toThrow(/exactly 10 characters/);
    await expect(
      buildValidatedBatch({ kind: 'student', orgId: 'P-1-12345', batchId: batchId(1), userId: SENDER, today: ISSUED_ON, records }),
    ).rejects.toThrow(/not a SEVIS school code/);
    await expect(
      buildValidatedBatch({ kind: 'ev', orgId: ORG.student, batchId: batchId(1), userId: SENDER, today: ISSUED_ON, records }),
    ).rejects.toThrow(/not a SEVIS program number/);
  });

  it('maps every ISO country it knows to a code in SEVISTable.xsd, each SEVIS code once', () => {
    for (const kind of ['student', 'ev'] as const) {
      const birth = codeList(kind, 'BirthCntryCodeType');
      for (const iso of ISO_COUNTRIES_MAPPED) expect(birth.has(sevisCountry(iso)!), `${iso} -> ${sevisCountry(iso)}`).toBe(true);
    }
    expect(new Set(ISO_COUNTRIES_MAPPED.map(sevisCountry)).size).toBe(ISO_COUNTRIES_MAPPED.length);
    expect([
      sevisCountry('CN'),
      sevisCountry('DE'),
      sevisCountry('JP'),
      sevisCountry('NG'),
      sevisCountry('KR'),
      sevisCountry('GB'),
    ]).toEqual(['CH', 'GM', 'JA', 'NI', 'KS', 'UK']);
  });

  it('an exchange visitor create without a site of activity or position code is held back with what to add', async () => {
    const p = evProfile({ sevisId: null });
    const r = await build([event(p, 'Create', 'Create', {})], 'ev');
    expect(r.held[0]!.message).toContain('no active site of activity');
    expect(r.held[0]!.message).toContain(
      "Exchange visitor position code is missing on the student record (DS-2019 tab, section 'New DS-2019: position and U.S. government funds').",
    );
    const ok = await build([event(p, 'Create', 'Create', { positionCode: '213' }, { sites: [site(p)] })], 'ev');
    expect(ok.held).toEqual([]);
  });
});

describe('loadBatchInputs: events with their record, read under row-level security', () => {
  let t: TTestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('loads each event with the profile, dependents, sites and employments, in the order asked, and builds them', async () => {
    const f1 = await buildStudent(t, {
      gender: 'F',
      birthCity: 'Pune',
      phone: '6175550100',
      usAddress: { line1: '12 Oak St', city: 'Boston', state: 'MA', postalCode: '02115', countryCode: 'US' },
    });
    const j1 = await buildStudent(t, {
      visaType: 'J-1',
      gender: 'M',
      birthCity: 'Munich',
      permanentResidenceCountryCode: 'DE',
      evCategoryCode: '1A',
      subjectFieldCode: '26.0102',
      usAddress: { line1: '5 Elm St', city: 'Boston', state: 'MA', postalCode: '02116', countryCode: 'US' },
    });
    const dep = await buildDependent(t, f1, {
      sevisId: 'N0077777777',
      firstName: 'Ravi',
      lastName: 'Kumar',
      relationshipCode: '01',
      gender: 'M',
      birthDate: '1996-01-02',
      birthCountryCode: 'IN',
      citizenshipCountryCode: 'IN',
    });
    await buildSiteOfActivity(t, j1, {
      name: 'Main lab',
      address: { line1: '1 Lab Way', city: 'Boston', state: 'MA', postalCode: '02115' },
      isPrimary: true,
    });
    const emp = await buildEmployment(t, f1, {
      kind: 'cpt',
      startDate: '2026-06-01',
      endDate: '2026-08-20',
      employerName: 'Akamai',
      fullOrPartTime: '01',
      employerAddress: { line1: '145 Broadway', city: 'Cambridge', state: 'MA', postalCode: '02142' },
    });
    const records = { [f1.id]: f1, [j1.id]: j1 };
    const ev = async (
      profileId: string,
      eventType: string,
      action: string,
      payload: Record<string, unknown>,
      dependentId: string | null = null,
    ) => (await buildPendingEvent(t, records[profileId]!, { dependentId, eventType, action, payload })).id;
    const e1 = await ev(f1.id, 'CPTEmployment', 'Cancel', { employmentId: emp.id });
    const e2 = await ev(f1.id, 'Dependent', 'Edit', {}, dep.id);
    const e3 = await ev(j1.id, 'Validate', 'Validate', {});
    const e4 = await ev(f1.id, 'PersonalInfo', 'Address', {});

    const inputs = await t.database.tenant(t.institutionA, (tx) => loadBatchInputs(tx, [e4, e1, e2, e3]));
    expect(inputs.map((i) => i.eventId)).toEqual([e4, e1, e2, e3]);
    expect(inputs[1]!.employments.map((e) => e.id)).toEqual([emp.id]);
    expect(inputs[2]!.dependents.map((d) => d.id)).toEqual([dep.id]);
    expect(inputs[3]!.sites).toHaveLength(1);
    expect(inputs[3]!.profile.visaType).toBe('J-1');
    // Another institution sees none of them.
    expect(await t.database.tenant(t.institutionB, (tx) => loadBatchInputs(tx, [e1, e2]))).toEqual([]);

    const student = await buildValidatedBatch({
      kind: 'student',
      orgId: ORG.student,
      batchId: batchId(3),
      userId: SENDER,
      today: ISSUED_ON,
      records: inputs.filter((i) => i.profile.visaType !== 'J-1'),
    });
    expect(student.held).toEqual([]);
    expect(student.included.map((i) => i.eventId)).toEqual([e4, e1, e2]);
    expect(debianXmllint('student', student.xml).ok).toBe(true);
    const exchange = await buildValidatedBatch({
      kind: 'ev',
      orgId: ORG.ev,
      batchId: batchId(4),
      userId: SENDER,
      today: ISSUED_ON,
      records: inputs.filter((i) => i.profile.visaType === 'J-1'),
    });
    expect(exchange.held).toEqual([]);
    expect(debianXmllint('ev', exchange.xml).ok).toBe(true);
  });
});
