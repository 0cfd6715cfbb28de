import { and, asc, eq } from 'drizzle-orm';
import { isTippCategory, tippIssueText, TIPP_MSG, tippPhaseDateIssues, tippPlanIssues, type studentsApi as S } from '@meridian/domain';
import type { z } from 'zod';
import { writeAudit } from '../../../platform/audit/audit.js';
import type { TTx } from '../../../platform/db/database.js';
import { AppError, badRequest, notFound, type TFieldErrors } from '../../../platform/errors/app-error.js';
import type { TContext } from '../../../platform/http/context.js';
import { studentTippPhases, studentTipps, studentTippSites } from '../schema.js';
import { getAccessibleProfile, staffReachesProfile, type TProfileRow } from '../student.policy.js';
import { changeRidesCreate } from './record-changes.js';

export type TTippRow = typeof studentTipps.$inferSelect;
export type TTippSiteRow = typeof studentTippSites.$inferSelect;
export type TTippPhaseRow = typeof studentTippPhases.$inferSelect;
export type TTippSiteFields = z.output<typeof S.ZTippSiteInput>;
export type TTippPhaseFields = z.output<typeof S.ZTippPhaseInput>;

/** A record's T/IPP as stored: the plan row (null when none), and its active sites and phases. */
export interface TTippState {
  plan: TTippRow | null;
  sites: TTippSiteRow[];
  phases: TTippPhaseRow[];
}

const J1_ONLY = 'A DS-7002 is for exchange visitors (J-1) only.';

/** SEVIS has the site, or a Create / TIPP AddSite carrying it has gone into a batch. */
export const siteSent = (s: Pick<TTippSiteRow, 'sentAt' | 'sevisSiteId'>) => !!s.sentAt || !!s.sevisSiteId;
/** SEVIS has the phase, or a Create / AddSite / AddPhase carrying it has gone into a batch. */
export const phaseSent = (ph: Pick<TTippPhaseRow, 'sentAt' | 'sevisPhaseId'>) => !!ph.sentAt || !!ph.sevisPhaseId;

/** The record's T/IPP (its active sites and phases, in the order they were added). */
export async function loadTipp(tx: TTx, profileId: string): Promise<TTippState> {
  const [plan] = await tx.select().from(studentTipps).where(eq(studentTipps.profileId, profileId));
  const sites = await tx
    .select()
    .from(studentTippSites)
    .where(and(eq(studentTippSites.profileId, profileId), eq(studentTippSites.isActive, true)))
    .orderBy(asc(studentTippSites.createdAt), asc(studentTippSites.id));
  const phases = await tx
    .select()
    .from(studentTippPhases)
    .where(and(eq(studentTippPhases.profileId, profileId), eq(studentTippPhases.isActive, true)))
    .orderBy(asc(studentTippPhases.startDate), asc(studentTippPhases.createdAt));
  return { plan: plan ?? null, sites, phases };
}

/**
 * The record the caller may edit, when it is a trainee's or intern's: SEVIS takes a T/IPP only for
 * exchange visitor categories 1G, 2A, 2B, 14 and 15 (SEVIS S2218).
 */
export async function editableTippRecord(tx: TTx, ctx: TContext, profileId: string): Promise<TProfileRow> {
  const p = await getAccessibleProfile(tx, ctx, profileId, 'edit');
  if (p.visaType !== 'J-1') throw badRequest(J1_ONLY);
  if (!isTippCategory(p.evCategoryCode)) throw badRequest(TIPP_MSG.notApplicable, undefined, 'TIPP_NOT_APPLICABLE');
  return p;
}

/** An active T/IPP site of the record (404 otherwise), locked for the change. */
export async function loadTippSite(tx: TTx, profileId: string, siteId: string): Promise<TTippSiteRow> {
  const [s] = await tx
    .select()
    .from(studentTippSites)
    .where(and(eq(studentTippSites.id, siteId), eq(studentTippSites.profileId, profileId), eq(studentTippSites.isActive, true)))
    .for('update');
  if (!s) throw notFound();
  return s;
}

/** An active T/IPP phase of the record with its site (404 otherwise), locked for the change. */
export async function loadTippPhase(tx: TTx, profileId: string, phaseId: string): Promise<{ phase: TTippPhaseRow; site: TTippSiteRow }> {
  const [ph] = await tx
    .select()
    .from(studentTippPhases)
    .where(and(eq(studentTippPhases.id, phaseId), eq(studentTippPhases.profileId, profileId), eq(studentTippPhases.isActive, true)))
    .for('update');
  if (!ph) throw notFound();
  return { phase: ph, site: await loadTippSite(tx, profileId, ph.siteId) };
}

/** An exempt exchange visitor (IWT, Korea WEST) has no T/IPP sites or phases in SEVIS (S2252, S2253). */
export async function assertNotExempt(tx: TTx, profileId: string): Promise<void> {
  const [plan] = await tx.select({ exempt: studentTipps.exemptProgram }).from(studentTipps).where(eq(studentTipps.profileId, profileId));
  if (plan?.exempt) throw new AppError(409, 'TIPP_EXEMPT', TIPP_MSG.exemptHasNoSites);
}

/** A phase's dates: the end on or after the start, both within the program (SEVIS S2254); 400 on the field otherwise. */
export function assertPhaseDates(
  input: { startDate: string; endDate: string },
  p: Pick<TProfileRow, 'programStartDate' | 'programEndDate'>,
) {
  const issues = tippPhaseDateIssues(input, p);
  const errors: TFieldErrors = Object.fromEntries(Object.entries(issues).map(([k, v]) => [k, [v]]));
  if (Object.keys(errors).length) throw new AppError(400, 'VALIDATION', Object.values(errors)[0]![0]!, errors);
}

/** Only one primary T/IPP site: making one primary clears the others. */
export async function clearOtherTippPrimaries(tx: TTx, profileId: string, keepId: string): Promise<void> {
  const others = await tx
    .select({ id: studentTippSites.id })
    .from(studentTippSites)
    .where(and(eq(studentTippSites.profileId, profileId), eq(studentTippSites.isPrimary, true)));
  for (const o of others)
    if (o.id !== keepId)
      await tx.update(studentTippSites).set({ isPrimary: false, updatedAt: new Date() }).where(eq(studentTippSites.id, o.id));
}

/** Writes a T/IPP change to the student's History Log. */
export const auditTipp = (tx: TTx, ctx: TContext, profileId: string, action: string, before: unknown, after: unknown) =>
  writeAudit(tx, {
    institutionId: ctx.institutionId,
    actorUserId: ctx.actor?.userId ?? null,
    entityType: 'student_profile',
    entityId: profileId,
    action,
    before,
    after,
    ip: ctx.ip,
  });

/** The address as stored: the parts given, empty ones left out. */
export const tippAddress = (a: TTippSiteFields['address']) =>
  Object.fromEntries(Object.entries(a).filter(([, v]) => v !== '')) as TTippSiteFields['address'];

const presentPhase = (ph: TTippPhaseRow, removable: boolean): S.TTippPhase => ({
  id: ph.id,
  name: ph.name,
  startDate: ph.startDate,
  endDate: ph.endDate,
  trainingField: ph.trainingField,
  supervisorLastName: ph.supervisorLastName,
  supervisorFirstName: ph.supervisorFirstName,
  supervisorMiddleInitial: ph.supervisorMiddleInitial,
  supervisorTitle: ph.supervisorTitle,
  supervisorEmail: ph.supervisorEmail,
  supervisorPhone: ph.supervisorPhone,
  supervisorPhoneExt: ph.supervisorPhoneExt,
  supervisorSignatureDate: ph.supervisorSignatureDate,
  evRole: ph.evRole,
  goalsAndObjectives: ph.goalsAndObjectives,
  supervisorQualifications: ph.supervisorQualifications,
  culturalActivities: ph.culturalActivities,
  skillsLearned: ph.skillsLearned,
  teachingMethod: ph.teachingMethod,
  competencyMeasurement: ph.competencyMeasurement,
  additionalRemarks: ph.additionalRemarks,
  sevisPhaseId: ph.sevisPhaseId,
  canRemove: removable,
});

/**
 * Whether a phase may be removed now: one SEVIS does not have yet always; one it has only before its
 * start (S2281) and never the only phase of its site (S2275).
 */
export function phaseRemoveIssue(ph: TTippPhaseRow, site: TTippSiteRow, sitePhases: TTippPhaseRow[], today: string): string | null {
  if (!phaseSent(ph)) return null;
  if (siteSent(site) && sitePhases.filter((x) => x.isActive).length <= 1) return TIPP_MSG.onlyPhase;
  return today < ph.startDate ? null : TIPP_MSG.phaseStarted(ph.startDate);
}

/** Why the DS-7002 cannot be reprinted now (SEVIS S2279, S2280; an update needs the SEVIS ID), or null. */
export function printIssue(p: TProfileRow, t: TTippState): string | null {
  if (!isTippCategory(p.evCategoryCode)) return TIPP_MSG.printNotApplicable;
  if (!t.plan || t.plan.exemptProgram || !t.sites.length) return TIPP_MSG.printNoTipp;
  if (!p.sevisId) return TIPP_MSG.printNoSevisId;
  return null;
}

/** The T/IPP as the DS-7002 tab shows it, with what SEVIS would refuse in it as it stands. */
export async function presentTipp(tx: TTx, ctx: TContext, p: TProfileRow, t?: TTippState): Promise<S.TTipp> {
  const state = t ?? (await loadTipp(tx, p.id));
  const today = ctx.today();
  const applies = p.visaType === 'J-1' && isTippCategory(p.evCategoryCode);
  const plan = state.plan;
  const sites = state.sites.map((s) => {
    const phases = state.phases.filter((ph) => ph.siteId === s.id);
    return {
      id: s.id,
      name: s.name,
      address: s.address ?? {},
      isPrimary: s.isPrimary,
      employerEin: s.employerEin,
      fullTimeEmployees: s.fullTimeEmployees,
      annualRevenue: s.annualRevenue,
      websiteUrl: s.websiteUrl,
      workersComp: s.workersComp,
      workersCompCarrier: s.workersCompCarrier,
      workersCompForEv: s.workersCompForEv,
      evHoursPerWeek: s.evHoursPerWeek,
      stipend: s.stipend,
      stipendAmount: s.stipendAmount,
      stipendFrequency: s.stipendFrequency,
      nonMonetaryComp: s.nonMonetaryComp,
      supervisorLastName: s.supervisorLastName,
      supervisorFirstName: s.supervisorFirstName,
      supervisorTitle: s.supervisorTitle,
      supervisorPhone: s.supervisorPhone,
      supervisorPhoneExt: s.supervisorPhoneExt,
      supervisorEmail: s.supervisorEmail,
      supervisorFax: s.supervisorFax,
      officialUserName: s.officialUserName,
      officialSignatureDate: s.officialSignatureDate,
      evSignatureDate: s.evSignatureDate,
      sevisSiteId: s.sevisSiteId,
      phases: phases.map((ph) => presentPhase(ph, !phaseRemoveIssue(ph, s, phases, today))),
    };
  });
  const issues = applies
    ? tippPlanIssues({
        evCategoryCode: p.evCategoryCode,
        citizenshipCountryCode: p.citizenshipCountryCode,
        programStartDate: p.programStartDate,
        programEndDate: p.programEndDate,
        plan: plan ? { exemptProgram: plan.exemptProgram, isIwt: plan.isIwt } : null,
        sites: state.sites.map((s) => ({
          name: s.name,
          isPrimary: s.isPrimary,
          phases: state.phases.filter((ph) => ph.siteId === s.id),
        })),
      }).map(tippIssueText)
    : [];
  const actor = ctx.actor;
  return {
    profileId: p.id,
    applies,
    evCategoryCode: p.evCategoryCode,
    exists: !!plan,
    exemptProgram: plan?.exemptProgram ?? '',
    isIwt: plan?.isIwt ?? null,
    asksIwt: p.evCategoryCode === '15' && p.citizenshipCountryCode.toUpperCase() === 'IE',
    email: plan?.email ?? '',
    fieldOfStudy: plan?.fieldOfStudy ?? '',
    yearsOfExperience: plan?.yearsOfExperience ?? null,
    typeOfDegree: plan?.typeOfDegree ?? '',
    degreeDate: plan?.degreeDate ?? null,
    programStartDate: p.programStartDate,
    programEndDate: p.programEndDate,
    sites,
    issues,
    inSevis: !!p.sevisId,
    canChangeExemption: await changeRidesCreate(tx, p),
    printIssue: printIssue(p, state),
    canEdit: !!actor && staffReachesProfile(actor, p, 'edit'),
  };
}
