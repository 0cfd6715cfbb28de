import { and, asc, inArray, ne } from 'drizzle-orm';
import {
  dayNumber,
  unemploymentDays,
  type TOptAuthorization,
  type TOptPhaseCode,
  type TUnemployment,
  type studentsApi,
} from '@meridian/domain';
import type { TTx } from '../../../../platform/db/database.js';
import { studentEmployments } from '../../schema.js';

type TEmploymentRow = typeof studentEmployments.$inferSelect;
export type TOptEmploymentView = studentsApi.TOptEmployment;

/** What the OPT pages know of one student: authorisations, employer periods, counter, phase. */
export interface TOptData {
  authorizations: TOptAuthorization[];
  employments: TOptEmploymentView[];
  rows: TEmploymentRow[];
  unemployment: TUnemployment | null;
  /** The current (or, failing that, the most recent or next) authorisation. */
  current: TOptAuthorization | null;
}

/** OPT rows count while approved; an authorisation is an approved row's EAD period (several employer rows may repeat it). */
export function phaseOf(r: Pick<TEmploymentRow, 'kind' | 'optPhase'>): TOptPhaseCode {
  if (r.optPhase === '01' || r.optPhase === '02' || r.optPhase === '03') return r.optPhase;
  return r.kind === 'stem' ? '03' : '02';
}

/** The approved OPT authorizations among a student's employments, one per period. */
export function authorizationsOf(rows: TEmploymentRow[]): TOptAuthorization[] {
  const seen = new Map<string, TOptAuthorization>();
  for (const r of rows) {
    if (r.status !== 'approved' || !r.authorizedStartDate || !r.authorizedEndDate) continue;
    const a = { phase: phaseOf(r), startDate: r.authorizedStartDate, endDate: r.authorizedEndDate };
    seen.set(`${a.phase}|${a.startDate}|${a.endDate}`, a);
  }
  return [...seen.values()].sort((a, b) => a.startDate.localeCompare(b.startDate));
}

/** The authorisation in force today (the highest phase when two overlap), else the latest started, else the next one. */
export function currentAuthorization(auths: TOptAuthorization[], today: string): TOptAuthorization | null {
  const t = dayNumber(today);
  const inForce = auths
    .filter((a) => dayNumber(a.startDate) <= t && t <= dayNumber(a.endDate))
    .sort((a, b) => b.phase.localeCompare(a.phase));
  if (inForce[0]) return inForce[0];
  const started = auths.filter((a) => dayNumber(a.startDate) <= t).sort((a, b) => b.endDate.localeCompare(a.endDate));
  return started[0] ?? auths[0] ?? null;
}

function employmentView(r: TEmploymentRow, today: string): TOptEmploymentView {
  const t = dayNumber(today);
  const isCurrent = !!r.startDate && dayNumber(r.startDate) <= t && (!r.endDate || dayNumber(r.endDate) >= t);
  return {
    id: r.id,
    kind: r.kind,
    phase: phaseOf(r),
    employerName: r.employerName,
    employerEin: r.employerEin,
    jobTitle: r.jobTitle,
    startDate: r.startDate,
    endDate: r.endDate,
    fullOrPartTime: r.fullOrPartTime,
    isCurrent,
  };
}

/** A student's OPT facts as of today: authorizations, employers and unemployment days. */
export function optDataOf(rows: TEmploymentRow[], today: string): TOptData {
  const authorizations = authorizationsOf(rows);
  const employed = rows.filter((r) => r.status !== 'cancelled' && r.employerName !== '' && r.startDate);
  const unemployment = unemploymentDays({
    authorizations,
    employments: employed.map((r) => ({ kind: r.kind, phase: phaseOf(r), startDate: r.startDate!, endDate: r.endDate })),
    today,
  });
  return {
    authorizations,
    employments: employed.map((r) => employmentView(r, today)).sort((a, b) => (b.startDate ?? '').localeCompare(a.startDate ?? '')),
    rows,
    unemployment,
    current: currentAuthorization(authorizations, today),
  };
}

/** OPT and STEM rows of the given students, grouped by student and computed for `today`. */
export async function loadOptData(tx: TTx, profileIds: string[], today: string): Promise<Map<string, TOptData>> {
  const out = new Map<string, TOptData>();
  if (profileIds.length === 0) return out;
  const rows = await tx
    .select()
    .from(studentEmployments)
    .where(
      and(
        inArray(studentEmployments.profileId, profileIds),
        inArray(studentEmployments.kind, ['opt', 'stem']),
        ne(studentEmployments.status, 'requested'),
      ),
    )
    .orderBy(asc(studentEmployments.createdAt));
  const by = new Map<string, TEmploymentRow[]>();
  for (const r of rows) by.set(r.profileId, [...(by.get(r.profileId) ?? []), r]);
  for (const id of profileIds) out.set(id, optDataOf(by.get(id) ?? [], today));
  return out;
}

/** One student's OPT data. */
export async function loadOneOptData(tx: TTx, profileId: string, today: string): Promise<TOptData> {
  return (await loadOptData(tx, [profileId], today)).get(profileId)!;
}
