import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { renderMergeHtml, renderMergeText, type TSession } from '@meridian/domain';
import { institutionContext, type TContext } from '../src/platform/http/context.js';
import { resolveMergeValues } from '../src/modules/messages/index.js';
import { resolveMergeValuesMany } from '../src/modules/messages/merge/merge-sources.js';
import { loadSettings } from '../src/modules/institutions/index.js';
import { createTestApp, type TTestApp } from './app.js';
import { buildEmployment, buildScholarCase, buildStudent } from './factories/index.js';

/**
 * The values merge tags are filled from (docs/product/messages.md#merge-tags): read from the record
 * with the actor's scope, dates in the institution's format and time zone.
 */
let t: TTestApp;
const TZ = 'America/Los_Angeles';

async function contextOf(session: TSession, institutionId = t.institutionA): Promise<TContext> {
  const claims = await t.services.tokens.verifyAccess(session.accessToken);
  const actor = await t.services.findSession(claims!, institutionId);
  return institutionContext(t.services, { id: institutionId, timeZone: TZ }, { actor, ip: '127.0.0.1', userAgent: 'test' });
}
const resolve = (ctx: TContext, kind: Parameters<typeof resolveMergeValues>[2]['kind'], id: string, extra?: Record<string, string>) =>
  ctx.db((tx) => resolveMergeValues(tx, ctx, { kind, id }, extra));

let admin: TContext;
let officer: TContext;
let assistant: TContext;
let otherAdmin: TContext;

beforeAll(async () => {
  t = await createTestApp();
  await t.sql(`update institutions set time_zone = $1`, [TZ]);
  admin = await contextOf(await t.login('admin'));
  officer = await contextOf(await t.login('officer'));
  assistant = await contextOf(await t.login('assistant'));
  otherAdmin = await contextOf(await t.login('admin', { host: 'other.test' }), t.institutionB);
});
afterAll(() => t.close());
afterEach(() => vi.useRealTimers());

describe('a student record', () => {
  it('fills names with diacritics, the country by name and dates as MM/DD/YYYY from the calendar day stored', async () => {
    const s = await buildStudent(t, {
      firstName: 'Łukasz',
      middleName: 'Žáček',
      lastName: 'Nguyễn',
      citizenshipCountryCode: 'CI',
      birthDate: '2004-02-29',
      programEndDate: '2028-02-29',
      usAddress: { line1: '100 College Ave', line2: 'Apt 4', city: 'Springfield', state: 'IL', postalCode: '62701' },
    });
    const v = await resolve(officer, 'student', s.id);
    expect(v['student.fullName']).toBe('Łukasz Žáček Nguyễn');
    expect(v['student.citizenshipCountry']).toBe('Côte d’Ivoire');
    // A leap day stored as a date is that day, whatever the server's zone (never through an instant).
    expect(v['student.birthDate']).toBe('02/29/2004');
    expect(v['student.programEndDate']).toBe('02/29/2028');
    expect(v['student.usAddress']).toBe('100 College Ave, Apt 4, Springfield, IL 62701');
    expect(v['student.educationLevel']).toBe("Master's");
    expect(v['student.campusSite']).toBe('Main Campus');
    expect(v['general.institutionName']).toBe('Demo University');
  });

  it("gives today's date as the office's day: 23:30 in Los Angeles on Feb 28 of a leap year is still the 28th", async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    // 2028-02-29T07:30Z is 23:30 on 02/28/2028 in Los Angeles (PST, UTC-8).
    vi.setSystemTime(new Date('2028-02-29T07:30:00Z'));
    const s = await buildStudent(t);
    expect((await resolve(officer, 'student', s.id))['general.today']).toBe('02/28/2028');
    // One hour later it is the leap day there.
    vi.setSystemTime(new Date('2028-02-29T08:30:00Z'));
    expect((await resolve(officer, 'student', s.id))['general.today']).toBe('02/29/2028');
  });

  it('fills the current OPT authorisation and employer of an F-1 student', async () => {
    const s = await buildStudent(t);
    await buildEmployment(t, s, {
      kind: 'opt',
      status: 'approved',
      optPhase: '02',
      authorizedStartDate: '2026-06-01',
      authorizedEndDate: '2027-05-31',
      employerName: 'Acme Analytics',
      startDate: '2026-06-15',
    });
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-29T18:00:00Z'));
    const v = await resolve(officer, 'student', s.id);
    expect(v['opt.startDate']).toBe('06/01/2026');
    expect(v['opt.endDate']).toBe('05/31/2027');
    expect(v['opt.employerName']).toBe('Acme Analytics');
    expect(v['opt.unemploymentDaysAllowed']).toBe('90');
  });

  it('keeps a value that holds markup or a tag as text: literal in text, escaped in HTML', async () => {
    const s = await buildStudent(t, { firstName: '<script>alert(1)</script>', lastName: '{{general.officeEmail}}' });
    const v = await resolve(officer, 'student', s.id);
    expect(renderMergeText('{{student.firstName}} {{student.lastName}}', v)).toBe('<script>alert(1)</script> {{general.officeEmail}}');
    expect(renderMergeHtml('<p>{{student.firstName}}</p>', v)).toBe('<p>&lt;script&gt;alert(1)&lt;/script&gt;</p>');
  });

  it('fills an exchange visitor template only from a J-1 record, and a student template from either', async () => {
    const ev = await buildStudent(t, { visaType: 'J-1', evCategoryCode: '1D', subjectFieldCode: '11.0701' });
    const v = await resolve(officer, 'exchangeVisitor', ev.id);
    expect(v['ev.category']).toBe("Student, master's");
    expect(v['ev.subjectField']).toBe('11.0701');
    // All Students holds F-1 and J-1 records: a student template reaches both, the F-OPT tags empty on a J-1.
    const asStudent = await resolve(officer, 'student', ev.id);
    expect(asStudent['student.visaType']).toBe('J-1');
    expect(renderMergeText('[{{opt.startDate}}]', asStudent)).toBe('[]');
    const f1 = await buildStudent(t);
    await expect(resolve(officer, 'exchangeVisitor', f1.id)).rejects.toMatchObject({ statusCode: 404 });
  });

  it('reads many records at once (a mass e-mail’s chunk) to the same values, leaving out those out of reach or of another kind', async () => {
    const f1 = await buildStudent(t);
    const withOpt = await buildStudent(t);
    await buildEmployment(t, withOpt, { kind: 'opt', authorizedStartDate: '2026-06-01', authorizedEndDate: '2027-05-31' });
    const j1 = await buildStudent(t, { visaType: 'J-1', evCategoryCode: '1D' });
    const med = await buildStudent(t, { site: 'MED' });
    const ids = [f1.id, withOpt.id, j1.id, med.id];
    const many = (ctx: TContext, kind: 'student' | 'exchangeVisitor') =>
      ctx.db(async (tx) => resolveMergeValuesMany(tx, ctx, kind, ids, await loadSettings(tx, ctx.institutionId)));
    const got = await many(officer, 'student');
    expect([...got.keys()].sort()).toEqual([f1.id, withOpt.id, j1.id].sort());
    for (const id of [f1.id, withOpt.id, j1.id]) expect(got.get(id)).toEqual(await resolve(officer, 'student', id));
    expect(got.get(withOpt.id)!['opt.startDate']).toBe('06/01/2026');
    expect([...(await many(officer, 'exchangeVisitor')).keys()]).toEqual([j1.id]);
    expect((await many(admin, 'student')).has(med.id)).toBe(true);
  });

  it('is not found for staff outside the record’s campus site, and for another institution', async () => {
    const med = await buildStudent(t, { site: 'MED' });
    await expect(resolve(assistant, 'student', med.id)).rejects.toMatchObject({ statusCode: 404 });
    await expect(resolve(officer, 'student', med.id)).rejects.toMatchObject({ statusCode: 404 });
    expect((await resolve(admin, 'student', med.id))['student.lastName']).toBe(med.lastName);
    await expect(resolve(otherAdmin, 'student', med.id)).rejects.toMatchObject({ statusCode: 404 });
  });
});

describe('a scholar case and a request', () => {
  it('fill the scholar, department and dates, and the request number, type and status', async () => {
    const c = await buildScholarCase(t, {
      firstName: 'Kenji',
      lastName: 'Watanabe',
      proposedStartDate: '2027-02-01',
      proposedEndDate: '2030-01-31',
    });
    const v = await resolve(admin, 'scholarCase', c.applicationId, { 'document.name': 'Offer letter.pdf' });
    expect(v['scholar.fullName']).toBe('Kenji Watanabe');
    expect(v['scholar.startDate']).toBe('02/01/2027');
    expect(v['scholar.endDate']).toBe('01/31/2030');
    expect(v['scholar.department']).toBeTruthy();
    expect(v['document.name']).toBe('Offer letter.pdf');
    await expect(resolve(otherAdmin, 'scholarCase', c.applicationId)).rejects.toMatchObject({ statusCode: 404 });

    const r = await resolve(admin, 'request', c.sponsorshipRequestId);
    expect(r['request.number']).toMatch(/^\d+$/);
    expect(r['request.link']).toBe('https://portal.demo.test/');
    await expect(resolve(otherAdmin, 'request', c.sponsorshipRequestId)).rejects.toMatchObject({ statusCode: 404 });
  });
});
