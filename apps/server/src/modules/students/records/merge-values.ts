import { inArray } from 'drizzle-orm';
import { studentStageLabel } from '@meridian/domain';
import type { TTx } from '../../../platform/db/database.js';
import { requireActor, type TContext } from '../../../platform/http/context.js';
import { notFound } from '../../../platform/errors/app-error.js';
import { lookupValuesByCode } from '../../lookups/index.js';
import type { TMergeRaw } from '../../messages/index.js';
import { campusSites } from '../../people/index.js';
import { loadOptData, type TOptData } from '../opt/queries/opt-data.query.js';
import { studentProfiles, type TAddress } from '../schema.js';
import { getAccessibleProfile, staffReachesProfile, type TProfileRow } from '../student.policy.js';

const regionNames = new Intl.DisplayNames(['en'], { type: 'region' });
/** A record's ISO country code as a person writes the country ('Brazil', 'Côte d’Ivoire'); '' when empty. */
export function countryName(code: string): string {
  if (!/^[A-Z]{2}$/.test(code)) return code;
  try {
    return regionNames.of(code) ?? code;
  } catch {
    return code;
  }
}

/** A U.S. address on one line: street, unit, city, state and ZIP. */
export function addressLine(a: TAddress): string {
  const cityLine = [a.city, [a.state, a.postalCode].filter(Boolean).join(' ')].filter(Boolean).join(', ');
  return [a.line1, a.line2, cityLine].filter(Boolean).join(', ');
}

/** A code's label on one of the office's lists, by code in capitals (the code itself when the list lacks it). */
type TLabels = (code: string) => string;
interface TRecordLabels {
  educationLevel: TLabels;
  evCategory: TLabels;
}

/**
 * The labels of the records' education levels and exchange visitor categories on the office's lists, retired ones
 * too (a record keeps its code): one query a list, whatever the number of records (docs/product/lookups.md).
 */
async function recordLabels(tx: TTx, ctx: TContext, rows: readonly TProfileRow[]): Promise<TRecordLabels> {
  // One after the other: the first read of a list an institution lacks seeds them all.
  const levels = await lookupValuesByCode(
    tx,
    ctx,
    'education-levels',
    rows.map((p) => p.educationLevel),
  );
  const categories = await lookupValuesByCode(
    tx,
    ctx,
    'ev-categories',
    rows.filter((p) => p.visaType === 'J-1').map((p) => p.evCategoryCode),
  );
  const labelOf = (m: Map<string, { label: string }>) => (code: string) => (code ? (m.get(code.trim().toUpperCase())?.label ?? code) : '');
  return { educationLevel: labelOf(levels), evCategory: labelOf(categories) };
}

/** The record's values, from its row, its campus site's name, its codes' labels and (F-1) its OPT data. */
function valuesOf(p: TProfileRow, siteName: string, labels: TRecordLabels, opt: TOptData | undefined): TMergeRaw {
  const fullName = [p.firstName, p.middleName, p.lastName, p.suffix].filter(Boolean).join(' ');
  const values: TMergeRaw = {
    'general.recipientName': [p.firstName, p.lastName].filter(Boolean).join(' '),
    'account.firstName': p.firstName,
    'account.lastName': p.lastName,
    'account.email': p.email,
    'student.firstName': p.firstName,
    'student.middleName': p.middleName,
    'student.lastName': p.lastName,
    'student.fullName': fullName,
    'student.email': p.email,
    'student.campusId': p.campusId ?? '',
    'student.sevisId': p.sevisId ?? '',
    'student.birthDate': p.birthDate,
    'student.citizenshipCountry': countryName(p.citizenshipCountryCode),
    'student.visaType': p.visaType,
    'student.sevisStatus': p.sevisStatus,
    'student.stage': studentStageLabel(p.currentStage),
    'student.educationLevel': labels.educationLevel(p.educationLevel),
    'student.major': p.major1Code,
    'student.programStartDate': p.programStartDate,
    'student.programEndDate': p.programEndDate,
    'student.campusSite': siteName,
    'student.usAddress': addressLine(p.usAddress),
    'student.sessionEndDate': p.sessionEndDate,
    // The record's F-OPT values: empty unless it holds them (a J-1 record, or no OPT yet), never an example.
    'opt.startDate': '',
    'opt.endDate': '',
    'opt.unemploymentDaysUsed': '',
    'opt.unemploymentDaysAllowed': '',
    'opt.employerName': '',
  };
  if (p.visaType === 'J-1') {
    values['ev.category'] = labels.evCategory(p.evCategoryCode);
    values['ev.subjectField'] = p.subjectFieldCode;
    values['ev.programStartDate'] = p.programStartDate;
    values['ev.programEndDate'] = p.programEndDate;
    return values;
  }
  if (opt?.current) {
    values['opt.startDate'] = opt.current.startDate;
    values['opt.endDate'] = opt.current.endDate;
  }
  if (opt?.unemployment) {
    values['opt.unemploymentDaysUsed'] = opt.unemployment.used;
    values['opt.unemploymentDaysAllowed'] = opt.unemployment.allowed;
  }
  values['opt.employerName'] = opt?.employments.find((e) => e.isCurrent)?.employerName ?? '';
  return values;
}

/** A template's kind fits the record: an exchange visitor template only a J-1 record; a student template any. */
const fits = (kind: 'student' | 'exchangeVisitor', p: TProfileRow) => kind !== 'exchangeVisitor' || p.visaType === 'J-1';

/** The names of the campus sites of some records, by id. */
async function siteNames(tx: TTx, rows: readonly TProfileRow[]): Promise<Map<number, string>> {
  const ids = [...new Set(rows.map((r) => r.campusSiteId).filter((x): x is number => x !== null))];
  if (!ids.length) return new Map();
  const sites = await tx.select({ id: campusSites.id, name: campusSites.name }).from(campusSites).where(inArray(campusSites.id, ids));
  return new Map(sites.map((x) => [x.id, x.name]));
}

/**
 * The merge values of a student or exchange visitor record (docs/product/messages.md#merge-tags), for
 * staff who may read it (404 otherwise): the record's fields, its OPT authorisation and counter for an
 * F-1 student, its program for a J-1. `kind` is the template's: an exchange visitor template is only
 * filled from a J-1 record; a student template from any student record (a Student List title holds both),
 * its F-OPT tags empty on a J-1 one.
 */
export async function studentMergeValues(
  tx: TTx,
  ctx: TContext,
  profileId: string,
  kind: 'student' | 'exchangeVisitor',
): Promise<TMergeRaw> {
  const p = await getAccessibleProfile(tx, ctx, profileId, 'read');
  if (!fits(kind, p)) throw notFound();
  const sites = await siteNames(tx, [p]);
  const opt = p.visaType === 'J-1' ? undefined : (await loadOptData(tx, [p.id], ctx.today())).get(p.id);
  return valuesOf(p, p.campusSiteId === null ? '' : (sites.get(p.campusSiteId) ?? ''), await recordLabels(tx, ctx, [p]), opt);
}

/**
 * The same for many records at once (a mass e-mail's chunk), in a few statements whatever their number:
 * the records, their sites, their codes' labels, their OPT data. A record the actor may not read, or of the wrong kind, is left out.
 */
export async function studentMergeValuesMany(
  tx: TTx,
  ctx: TContext,
  ids: readonly string[],
  kind: 'student' | 'exchangeVisitor',
): Promise<Map<string, TMergeRaw>> {
  const actor = requireActor(ctx);
  const out = new Map<string, TMergeRaw>();
  if (!ids.length) return out;
  const found = await tx
    .select()
    .from(studentProfiles)
    .where(inArray(studentProfiles.id, [...ids]));
  const rows = found.filter((p) => staffReachesProfile(actor, p, 'read') && fits(kind, p));
  const sites = await siteNames(tx, rows);
  const opt = await loadOptData(
    tx,
    rows.filter((p) => p.visaType !== 'J-1').map((p) => p.id),
    ctx.today(),
  );
  const labels = await recordLabels(tx, ctx, rows);
  for (const p of rows) out.set(p.id, valuesOf(p, p.campusSiteId === null ? '' : (sites.get(p.campusSiteId) ?? ''), labels, opt.get(p.id)));
  return out;
}
