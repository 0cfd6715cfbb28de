import { and, asc, eq } from 'drizzle-orm';
import { type TScholarRequestContext, type TScholarRequestSite, type TStudentRequestDependent } from '@meridian/domain';
import type { TTx } from '../../../platform/db/database.js';
import type { TRequestRow } from '../../requests/index.js';
import { studentDependents, studentProfiles, studentSitesOfActivity, type TProfileRow } from '../../students/index.js';
import { officeDataOf } from '../office/office-case.js';
import type { TCaseRow, TScholarRow } from '../scholar.policy.js';
import { scholarApplications, scholars } from '../schema.js';

/** A scholar request's scholar and the case it changes: the scholar's current case (their latest). */
export interface TRequestCase {
  scholar: TScholarRow;
  c: TCaseRow;
}

/**
 * The scholar a scholar request is about (its subject: the scholar's portal account) and their current case
 * (docs/product/scholars-portal.md#requests); null when it names no scholar (a department's request started
 * from its own list) or the scholar has no case. `lock` holds the case for the approval's change.
 */
export async function caseOfRequest(tx: TTx, r: Pick<TRequestRow, 'subjectUserId'>, lock = false): Promise<TRequestCase | null> {
  if (!r.subjectUserId) return null;
  const [scholar] = await tx.select().from(scholars).where(eq(scholars.userId, r.subjectUserId));
  if (!scholar?.currentApplicationId) return null;
  const q = tx.select().from(scholarApplications).where(eq(scholarApplications.id, scholar.currentApplicationId));
  const [c] = lock ? await q.for('update') : await q;
  return c ? { scholar, c } : null;
}

/** The case's exchange visitor record in the students module, when the office has created it. */
export async function exchangeVisitorOf(tx: TTx, c: TCaseRow): Promise<TProfileRow | null> {
  if (!c.exchangeVisitorProfileId) return null;
  const [p] = await tx.select().from(studentProfiles).where(eq(studentProfiles.id, c.exchangeVisitorProfileId));
  return p ?? null;
}

/** The rules' context as the API sends it (plain arrays). */
export type TRuleContext = TScholarRequestContext & { sites: TScholarRequestSite[]; dependents: TStudentRequestDependent[] };

const text = (v: unknown) => (typeof v === 'string' ? v.trim() : '');
const orNull = (...vs: Array<string | null | undefined>) => vs.find((v) => !!v) ?? null;

/**
 * What a scholar request's rules compare with: the office's today (ctx.today()) and the case: its processed state, the J-1
 * category (the application's, else the office's), the program dates (the exchange visitor record's, else the
 * DS-2019 dates, else the processed ones), and the record's active sites of activity and J-2 dependents.
 */
export async function requestContextOf(tx: TTx, today: string, c: TCaseRow | null): Promise<TRuleContext> {
  if (!c) {
    return {
      today,
      visaType: '',
      category: '',
      programStartDate: null,
      programEndDate: null,
      hasExchangeVisitorRecord: false,
      sites: [],
      dependents: [],
    };
  }
  const office = officeDataOf(c);
  const ev = await exchangeVisitorOf(tx, c);
  const sites = ev
    ? await tx
        .select()
        .from(studentSitesOfActivity)
        .where(and(eq(studentSitesOfActivity.profileId, ev.id), eq(studentSitesOfActivity.isActive, true)))
        .orderBy(asc(studentSitesOfActivity.createdAt), asc(studentSitesOfActivity.id))
    : [];
  const dependents = ev
    ? await tx
        .select()
        .from(studentDependents)
        .where(and(eq(studentDependents.profileId, ev.id), eq(studentDependents.status, 'Active')))
        .orderBy(asc(studentDependents.createdAt), asc(studentDependents.id))
    : [];
  return {
    today,
    visaType: c.processedState,
    category: text(c.data?.category) || office.j1Category,
    programStartDate: orNull(ev?.programStartDate, office.ds2019StartDate, c.processedStartDate),
    programEndDate: orNull(ev?.programEndDate, office.ds2019EndDate, c.processedEndDate),
    hasExchangeVisitorRecord: !!ev,
    sites: sites.map((s) => ({
      id: s.id,
      name: s.name,
      address: {
        line1: s.address.line1 ?? '',
        line2: s.address.line2 ?? '',
        city: s.address.city ?? '',
        state: s.address.state ?? '',
        postalCode: s.address.postalCode ?? '',
      },
      isPrimary: s.isPrimary,
    })),
    dependents: dependents.map((d): TStudentRequestDependent => ({
      id: d.id,
      sevisId: d.sevisId,
      firstName: d.firstName,
      lastName: d.lastName,
      relationshipCode: d.relationshipCode,
      gender: d.gender,
      birthDate: d.birthDate,
      birthCity: d.birthCity,
      birthCountryCode: d.birthCountryCode,
      citizenshipCountryCode: d.citizenshipCountryCode,
      permanentResidenceCountryCode: d.permanentResidenceCountryCode,
    })),
  };
}
