import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { MSG, studentsApi, TIPP_MSG, type TSession } from '@meridian/domain';
import { createTestApp, type TTestApp } from './app.js';
import { call } from './http.js';
import { buildStudent, buildTipp, buildTippPhase, buildTippSite, daysFromToday } from './factories/index.js';
import { debianXmllint } from './sevis-xml-fixtures.js';
import { sevisOnceDriver, type TSevisOnceDriver } from './sevis-once-driver.js';

/**
 * A trainee's or intern's Training/Internship Placement Plan (T/IPP, DS-7002) on the record's DS-7002
 * tab: each SEVIS rule refused on its field (both sides of each limit), a Create held without a T/IPP
 * and carrying it once complete, and the T/IPP updates that follow reaching SEVIS once
 * (docs/product/students-records.md, docs/sevis-rules.md, docs/decisions/019-sevis-events-reach-sevis-once.md).
 */
let t: TTestApp;
let admin: TSession;
let d: TSevisOnceDriver;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin');
  d = await sevisOnceDriver(t, admin);
});
afterAll(async () => {
  await t?.close();
});
afterEach(() => {
  vi.useRealTimers();
});

type TTipp = studentsApi.TTipp;
const participant = {
  email: 'lukas.trainee@example.edu',
  fieldOfStudy: 'Mechanical engineering',
  yearsOfExperience: 3,
  typeOfDegree: 'Master of Science',
  degreeDate: '2025-06-30',
};
const siteBody = (o: Record<string, unknown> = {}) => ({
  name: 'Fraunhofer USA',
  address: { line1: '5 Channel Center Street', city: 'Boston', state: 'MA', postalCode: '02210' },
  employerEin: '38-2345678',
  fullTimeEmployees: 240,
  annualRevenue: '03',
  websiteUrl: 'https://www.fraunhofer.org',
  workersComp: 'Y',
  workersCompCarrier: 'Liberty Mutual',
  workersCompForEv: 'Y',
  evHoursPerWeek: 40,
  stipend: 'Y',
  stipendAmount: '3200.00',
  stipendFrequency: '04',
  supervisorLastName: 'Whitfield',
  supervisorFirstName: 'Karen',
  supervisorTitle: 'Director of Research',
  supervisorPhone: '6175550190',
  supervisorEmail: 'k.whitfield@example.org',
  ...o,
});
const phaseBody = (o: Record<string, unknown> = {}) => ({
  name: 'Orientation and laser optics',
  startDate: '2026-08-24',
  endDate: '2027-05-21',
  trainingField: 'Applied laser technology',
  supervisorLastName: 'Okafor',
  supervisorFirstName: 'Daniel',
  supervisorTitle: 'Senior Engineer',
  supervisorEmail: 'd.okafor@example.org',
  supervisorPhone: '6175550191',
  evRole: 'Assist in the design of laser cladding experiments.',
  goalsAndObjectives: 'Learn the operation of industrial lasers.',
  supervisorQualifications: 'Ten years leading the laser group.',
  culturalActivities: 'Museum visits and team dinners.',
  skillsLearned: 'Laser cladding and process monitoring.',
  teachingMethod: 'Hands-on training beside the supervisor.',
  competencyMeasurement: 'Monthly evaluation against the goals.',
  ...o,
});

const api = {
  get: (p: string) => call(t, 'GET', `/api/students/${p}/tipp`, { as: admin }),
  participant: (p: string, body: Record<string, unknown>) => call(t, 'PUT', `/api/students/${p}/tipp`, { as: admin, body }),
  addSite: (p: string, body: Record<string, unknown>) => call(t, 'POST', `/api/students/${p}/tipp/sites`, { as: admin, body }),
  updateSite: (p: string, s: string, body: Record<string, unknown>) =>
    call(t, 'PUT', `/api/students/${p}/tipp/sites/${s}`, { as: admin, body }),
  removeSite: (p: string, s: string) => call(t, 'DELETE', `/api/students/${p}/tipp/sites/${s}`, { as: admin }),
  addPhase: (p: string, s: string, body: Record<string, unknown>) =>
    call(t, 'POST', `/api/students/${p}/tipp/sites/${s}/phases`, { as: admin, body }),
  updatePhase: (p: string, ph: string, body: Record<string, unknown>) =>
    call(t, 'PUT', `/api/students/${p}/tipp/phases/${ph}`, { as: admin, body }),
  removePhase: (p: string, ph: string) => call(t, 'DELETE', `/api/students/${p}/tipp/phases/${ph}`, { as: admin }),
  signatures: (p: string, s: string, body: Record<string, unknown>) =>
    call(t, 'PUT', `/api/students/${p}/tipp/sites/${s}/signatures`, { as: admin, body }),
  print: (p: string, body: Record<string, unknown> = {}) => call(t, 'POST', `/api/students/${p}/tipp/print`, { as: admin, body }),
};
const ok = <T = TTipp>(res: { statusCode: number; body: string }): T => {
  expect(res.statusCode, res.body).toBe(200);
  return JSON.parse(res.body) as T;
};
const fieldErrors = (res: { statusCode: number; body: string }) => {
  expect(res.statusCode, res.body).toBe(400);
  return (JSON.parse(res.body) as { fieldErrors: Record<string, string[]> }).fieldErrors;
};
/** Batches this record's waiting updates only (other tests' records stay out of the counts). */
async function batchOf(profileId: string) {
  const ids = (await d.events(profileId)).filter((e) => e.status === 'pending' || e.status === 'held').map((e) => e.id);
  const res = await call(t, 'POST', '/api/sevis/batches', { as: admin, body: { settingsId: d.settingsId, eventIds: ids } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<Awaited<ReturnType<TSevisOnceDriver['createBatches']>>>();
}
const kinds = (rows: { event_type: string; action: string; status: string }[]) =>
  rows.map((e) => `${e.event_type}/${e.action}:${e.status}`);

/** A trainee (SEVIS Table 15: 2A) through the API, without a SEVIS ID: its Create is pending. */
const newTrainee = (over: Record<string, unknown> = {}) => d.createRecord({ evCategoryCode: '2A', ...over });

/** A complete plan: participant, one primary site whose phase covers the program. */
async function completePlan(p: string): Promise<{ siteId: string; phaseId: string }> {
  ok(await api.participant(p, participant));
  const site = ok(await api.addSite(p, siteBody())).sites[0]!;
  const tipp = ok(await api.addPhase(p, site.id, phaseBody()));
  return { siteId: site.id, phaseId: tipp.sites[0]!.phases[0]!.id };
}

/** A trainee SEVIS has (SEVIS ID), whose plan's site and phases SEVIS named, program 2024-01-01 to 2024-12-31. */
async function traineeInSevis(phases: { startDate: string; endDate: string }[]) {
  const s = await buildStudent(t, {
    site: 'MED',
    visaType: 'J-1',
    evCategoryCode: '2A',
    programStartDate: '2024-01-01',
    programEndDate: '2024-12-31',
  });
  await buildTipp(t, s);
  const site = await buildTippSite(t, s, { sevisSiteId: '4400001', sentAt: new Date() });
  const rows = [];
  for (const [i, ph] of phases.entries())
    rows.push(await buildTippPhase(t, site, { ...ph, name: `Phase ${'ABCDEFG'[i]!}`, sevisPhaseId: String(9900 + i), sentAt: new Date() }));
  return { profileId: s.id, siteId: site.id, phases: rows };
}

describe('getStudentTipp / saveTippParticipant: who has a DS-7002 (SEVIS S2218, S2258, S2261)', () => {
  it('a student (1A) has none: the tab says so and the participant is refused; a trainee (2A) takes it', async () => {
    const student = await d.createRecord();
    const none = ok(await api.get(student));
    expect(none).toMatchObject({ applies: false, exists: false, printIssue: TIPP_MSG.printNotApplicable });
    const refused = await api.participant(student, participant);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe(TIPP_MSG.notApplicable);
    const trainee = await newTrainee();
    const tipp = ok(await api.participant(trainee, participant));
    expect(tipp).toMatchObject({ applies: true, exists: true, fieldOfStudy: 'Mechanical engineering' });
    // No site yet: SEVIS would refuse the Create (S2260), and the tab says it.
    expect(tipp.issues).toEqual([`${TIPP_MSG.required} (SEVIS S2260)`]);
  });

  it('the participant’s answers are required on their fields unless exempt', async () => {
    const p = await newTrainee();
    expect(fieldErrors(await api.participant(p, {}))).toEqual({
      email: [MSG.required],
      fieldOfStudy: [MSG.required],
      typeOfDegree: [MSG.required],
      degreeDate: [MSG.required],
    });
    expect(fieldErrors(await api.participant(p, { ...participant, yearsOfExperience: 100 }))).toEqual({
      yearsOfExperience: [studentsApi.MSG_TIPP_YEARS],
    });
    ok(await api.participant(p, { ...participant, yearsOfExperience: 99 }));
  });

  it('SEVIS S2258: IWT is for an intern who is an Irish citizen; SEVIS S2261: such an intern must answer', async () => {
    const traineeIrish = await newTrainee({ citizenshipCountryCode: 'IE' });
    expect(fieldErrors(await api.participant(traineeIrish, { exemptProgram: 'IWT' }))).toEqual({
      exemptProgram: [TIPP_MSG.iwtNotIrishIntern],
    });
    const germanIntern = await newTrainee({ evCategoryCode: '15' });
    expect(fieldErrors(await api.participant(germanIntern, { ...participant, isIwt: true }))).toEqual({
      isIwt: [TIPP_MSG.iwtNotIrishIntern],
    });
    ok(await api.participant(germanIntern, participant));
    const irishIntern = await newTrainee({ evCategoryCode: '15', citizenshipCountryCode: 'IE' });
    expect(fieldErrors(await api.participant(irishIntern, participant))).toEqual({ isIwt: [TIPP_MSG.isIwtRequired] });
    expect(ok(await api.participant(irishIntern, { ...participant, isIwt: false }))).toMatchObject({ isIwt: false, asksIwt: true });
    expect(ok(await api.participant(irishIntern, { exemptProgram: 'IWT' }))).toMatchObject({ exemptProgram: 'IWT', issues: [] });
  });

  it('SEVIS S2252, S2253: an exempt exchange visitor takes no T/IPP site, and the exemption waits for no site', async () => {
    const p = await newTrainee();
    const { siteId } = await completePlan(p);
    expect(fieldErrors(await api.participant(p, { exemptProgram: 'KW' }))).toEqual({ exemptProgram: [TIPP_MSG.exemptionWithSites] });
    const q = await newTrainee();
    ok(await api.participant(q, { exemptProgram: 'KW' }));
    const refused = await api.addSite(q, siteBody());
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(TIPP_MSG.exemptHasNoSites);
    expect(siteId).toBeTruthy();
  });
});

describe('addTippSite / updateTippSite / removeTippSite: the schema’s limits on the field, one primary site (SEVIS S2262)', () => {
  it('refuses an EIN, ZIP or phone SEVIS would not take, on the field; takes 9 digits (with the hyphen dropped) and 5', async () => {
    const p = await newTrainee();
    ok(await api.participant(p, participant));
    expect(
      fieldErrors(
        await api.addSite(
          p,
          siteBody({
            employerEin: '12345678',
            address: { line1: '5 Channel Center Street', postalCode: '0221' },
            supervisorPhone: '617555019',
          }),
        ),
      ),
    ).toEqual({
      employerEin: [studentsApi.MSG_TIPP_EIN],
      'address.postalCode': [studentsApi.MSG_TIPP_ZIP],
      supervisorPhone: ['Enter 10 digits'],
    });
    expect(fieldErrors(await api.addSite(p, siteBody({ evHoursPerWeek: 100, supervisorLastName: 'Whitfield 2nd' })))).toEqual({
      evHoursPerWeek: [studentsApi.MSG_TIPP_HOURS],
      supervisorLastName: [studentsApi.MSG_TIPP_NAME],
    });
    // A paid stipend has its amount and frequency (DS-7002); an unpaid one needs neither.
    expect(fieldErrors(await api.addSite(p, siteBody({ stipendAmount: '', stipendFrequency: '' })))).toEqual({
      stipendAmount: [TIPP_MSG.stipendAmount],
      stipendFrequency: [TIPP_MSG.stipendAmount],
    });
    const tipp = ok(await api.addSite(p, siteBody({ stipend: 'N', stipendAmount: '', stipendFrequency: '', evHoursPerWeek: 99 })));
    expect(tipp.sites[0]).toMatchObject({ employerEin: '382345678', isPrimary: true, evHoursPerWeek: 99 });
  });

  it('the first site is primary; making another primary moves the flag; the primary is neither unset nor removed while others exist', async () => {
    const p = await newTrainee();
    const { siteId: first } = await completePlan(p);
    const second = ok(await api.addSite(p, siteBody({ name: 'MIT' }))).sites.find((s) => s.name === 'MIT')!;
    expect(second.isPrimary).toBe(false);
    expect(fieldErrors(await api.updateSite(p, first, siteBody({ isPrimary: false })))).toEqual({ isPrimary: [TIPP_MSG.primaryUnset] });
    const removed = await api.removeSite(p, first);
    expect(removed.statusCode).toBe(409);
    expect(removed.json().message).toBe(TIPP_MSG.primaryRemove);
    const moved = ok(await api.updateSite(p, second.id, siteBody({ name: 'MIT', isPrimary: true })));
    expect(moved.sites.map((s) => [s.name, s.isPrimary])).toEqual([
      ['Fraunhofer USA', false],
      ['MIT', true],
    ]);
    expect(ok(await api.removeSite(p, first)).sites.map((s) => s.name)).toEqual(['MIT']);
  });
});

describe('addTippPhase / updateTippPhase: within the program (SEVIS S2254)', () => {
  it('a phase from the program start to its end is taken; a day before the start or after the end is refused', async () => {
    const p = await newTrainee();
    ok(await api.participant(p, participant));
    const site = ok(await api.addSite(p, siteBody())).sites[0]!;
    const outside = TIPP_MSG.phaseOutsideProgram('2026-08-24', '2027-05-21');
    expect(fieldErrors(await api.addPhase(p, site.id, phaseBody({ startDate: '2026-08-23' })))).toEqual({ startDate: [outside] });
    expect(fieldErrors(await api.addPhase(p, site.id, phaseBody({ endDate: '2027-05-22' })))).toEqual({ endDate: [outside] });
    expect(fieldErrors(await api.addPhase(p, site.id, phaseBody({ startDate: '2026-10-01', endDate: '2026-09-30' })))).toEqual({
      endDate: [TIPP_MSG.phaseEndBeforeStart],
    });
    // Two phases meeting day to day cover the program: nothing SEVIS would refuse.
    const first = ok(await api.addPhase(p, site.id, phaseBody({ endDate: '2027-01-31' })));
    expect(first.issues).toEqual([`${TIPP_MSG.gap('2027-02-01', '2027-05-21')} (SEVIS S2254)`]);
    const both = ok(await api.addPhase(p, site.id, phaseBody({ name: 'Research', startDate: '2027-02-01' })));
    expect(both.issues).toEqual([]);
    const phase = both.sites[0]!.phases[1]!;
    expect(fieldErrors(await api.updatePhase(p, phase.id, phaseBody({ startDate: '2027-02-01', endDate: '2027-05-22' })))).toEqual({
      endDate: [outside],
    });
  });
});

describe('a trainee’s Create: held without a T/IPP (SEVIS S2260, S2262), then carrying AddTIPP once', () => {
  it('is held with the reason, goes once the DS-7002 is complete, with AddTIPP and no site of activity, valid against the XSD', async () => {
    const p = await newTrainee();
    const held = await batchOf(p);
    expect(held.heldEvents).toBeGreaterThanOrEqual(1);
    const [create] = await d.events(p);
    expect(create).toMatchObject({ event_type: 'Create', status: 'held' });
    expect(create!.message).toContain(`${TIPP_MSG.required} (SEVIS S2260)`);

    // A participant and a site that is not primary: still held, now for the primary site (S2262).
    ok(await api.participant(p, participant));
    const site = ok(await api.addSite(p, siteBody())).sites[0]!;
    await t.sql('update student_tipp_sites set is_primary = false where id = $1', [site.id]);
    ok(await api.addPhase(p, site.id, phaseBody()));
    await batchOf(p);
    const again = (await d.events(p)).filter((e) => e.event_type === 'Create' && e.status === 'held');
    expect(again.at(-1)!.message).toContain(`${TIPP_MSG.noPrimary} (SEVIS S2262)`);

    // Completing the plan raises the Create again (the held one superseded); no TIPP update for a record SEVIS does not have.
    ok(await api.updateSite(p, site.id, siteBody({ isPrimary: true })));
    const events = await d.events(p);
    expect(events.filter((e) => e.event_type === 'TIPP')).toEqual([]);
    expect(kinds(events).filter((k) => k.endsWith(':pending'))).toEqual(['Create/Create:pending']);

    const b = await batchOf(p);
    expect(b.batchedEvents).toBe(1);
    const [batch] = await t.sql<{ xml: string }>('select xml from sevis_batches where id = $1', [b.batches[0]!.id]);
    expect(batch!.xml).toContain('<AddTIPP print7002="true">');
    expect(batch!.xml).toContain('<SiteName>Fraunhofer USA</SiteName>');
    expect(batch!.xml).not.toContain('<AddSiteOfActivity>');
    expect(debianXmllint('ev', batch!.xml).ok).toBe(true);

    // SEVIS's log names the site and its phase: kept on them.
    await d.markSent(b.batches[0]!.id);
    await d.answer(b.batches[0]!.id);
    const tipp = ok(await api.get(p));
    expect(tipp.inSevis).toBe(true);
    expect(tipp.sites[0]!.sevisSiteId).toMatch(/^\d+$/);
    expect(tipp.sites[0]!.phases[0]!.sevisPhaseId).toMatch(/^\d+$/);
    expect((await batchOf(p)).batchedEvents).toBe(0);
  });

  it('SEVIS S2251: a trainee is refused a site of activity; a research scholar and a Korea WEST trainee take one', async () => {
    const p = await newTrainee();
    const refused = await call(t, 'POST', `/api/students/${p}/sites-of-activity`, {
      as: admin,
      body: { name: 'Lab', address: { line1: '1 Main Street', postalCode: '02139' }, isPrimary: true },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe(TIPP_MSG.siteOfActivityRefused);
    ok(await api.participant(p, { exemptProgram: 'KW' }));
    expect((await d.addSite(p, 'Korea WEST host')).length).toBeGreaterThan(0);
    const scholar = await d.createRecord({ evCategoryCode: '08' });
    expect((await d.addSite(scholar, 'Research lab')).length).toBeGreaterThan(0);
  });
});

describe('T/IPP updates after SEVIS has the record: each reaches one batch (decision 019)', () => {
  it('edits, a new site with its phase, signatures and the participant go once each; a site’s update waits for its SiteId', async () => {
    const p = await newTrainee();
    const { siteId, phaseId } = await completePlan(p);
    const first = await batchOf(p);
    await d.markSent(first.batches[0]!.id);
    await d.answer(first.batches[0]!.id);

    // The exemption went with the Create: SEVIS has no batch update for it.
    expect(fieldErrors(await api.participant(p, { exemptProgram: 'KW' }))).toEqual({ exemptProgram: [TIPP_MSG.exemptionFixed] });

    // The same phase changed twice: one EditPhase with the latest values.
    ok(await api.updatePhase(p, phaseId, phaseBody({ trainingField: 'Laser optics' })));
    ok(await api.updatePhase(p, phaseId, phaseBody({ trainingField: 'Laser cladding', endDate: '2027-01-31' })));
    // A new site and its phase: one AddSite carrying both (SEVIS takes a site with its phases).
    const second = ok(await api.addSite(p, siteBody({ name: 'MIT' }))).sites.find((s) => s.name === 'MIT')!;
    ok(await api.addPhase(p, second.id, phaseBody({ name: 'Research', startDate: '2027-02-01' })));
    ok(
      await api.signatures(p, siteId, {
        officialUserName: 'aro1234567',
        officialSignatureDate: daysFromToday(-2),
        evSignatureDate: daysFromToday(-1),
      }),
    );
    ok(await api.participant(p, { ...participant, fieldOfStudy: 'Physics' }));
    const waiting = (await d.events(p)).filter((e) => e.status === 'pending');
    expect(kinds(waiting).sort()).toEqual([
      'TIPP/AddSite:pending',
      'TIPP/EditPhase:pending',
      'TIPP/UpdateParticipantInfo:pending',
      'TIPP/UpdateSignatureDates:pending',
    ]);

    // One record per student per batch: four batches, each update in exactly one, each valid against the XSD.
    const run = await batchOf(p);
    expect(run.batchedEvents).toBe(4);
    expect(run.batches).toHaveLength(4);
    for (const b of run.batches) {
      const [row] = await t.sql<{ xml: string }>('select xml from sevis_batches where id = $1', [b.id]);
      expect(debianXmllint('ev', row!.xml).ok, row!.xml).toBe(true);
    }
    const carried = await t.sql<{ event_id: string; n: number }>(
      `select r.event_id, count(*)::int as n from sevis_batch_records r join sevis_pending_events e on e.id = r.event_id
        where e.profile_id = $1 and e.event_type = 'TIPP' group by r.event_id`,
      [p],
    );
    expect(carried.map((c) => c.n)).toEqual([1, 1, 1, 1]);
    const xmlOf = async (action: string) =>
      (
        await t.sql<{ xml: string }>(
          `select b.xml from sevis_batches b join sevis_pending_events e on e.batch_id = b.id where e.profile_id = $1 and e.action = $2`,
          [p, action],
        )
      )[0]!.xml;
    expect(await xmlOf('EditPhase')).toContain('<TrainingField>Laser cladding</TrainingField>');
    expect(await xmlOf('AddSite')).toContain('<PhaseName>Research</PhaseName>');
    expect(await xmlOf('UpdateSignatureDates')).toContain('<UserName>aro1234567</UserName>');

    // The new site changed while its AddSite is at SEVIS: an EditSite that waits for SEVIS's SiteId.
    for (const b of run.batches) await d.markSent(b.id);
    ok(await api.updateSite(p, second.id, siteBody({ name: 'MIT', supervisorTitle: 'Principal Investigator' })));
    expect((await batchOf(p)).batchedEvents).toBe(0);
    expect(kinds(await d.events(p))).toContain('TIPP/EditSite:pending');
    for (const b of run.batches) await d.answer(b.id);
    const named = ok(await api.get(p)).sites.find((s) => s.name === 'MIT')!;
    expect(named.sevisSiteId).toMatch(/^\d+$/);
    expect(named.phases[0]!.sevisPhaseId).toMatch(/^\d+$/);
    const next = await batchOf(p);
    expect(next.batchedEvents).toBe(1);
    const [edit] = await t.sql<{ xml: string }>('select xml from sevis_batches where id = $1', [next.batches[0]!.id]);
    expect(edit!.xml).toContain(`<SiteId>${named.sevisSiteId}</SiteId>`);
    expect(edit!.xml).toContain('<SupervisorTitle>Principal Investigator</SupervisorTitle>');
  });

  it('a failed update is superseded by the next change of the same phase, never sent twice; a removed phase’s waiting update never leaves', async () => {
    const p = await newTrainee();
    const { siteId, phaseId } = await completePlan(p);
    const first = await batchOf(p);
    await d.markSent(first.batches[0]!.id);
    await d.answer(first.batches[0]!.id);
    ok(await api.updatePhase(p, phaseId, phaseBody({ trainingField: 'First try' })));
    const b = await batchOf(p);
    await d.markSent(b.batches[0]!.id);
    const [req] = await t.sql<{ sevis_request_id: string }>('select sevis_request_id from sevis_batch_records where batch_row_id = $1', [
      b.batches[0]!.id,
    ]);
    await d.answer(b.batches[0]!.id, { fail: new Set([req!.sevis_request_id]) });
    ok(await api.updatePhase(p, phaseId, phaseBody({ trainingField: 'Second try' })));
    expect(kinds((await d.events(p)).filter((e) => e.event_type === 'TIPP'))).toEqual([
      'TIPP/EditPhase:superseded',
      'TIPP/EditPhase:pending',
    ]);

    // A phase added (AddPhase waiting) then removed before the batch: the AddPhase never leaves, nothing is deleted in SEVIS.
    const added = ok(await api.addPhase(p, siteId, phaseBody({ name: 'Extra', startDate: '2027-03-01', endDate: '2027-03-31' })));
    const extra = added.sites[0]!.phases.find((x) => x.name === 'Extra')!;
    expect(extra.canRemove).toBe(true);
    ok(await api.removePhase(p, extra.id));
    const tipp = kinds((await d.events(p)).filter((e) => e.event_type === 'TIPP'));
    expect(tipp).toEqual(['TIPP/EditPhase:superseded', 'TIPP/EditPhase:pending', 'TIPP/AddPhase:superseded']);
  });
});

describe('removeTippPhase: SEVIS S2281 (before its start, on the office day) and S2275 (never the only phase)', () => {
  const pinClock = (iso: string) => vi.useFakeTimers({ toFake: ['Date'], now: new Date(iso) });
  const setTimeZone = async (timeZone: string) => {
    const s = (await call(t, 'GET', '/api/institution/settings', { as: admin })).json<Record<string, unknown>>();
    expect((await call(t, 'PUT', '/api/institution/settings', { as: admin, body: { ...s, timeZone } })).statusCode).toBe(200);
  };

  it('Los Angeles, 23:30 on Feb 29, 2024 (Mar 1 in UTC): a phase starting Mar 1 is removed, one starting Feb 29 is kept', async () => {
    await setTimeZone('America/Los_Angeles');
    const r = await traineeInSevis([
      { startDate: '2024-01-01', endDate: '2024-12-31' },
      { startDate: '2024-02-29', endDate: '2024-06-30' },
      { startDate: '2024-03-01', endDate: '2024-06-30' },
    ]);
    pinClock('2024-03-01T07:30:00Z');
    const started = await api.removePhase(r.profileId, r.phases[1]!.id);
    expect(started.statusCode).toBe(409);
    expect(started.json().message).toBe(TIPP_MSG.phaseStarted('2024-02-29'));
    const tipp = ok(await api.removePhase(r.profileId, r.phases[2]!.id));
    expect(tipp.sites[0]!.phases.map((x) => [x.name, x.canRemove])).toEqual([
      ['Phase A', false],
      ['Phase B', false],
    ]);
    const [del] = await t.sql<{ action: string; payload: { sevisPhaseId: string } }>(
      `select action, payload from sevis_pending_events where profile_id = $1 and event_type = 'TIPP'`,
      [r.profileId],
    );
    expect(del).toMatchObject({ action: 'DeletePhase', payload: { sevisPhaseId: '9902' } });
  });

  it('New York, 00:30 on Mar 1: the Mar 1 phase has started', async () => {
    await setTimeZone('America/New_York');
    const r = await traineeInSevis([
      { startDate: '2024-01-01', endDate: '2024-12-31' },
      { startDate: '2024-03-01', endDate: '2024-06-30' },
    ]);
    pinClock('2024-03-01T05:30:00Z');
    expect((await api.removePhase(r.profileId, r.phases[1]!.id)).statusCode).toBe(409);
  });

  it('the only phase of a site SEVIS has is kept, even before it starts', async () => {
    await setTimeZone('America/Chicago');
    const r = await traineeInSevis([{ startDate: '2024-01-01', endDate: '2024-12-31' }]);
    pinClock('2023-12-01T12:00:00Z');
    const only = await api.removePhase(r.profileId, r.phases[0]!.id);
    expect(only.statusCode).toBe(409);
    expect(only.json().message).toBe(TIPP_MSG.onlyPhase);
  });
});

describe('updateTippSignatures: dated on or before the office’s today (SEVIS S2271, S2259)', () => {
  it('Los Angeles, 23:30 on Feb 29, 2024: Feb 29 is taken, Mar 1 is in the future', async () => {
    const s = (await call(t, 'GET', '/api/institution/settings', { as: admin })).json<Record<string, unknown>>();
    await call(t, 'PUT', '/api/institution/settings', { as: admin, body: { ...s, timeZone: 'America/Los_Angeles' } });
    const r = await traineeInSevis([{ startDate: '2024-01-01', endDate: '2024-12-31' }]);
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2024-03-01T07:30:00Z') });
    expect(fieldErrors(await api.signatures(r.profileId, r.siteId, { evSignatureDate: '2024-03-01' }))).toEqual({
      evSignatureDate: [TIPP_MSG.signatureFuture],
    });
    expect(
      fieldErrors(
        await api.signatures(r.profileId, r.siteId, { phases: [{ phaseId: r.phases[0]!.id, supervisorSignatureDate: '2024-03-01' }] }),
      ),
    ).toEqual({ 'phases.0.supervisorSignatureDate': [TIPP_MSG.signatureFuture] });
    const tipp = ok(
      await api.signatures(r.profileId, r.siteId, {
        officialUserName: 'aro1234567',
        officialSignatureDate: '2024-02-29',
        evSignatureDate: '2024-02-29',
        phases: [{ phaseId: r.phases[0]!.id, supervisorSignatureDate: '2024-02-29' }],
      }),
    );
    expect(tipp.sites[0]).toMatchObject({ officialSignatureDate: '2024-02-29', evSignatureDate: '2024-02-29' });
    expect(tipp.sites[0]!.phases[0]!.supervisorSignatureDate).toBe('2024-02-29');
    const [e] = await t.sql<{ action: string }>(`select action from sevis_pending_events where profile_id = $1 and event_type = 'TIPP'`, [
      r.profileId,
    ]);
    expect(e!.action).toBe('UpdateSignatureDates');
  });

  it('refuses 01/01/1900 and takes 01/02/1900 (S2271); the official’s SEVIS user name is 7 to 10 letters or digits, with its date (S2259)', async () => {
    const r = await traineeInSevis([{ startDate: '2024-01-01', endDate: '2024-12-31' }]);
    expect(fieldErrors(await api.signatures(r.profileId, r.siteId, { evSignatureDate: '1900-01-01' }))).toEqual({
      evSignatureDate: [TIPP_MSG.signatureTooOld],
    });
    ok(await api.signatures(r.profileId, r.siteId, { evSignatureDate: '1900-01-02' }));
    expect(fieldErrors(await api.signatures(r.profileId, r.siteId, { officialUserName: 'aro1234', officialSignatureDate: null }))).toEqual({
      officialSignatureDate: [TIPP_MSG.officialPair],
    });
    expect(
      fieldErrors(await api.signatures(r.profileId, r.siteId, { officialUserName: 'aro123', officialSignatureDate: daysFromToday(-1) })),
    ).toEqual({ officialUserName: [TIPP_MSG.officialUserName] });
    ok(await api.signatures(r.profileId, r.siteId, { officialUserName: 'aro1234', officialSignatureDate: daysFromToday(-1) }));
  });
});

describe('printDs7002: SEVIS Reprint7002 where SEVIS allows it (S2279, S2280)', () => {
  it('refused for a research scholar, a trainee without a T/IPP or not yet in SEVIS; queued once per site for a trainee SEVIS has', async () => {
    const scholar = await buildStudent(t, { site: 'MED', visaType: 'J-1', evCategoryCode: '08' });
    const s1 = await api.print(scholar.id);
    expect([s1.statusCode, s1.json().message]).toEqual([409, TIPP_MSG.printNotApplicable]);
    const bare = await buildStudent(t, { site: 'MED', visaType: 'J-1', evCategoryCode: '2A' });
    expect((await api.print(bare.id)).json().message).toBe(TIPP_MSG.printNoTipp);
    const fresh = await newTrainee();
    await completePlan(fresh);
    expect((await api.print(fresh)).json().message).toBe(TIPP_MSG.printNoSevisId);

    const r = await traineeInSevis([{ startDate: '2024-01-01', endDate: '2024-12-31' }]);
    expect(ok(await api.get(r.profileId)).printIssue).toBeNull();
    ok(await api.print(r.profileId));
    ok(await api.print(r.profileId));
    ok(await api.print(r.profileId, { siteId: r.siteId }));
    const rows = await t.sql<{ event_type: string; payload: { tippSiteId: string | null } }>(
      `select event_type, payload from sevis_pending_events where profile_id = $1 order by created_at`,
      [r.profileId],
    );
    expect(rows.map((x) => [x.event_type, x.payload.tippSiteId])).toEqual([
      ['Reprint7002', null],
      ['Reprint7002', r.siteId],
    ]);
  });
});
