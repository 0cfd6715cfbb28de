import { eq } from 'drizzle-orm';
import { dayNumber, EMPLOYMENT_TIME_LOOKUP, type studentsApi, type TOptAuthorization } from '@meridian/domain';
import type { TTx } from '../../../platform/db/database.js';
import { badRequest, notFound } from '../../../platform/errors/app-error.js';
import { requireActor, type TContext } from '../../../platform/http/context.js';
import { assertLookupFields } from '../../lookups/index.js';
import { campusSites } from '../../people/index.js';
import { type studentEmployments } from '../schema.js';
import { type TProfileRow } from '../student.policy.js';
import { loadOneOptData } from './queries/opt-data.query.js';
import { presentOptStudent } from './queries/opt-students.query.js';

/** MM/DD/YYYY, as users read dates. */
export function usDate(iso: string): string {
  return `${iso.slice(5, 7)}/${iso.slice(8, 10)}/${iso.slice(0, 4)}`;
}

/** The authorisation an employer period belongs to: the one whose period holds its start (the later phase on an overlap). */
export function authorizationFor(
  auths: TOptAuthorization[],
  body: studentsApi.TEmploymentInput & { startDate: string; endDate: string | null },
): TOptAuthorization {
  if (auths.length === 0) {
    throw badRequest('This student has no approved OPT authorisation to record an employer on', {
      startDate: ['This student has no approved OPT authorisation to record an employer on'],
    });
  }
  const s = dayNumber(body.startDate);
  const fits = auths.filter((a) => dayNumber(a.startDate) <= s && s <= dayNumber(a.endDate)).sort((a, b) => b.phase.localeCompare(a.phase));
  const auth = fits[0];
  if (!auth) {
    const periods = auths.map((a) => `${usDate(a.startDate)} to ${usDate(a.endDate)}`).join(', ');
    const msg = `The start date must fall within the OPT authorisation (${periods})`;
    throw badRequest(msg, { startDate: [msg] });
  }
  if (body.endDate && body.endDate > auth.endDate) {
    const msg = `The end date must be on or before the authorisation ends (${usDate(auth.endDate)})`;
    throw badRequest(msg, { endDate: [msg] });
  }
  return auth;
}

/**
 * Full or part time is a code of the office's list of SEVIS Table 6 (docs/product/lookups.md#how-forms-use-the-lists):
 * one given anew must be offered today (400 on the field); the one the period already holds (`before`) stays valid
 * after the office retires it.
 */
export function assertEmploymentTime(tx: TTx, ctx: TContext, value: string, before?: string | null): Promise<void> {
  return assertLookupFields(tx, ctx, [{ field: 'fullOrPartTime', ref: EMPLOYMENT_TIME_LOOKUP, value, before }]);
}

/** A student's OPT Students & Employers row, as it stands after a change (404 if it no longer shows). */
export async function presentOptStudentOf(tx: TTx, ctx: TContext, profile: TProfileRow) {
  const actor = requireActor(ctx);
  const [site] = profile.campusSiteId
    ? await tx.select({ name: campusSites.name }).from(campusSites).where(eq(campusSites.id, profile.campusSiteId))
    : [];
  const student = presentOptStudent(
    actor,
    { ...profile, campusSiteName: site?.name ?? null },
    await loadOneOptData(tx, profile.id, ctx.today()),
  );
  if (!student) throw notFound();
  return student;
}

/** The employment columns an employer form sets, within its authorized OPT period. */
export function employmentFieldsOf(body: ReturnType<typeof studentsApi.ZEmploymentInput.parse>, auth: TOptAuthorization) {
  return {
    kind: auth.phase === '03' ? 'stem' : 'opt',
    optPhase: auth.phase,
    status: 'approved',
    authorizedStartDate: auth.startDate,
    authorizedEndDate: auth.endDate,
    employerName: body.employerName,
    employerEin: body.employerEin,
    jobTitle: body.jobTitle,
    startDate: body.startDate,
    endDate: body.endDate,
    fullOrPartTime: body.fullOrPartTime,
    ...(body.employerAddress?.line1 ? { employerAddress: { ...body.employerAddress, countryCode: 'US' } } : {}),
  };
}

/** The employment's details with the course relevance SEVIS's employer event carries (kept when the form leaves it empty). */
export function detailsWith(details: Record<string, unknown>, body: ReturnType<typeof studentsApi.ZEmploymentInput.parse>) {
  return body.courseRelevance ? { ...details, courseRelevance: body.courseRelevance } : details;
}

/** An employment's fields as the History Log records them. */
export const employmentAuditShape = (r: typeof studentEmployments.$inferSelect) => ({
  id: r.id,
  kind: r.kind,
  optPhase: r.optPhase,
  employerName: r.employerName,
  employerEin: r.employerEin,
  jobTitle: r.jobTitle,
  startDate: r.startDate,
  endDate: r.endDate,
  fullOrPartTime: r.fullOrPartTime,
});
