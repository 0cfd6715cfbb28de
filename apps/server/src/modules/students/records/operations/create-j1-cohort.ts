import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import {
  J1_COHORT_MAX_PARTICIPANTS,
  j1CohortLookupChecks,
  j1CohortLookupIssues,
  SEVIS_RULE_MSG,
  studentsApi as S,
  type jobsApi,
} from '@meridian/domain';
import { writeAudit } from '../../../../platform/audit/audit.js';
import type { TTx } from '../../../../platform/db/database.js';
import { AppError, type TFieldErrors } from '../../../../platform/errors/app-error.js';
import { requireActor, type TContext } from '../../../../platform/http/context.js';
import type { TJobProgressUpdate } from '../../../../platform/jobs/runner.js';
import { dropKept, keepForJob } from '../../../../platform/jobs/kept-input.js';
import { lookupStatuses } from '../../../lookups/index.js';
import { campusSites } from '../../../people/index.js';
import { MSG_DUP_PERSON, assertSiteReachable } from '../record-rules.js';
import { createExchangeVisitor } from './create-exchange-visitor.js';

type TParticipant = S.TJ1CohortValues['participants'][number];

const add = (errors: TFieldErrors, path: string, message: string) => {
  const list = (errors[path] ??= []);
  if (!list.includes(message)) list.push(message);
};

/** The participants that are valid on their own, by index (for the checks that need the database or the office's day). */
function validParticipants(body: unknown): Map<number, TParticipant> {
  const rows = (body as { participants?: unknown } | null)?.participants;
  const out = new Map<number, TParticipant>();
  if (!Array.isArray(rows)) return out;
  rows.slice(0, J1_COHORT_MAX_PARTICIPANTS).forEach((row, i) => {
    const p = S.ZJ1CohortParticipant.safeParse(row);
    if (p.success) out.set(i, p.data);
  });
  return out;
}

/** Participants who are already a student record of the institution (any campus site): same first and last name and birth date. */
async function existingPeople(tx: TTx, people: Map<number, TParticipant>): Promise<number[]> {
  if (!people.size) return [];
  const keys = [...people].map(([i, p]) => ({ i, f: p.firstName.toLowerCase(), l: p.lastName.toLowerCase(), b: p.birthDate }));
  const rows = (
    await tx.execute(sql`
      select distinct k.i from jsonb_to_recordset(${JSON.stringify(keys)}::jsonb) as k(i int, f text, l text, b date)
      join student_profiles p on lower(p.first_name) = k.f and lower(p.last_name) = k.l and p.birth_date = k.b`)
  ).rows as { i: number }[];
  return rows.map((r) => r.i);
}

/** The job kind that checks and creates a cohort (docs/product/students-records.md#j-1-cohort). */
export const CREATE_J1_COHORT_JOB = S.CREATE_J1_COHORT_JOB;

/** What the cohort job gets: where the cohort as sent is kept (up to 500 rows: too long for a job's input). */
export interface TCreateJ1CohortJobInput {
  storageKey: string;
}

/** A campus site id as sent, when it is one at all (the cohort's own checks name anything else). */
function sentSiteId(body: unknown): number | null {
  const siteId = (body as { campusSiteId?: unknown } | null)?.campusSiteId;
  return typeof siteId === 'number' && Number.isInteger(siteId) && siteId > 0 ? siteId : null;
}

/**
 * Starts checking (and creating) a cohort as a job. The campus site is settled at once, as before (a
 * site of another institution, or one the caller may not add students to, on its field); every other
 * check runs in the job, so one answer still names every row's problems.
 */
export async function startCreateJ1Cohort(ctx: TContext, body: unknown): Promise<jobsApi.TJob> {
  requireActor(ctx);
  const siteId = sentSiteId(body);
  if (siteId !== null) await ctx.db((tx) => assertSiteReachable(tx, ctx, siteId));
  const storageKey = await keepForJob(ctx, Buffer.from(JSON.stringify(body), 'utf8'));
  try {
    return await ctx.services.jobs.enqueue<TCreateJ1CohortJobInput>(ctx, CREATE_J1_COHORT_JOB, { storageKey });
  } catch (e) {
    await dropKept(ctx, storageKey);
    throw e;
  }
}

/** How the job reports: progress, and the completion written in the cohort's own transaction. */
export interface TCohortJobHooks {
  progress?: (update: TJobProgressUpdate) => void;
  completeIn?: (tx: TTx, result: unknown) => Promise<void>;
}

/**
 * Creates a cohort of J-1 exchange visitors at once (docs/product/students-records.md#j-1-cohort): every
 * participant is checked as the single J-1 create checks a record (the contract's rules, SEVIS S2244 /
 * S2245 names, S1058 citizenship, S2133 a birth date not after the office's today) plus what CreateEV
 * requires, its codes against the office's lists offered today (countries, state, category, position, subject
 * field), and against the cohort and the existing records (same name and birth date). Any failure
 * answers 422 with every field error (participants.3.birthDate) and creates nothing; otherwise every
 * record is created in one transaction with its primary site of activity and its pending SEVIS Create
 * (decision 019: one Create per person, carrying the site), and the cohort is audited, with the job's
 * completion. Run again (a job resumed after a crash), every participant is then an existing record,
 * so nobody is created twice.
 */
export async function createJ1Cohort(
  ctx: TContext,
  body: unknown,
  { progress = () => {}, completeIn }: TCohortJobHooks = {},
): Promise<S.TJ1CohortResult> {
  const actor = requireActor(ctx);
  progress({ phase: 'Checking participants', done: 0, total: null });
  const parsed = S.ZJ1CohortInput.safeParse(body);
  const errors: TFieldErrors = {};
  if (!parsed.success) for (const issue of parsed.error.issues) add(errors, issue.path.map(String).join('.') || '_', issue.message);
  const people = parsed.success ? new Map(parsed.data.participants.map((p, i) => [i, p])) : validParticipants(body);
  const today = ctx.today();
  // SEVIS S2133: a birth date is not in the future (the office's day).
  for (const [i, p] of people) if (p.birthDate > today) add(errors, `participants.${i}.birthDate`, SEVIS_RULE_MSG.birthInFuture);

  return ctx.db(async (tx) => {
    // The campus site is checked first, as the single create does: the institution's, and one the caller may add students to.
    const siteId = sentSiteId(body);
    if (siteId !== null) await assertSiteReachable(tx, ctx, siteId);
    // One cohort or upload at a time per institution (the batch upload's lock), so two cannot both pass the duplicate check.
    progress({ phase: 'Waiting for another import to finish' });
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${ctx.institutionId} || ':student-import'))`);
    progress({ phase: 'Checking participants' });
    for (const i of await existingPeople(tx, people)) {
      add(errors, `participants.${i}.lastName`, MSG_DUP_PERSON);
      add(errors, `participants.${i}.birthDate`, MSG_DUP_PERSON);
    }
    // The codes against the office's lists offered today, read once for the whole cohort
    // (docs/product/lookups.md#how-forms-use-the-lists); a field whose shape already failed keeps that message.
    const lookups = await lookupStatuses(tx, ctx, j1CohortLookupChecks(body));
    const own = { evCategoryCode: S.MSG_EV_CATEGORY, evPositionCode: S.MSG_EV_POSITION };
    for (const [path, message] of Object.entries(j1CohortLookupIssues(body, lookups, own))) if (!errors[path]) add(errors, path, message);
    if (!parsed.success || Object.keys(errors).length)
      throw new AppError(422, 'VALIDATION', S.MSG_COHORT_INVALID, Object.keys(errors).length ? errors : { _: [S.MSG_COHORT_INVALID] });
    const v = parsed.data;
    const [site] = await tx.select({ name: campusSites.name }).from(campusSites).where(eq(campusSites.id, v.campusSiteId));
    const result = { checked: v.participants.length, checkOnly: v.checkOnly, campusSiteName: site?.name ?? '' };
    if (v.checkOnly) {
      progress({ done: v.participants.length, total: v.participants.length });
      return { ...result, records: [] };
    }

    const financials: Record<string, number | string> = {};
    for (const [k, x] of Object.entries(v.financials)) if (x !== undefined && x !== '' && x !== 0) financials[k] = x;
    // Each participant becomes the single J-1 create's own input, checked by its contract (the same rules).
    const inputs = v.participants.map((p, i) => {
      const record = S.ZStudentCreateInput.safeParse({
        firstName: p.firstName,
        middleName: p.middleName,
        lastName: p.lastName,
        email: p.email,
        birthDate: p.birthDate,
        gender: p.gender,
        birthCity: p.birthCity,
        birthCountryCode: p.birthCountryCode,
        citizenshipCountryCode: p.citizenshipCountryCode,
        visaType: 'J-1',
        campusSiteId: v.campusSiteId,
        programStartDate: p.programStartDate || v.programStartDate,
        programEndDate: p.programEndDate || v.programEndDate,
        evCategoryCode: v.evCategoryCode,
        subjectFieldCode: v.subjectFieldCode,
        evPositionCode: v.evPositionCode,
        receivedUsGovtFunds: v.receivedUsGovtFunds,
      });
      if (!record.success)
        for (const issue of record.error.issues) add(errors, ['participants', i, ...issue.path].map(String).join('.'), issue.message);
      return { record: record.data, permanentResidenceCountryCode: p.permanentResidenceCountryCode };
    });
    if (Object.keys(errors).length) throw new AppError(422, 'VALIDATION', S.MSG_COHORT_INVALID, errors);
    const records: S.TJ1CohortResult['records'] = [];
    progress({ phase: 'Creating exchange visitor records', done: 0, total: inputs.length });
    for (const [i, input] of inputs.entries()) {
      const record = input.record!;
      const created = await createExchangeVisitor(tx, ctx, {
        record,
        site: { name: v.site.name, address: v.site.address, isPrimary: true },
        permanentResidenceCountryCode: input.permanentResidenceCountryCode,
        financials,
      }).catch((e: unknown) => {
        // A record created meanwhile by the single form (which does not wait for the cohort's lock): said on the row.
        if (e instanceof AppError && e.fieldErrors) {
          for (const [field, messages] of Object.entries(e.fieldErrors))
            for (const m of messages) add(errors, `participants.${i}.${field}`, m);
          throw new AppError(422, 'VALIDATION', S.MSG_COHORT_INVALID, errors);
        }
        throw e;
      });
      records.push({
        id: created.profileId,
        firstName: record.firstName,
        lastName: record.lastName,
        email: record.email,
        birthDate: record.birthDate,
        programStartDate: record.programStartDate,
        programEndDate: record.programEndDate,
      });
      progress({ done: records.length });
    }
    await writeAudit(tx, {
      institutionId: ctx.institutionId,
      actorUserId: actor.userId,
      entityType: 'student_cohort',
      entityId: randomUUID(),
      action: 'student.j1-cohort.created',
      after: {
        count: records.length,
        campusSiteId: v.campusSiteId,
        evCategoryCode: v.evCategoryCode,
        evPositionCode: v.evPositionCode,
        subjectFieldCode: v.subjectFieldCode,
        programStartDate: v.programStartDate,
        programEndDate: v.programEndDate,
        siteOfActivity: v.site.name,
        profileIds: records.map((r) => r.id),
      },
      ip: ctx.ip,
    });
    const out = { ...result, records };
    await completeIn?.(tx, out);
    return out;
  });
}
