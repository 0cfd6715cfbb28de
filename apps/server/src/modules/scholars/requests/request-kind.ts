import {
  dependentChoiceLabel,
  j1MaximumEnd,
  scholarCategoryLabel,
  SCHOLAR_REQUEST_FORMS,
  SCHOLAR_REQUEST_MSG,
  usDate,
  validateScholarRequestData,
} from '@meridian/domain';
import type { TTx } from '../../../platform/db/database.js';
import type { TContext } from '../../../platform/http/context.js';
import type { TRequestRow } from '../../requests/index.js';
import { asDataErrors, isScholarRequest } from './request-forms.js';
import { caseOfRequest, requestContextOf } from './request-case.js';
import { withRequestLookups } from './request-lookups.js';

/**
 * A scholar request's own form at submit (the requests engine's submitErrors), with the browser's rules and
 * words against the scholar's current case; a request about no scholar is refused on its first field.
 */
export async function scholarRequestSubmitErrors(tx: TTx, ctx: TContext, r: TRequestRow, code: string): Promise<Record<string, string[]>> {
  if (!isScholarRequest(r, code)) return {};
  const found = await caseOfRequest(tx, r);
  if (!found) return { [`data.${SCHOLAR_REQUEST_FORMS[code].sections[0]!.fields[0]!.name}`]: [SCHOLAR_REQUEST_MSG.noScholar] };
  const data = r.data ?? {};
  const rule = await withRequestLookups(tx, ctx, code, data, await requestContextOf(tx, ctx.today(), found.c));
  return asDataErrors(validateScholarRequestData(code, data, rule, 'submit'));
}

/**
 * What a scholar request's values mean where only the case knows it (the engine's describeData), for the
 * office reviewing it: the site or J-2 dependent chosen, by name, and under `scholarCase` (with
 * `scholarCaseId` for the link and `scholarVisaType` for the form's variant) the case it changes as it stands: visa type and category, program dates, the
 * category's longest program, the exchange visitor record's SEVIS ID.
 */
export async function describeScholarRequestData(tx: TTx, r: TRequestRow, code: string): Promise<Record<string, string>> {
  if (!isScholarRequest(r, code)) return {};
  const found = await caseOfRequest(tx, r);
  if (!found) return { scholarCase: 'This request names no scholar.' };
  // Nothing said here depends on today.
  const rule = await requestContextOf(tx, '', found.c);
  const out: Record<string, string> = { scholarCaseId: found.c.id, scholarVisaType: rule.visaType };
  const visa = rule.visaType || 'not processed yet';
  const parts = [`${visa}${rule.visaType === 'J-1' && rule.category ? ` ${scholarCategoryLabel(rule.category)}` : ''}`];
  if (rule.programStartDate || rule.programEndDate)
    parts.push(
      `program ${rule.programStartDate ? usDate(rule.programStartDate) : '—'} to ${rule.programEndDate ? usDate(rule.programEndDate) : '—'}`,
    );
  const max = rule.visaType === 'J-1' ? j1MaximumEnd(rule.category, rule.programStartDate) : null;
  if (max) parts.push(`the category allows a program to ${usDate(max.lastDay)} (${max.rule})`);
  if (rule.visaType === 'J-1')
    parts.push(rule.hasExchangeVisitorRecord ? 'exchange visitor record created' : 'no exchange visitor record yet');
  out.scholarCase = `${found.scholar.firstName} ${found.scholar.lastName}`.trim() + `: ${parts.join('; ')}`;
  const site = rule.sites.find((s) => s.id === r.data?.soa_site_id);
  if (site)
    out.soa_site_id = `${site.name}, ${[site.address.line1, site.address.city, site.address.state, site.address.postalCode].filter(Boolean).join(', ')}`;
  else if (r.data?.soa_site_id) out.soa_site_id = 'Not on the exchange visitor record any more';
  const dependent = rule.dependents.find((d) => d.id === r.data?.dependent_id);
  if (dependent) out.dependent_id = dependentChoiceLabel(dependent);
  return out;
}
