import { and, eq, inArray } from 'drizzle-orm';
import { dayNumber, todayIso, studentsApi, type TOptAuthorization } from '@meridian/domain';
import { writeAudit } from '../../../platform/audit/audit.js';
import type { TTx } from '../../../platform/db/database.js';
import { badRequest, notFound } from '../../../platform/errors/app-error.js';
import { requireActor, type TContext } from '../../../platform/http/context.js';
import { campusSites } from '../../people/index.js';
import { studentEmployments } from '../schema.js';
import { getAccessibleProfile, type TProfileRow } from '../student.policy.js';
import { loadOneOptData, phaseOf } from '../queries/opt-data.query.js';
import { listOptStudentsQuery, presentOptStudent } from '../queries/opt-students.query.js';
import { ensureStemReports } from './stem-reports.js';

/** MM/DD/YYYY, as users read dates. */
export function usDate(iso: string): string {
  return `${iso.slice(5, 7)}/${iso.slice(8, 10)}/${iso.slice(0, 4)}`;
}

/** OPT Students & Employers list. */
export async function listOptStudents(ctx: TContext, q: studentsApi.TListOptStudentsQuery) {
  const actor = requireActor(ctx);
  return ctx.db((tx) => listOptStudentsQuery(tx, actor, q, todayIso()));
}

/** The authorisation an employer period belongs to: the one whose period holds its start (the later phase on an overlap). */
function authorizationFor(
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

async function presentOne(tx: TTx, ctx: TContext, profile: TProfileRow) {
  const actor = requireActor(ctx);
  const [site] = profile.campusSiteId
    ? await tx.select({ name: campusSites.name }).from(campusSites).where(eq(campusSites.id, profile.campusSiteId))
    : [];
  const student = presentOptStudent(
    actor,
    { ...profile, campusSiteName: site?.name ?? null },
    await loadOneOptData(tx, profile.id, todayIso()),
  );
  if (!student) throw notFound();
  return student;
}

function fieldsOf(body: ReturnType<typeof studentsApi.ZEmploymentInput.parse>, auth: TOptAuthorization) {
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
  };
}

const audited = (r: typeof studentEmployments.$inferSelect) => ({
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

/** Records an OPT/STEM employer period; the unemployment counter is computed from these periods. */
export async function createEmployment(ctx: TContext, profileId: string, input: studentsApi.TEmploymentInput) {
  const actor = requireActor(ctx);
  const body = studentsApi.ZEmploymentInput.parse(input);
  return ctx.db(async (tx) => {
    const profile = await getAccessibleProfile(tx, ctx, profileId, 'edit', 'editStudent');
    const data = await loadOneOptData(tx, profile.id, todayIso());
    const auth = authorizationFor(data.authorizations, body);
    const [row] = await tx
      .insert(studentEmployments)
      .values({ institutionId: ctx.institutionId, profileId: profile.id, ...fieldsOf(body, auth) })
      .returning();
    if (auth.phase === '03') await ensureStemReports(tx, ctx.institutionId, [profile.id]);
    await writeAudit(tx, {
      institutionId: ctx.institutionId,
      actorUserId: actor.userId,
      entityType: 'student_profile',
      entityId: profile.id,
      action: 'student.opt-employment.created',
      ip: ctx.ip,
      after: audited(row!),
    });
    return presentOne(tx, ctx, profile);
  });
}

/** Changes an OPT/STEM employer period (dates, employer, EIN, full/part time). */
export async function updateEmployment(ctx: TContext, profileId: string, employmentId: string, input: studentsApi.TEmploymentInput) {
  const actor = requireActor(ctx);
  const body = studentsApi.ZEmploymentInput.parse(input);
  return ctx.db(async (tx) => {
    const profile = await getAccessibleProfile(tx, ctx, profileId, 'edit', 'editStudent');
    const [existing] = await tx
      .select()
      .from(studentEmployments)
      .where(
        and(
          eq(studentEmployments.id, employmentId),
          eq(studentEmployments.profileId, profile.id),
          inArray(studentEmployments.kind, ['opt', 'stem']),
        ),
      );
    // Authorisation-only rows (the EAD period without an employer) are not employer periods to edit here.
    if (!existing || existing.employerName === '') throw notFound();
    // An employer period stays in its own authorisation: moving it would take that authorisation's
    // period with it when it is the only row that carries it (a request's first employer fills that row).
    const own =
      existing.status === 'approved' && existing.authorizedStartDate && existing.authorizedEndDate
        ? [{ phase: phaseOf(existing), startDate: existing.authorizedStartDate, endDate: existing.authorizedEndDate }]
        : (await loadOneOptData(tx, profile.id, todayIso())).authorizations;
    const auth = authorizationFor(own, body);
    const [row] = await tx
      .update(studentEmployments)
      .set({ ...fieldsOf(body, auth), updatedAt: new Date() })
      .where(eq(studentEmployments.id, existing.id))
      .returning();
    if (auth.phase === '03') await ensureStemReports(tx, ctx.institutionId, [profile.id]);
    await writeAudit(tx, {
      institutionId: ctx.institutionId,
      actorUserId: actor.userId,
      entityType: 'student_profile',
      entityId: profile.id,
      action: 'student.opt-employment.updated',
      ip: ctx.ip,
      before: audited(existing),
      after: audited(row!),
    });
    return presentOne(tx, ctx, profile);
  });
}
