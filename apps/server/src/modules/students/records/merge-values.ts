import { eq } from 'drizzle-orm';
import { EDUCATION_LEVELS, EV_CATEGORIES, studentStageLabel } from '@meridian/domain';
import type { TTx } from '../../../platform/db/database.js';
import type { TContext } from '../../../platform/http/context.js';
import { notFound } from '../../../platform/errors/app-error.js';
import type { TMergeRaw } from '../../messages/index.js';
import { campusSites } from '../../people/index.js';
import { loadOptData } from '../opt/queries/opt-data.query.js';
import type { TAddress } from '../schema.js';
import { getAccessibleProfile } from '../student.policy.js';

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
  if (kind === 'exchangeVisitor' && p.visaType !== 'J-1') throw notFound();
  const [site] = p.campusSiteId
    ? await tx.select({ name: campusSites.name }).from(campusSites).where(eq(campusSites.id, p.campusSiteId))
    : [];
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
    'student.educationLevel': EDUCATION_LEVELS.find((l) => l.code === p.educationLevel)?.label ?? '',
    'student.major': p.major1Code,
    'student.programStartDate': p.programStartDate,
    'student.programEndDate': p.programEndDate,
    'student.campusSite': site?.name ?? '',
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
    values['ev.category'] = EV_CATEGORIES.find((c) => c.code === p.evCategoryCode)?.label ?? p.evCategoryCode;
    values['ev.subjectField'] = p.subjectFieldCode;
    values['ev.programStartDate'] = p.programStartDate;
    values['ev.programEndDate'] = p.programEndDate;
    return values;
  }
  const opt = (await loadOptData(tx, [p.id], ctx.today())).get(p.id);
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
