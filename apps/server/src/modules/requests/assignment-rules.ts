import { and, asc, eq, inArray } from 'drizzle-orm';
import { familyNameInRange, type requestsApi } from '@meridian/domain';
import type { z } from 'zod';
import type { TTx } from '../../platform/db/database.js';
import { badRequest } from '../../platform/errors/app-error.js';
import { campusSites, users } from '../people/index.js';
import { studentRecordFactsOf } from './extensions.js';
import { reachingStaff } from './request-assignees.js';
import { type TRequestRow } from './request.policy.js';
import { requestAssignmentRules, requestTypes } from './schema.js';

export type TRuleInput = z.output<typeof requestsApi.ZAssignmentRuleInput>;
export type TAssignmentRuleRow = typeof requestAssignmentRules.$inferSelect;

/** A student request at this campus site (null: any site), as reach sees it: staff who may be assigned it. */
const studentRequestAt = (institutionId: string, campusSiteId: number | null) => ({
  institutionId,
  campusSiteId,
  profileId: 'student',
  departmentId: null,
});

/**
 * Staff who may be assigned a rule's student requests: those who reach its campus site, or for a rule of
 * any site, those who reach at least one site (a request at a site they do not reach skips the rule).
 */
export async function ruleAssigneeOptions(tx: TTx, institutionId: string, campusSiteId: number | null) {
  if (campusSiteId !== null) return reachingStaff(tx, studentRequestAt(institutionId, campusSiteId));
  const sites = await tx.select({ id: campusSites.id }).from(campusSites);
  const seen = new Map<string, Awaited<ReturnType<typeof reachingStaff>>[number]>();
  for (const s of [{ id: null }, ...sites])
    for (const u of await reachingStaff(tx, studentRequestAt(institutionId, s.id))) seen.set(u.id, u);
  return [...seen.values()].sort((a, b) => a.lastName.localeCompare(b.lastName) || a.firstName.localeCompare(b.firstName));
}

export async function orderedRules(tx: TTx): Promise<TAssignmentRuleRow[]> {
  return tx.select().from(requestAssignmentRules).orderBy(asc(requestAssignmentRules.ordinal), asc(requestAssignmentRules.createdAt));
}

/** Rules as the page shows them, with their type, site and assignee named. */
export async function presentRules(tx: TTx, rows: TAssignmentRuleRow[]): Promise<requestsApi.TAssignmentRule[]> {
  if (!rows.length) return [];
  const types = new Map(
    (await tx.select({ code: requestTypes.code, name: requestTypes.name }).from(requestTypes)).map((t) => [t.code, t.name]),
  );
  const sites = new Map((await tx.select({ id: campusSites.id, name: campusSites.name }).from(campusSites)).map((s) => [s.id, s.name]));
  const people = new Map(
    (
      await tx
        .select()
        .from(users)
        .where(inArray(users.id, [...new Set(rows.map((r) => r.assigneeUserId))]))
    ).map((u) => [u.id, u]),
  );
  const institutionId = rows[0]!.institutionId;
  const reach = new Map<number | null, Set<string>>();
  const out: requestsApi.TAssignmentRule[] = [];
  for (const r of rows) {
    if (!reach.has(r.campusSiteId))
      reach.set(r.campusSiteId, new Set((await ruleAssigneeOptions(tx, institutionId, r.campusSiteId)).map((u) => u.id)));
    const u = people.get(r.assigneeUserId);
    out.push({
      id: r.id,
      ordinal: r.ordinal,
      requestTypeCode: r.requestTypeCode,
      requestTypeName: r.requestTypeCode === null ? null : (types.get(r.requestTypeCode) ?? r.requestTypeCode),
      campusSiteId: r.campusSiteId,
      campusSiteName: r.campusSiteId === null ? null : (sites.get(r.campusSiteId) ?? null),
      visaType: r.visaType as 'F-1' | 'J-1' | null,
      nameFrom: r.nameFrom,
      nameTo: r.nameTo,
      assignee: { userId: r.assigneeUserId, name: u ? `${u.firstName} ${u.lastName}` : '', email: u?.email ?? '' },
      assigneeMayBeAssigned: reach.get(r.campusSiteId)!.has(r.assigneeUserId),
      isActive: r.isActive,
      updatedAt: r.updatedAt.toISOString(),
    });
  }
  return out;
}

/**
 * The rule that assigns a newly submitted student request, with its assignee: the first active rule, in
 * order, whose conditions the request and its student record meet and whose assignee may still be
 * assigned the request; a rule whose assignee may not is passed over (docs/product/requests.md#assignment-rules).
 */
export async function matchingRule(tx: TTx, row: TRequestRow, typeCode: string): Promise<TAssignmentRuleRow | null> {
  if (!row.profileId) return null;
  const rules = await tx
    .select()
    .from(requestAssignmentRules)
    .where(and(eq(requestAssignmentRules.institutionId, row.institutionId), eq(requestAssignmentRules.isActive, true)))
    .orderBy(asc(requestAssignmentRules.ordinal), asc(requestAssignmentRules.createdAt));
  if (!rules.length) return null;
  const facts = await studentRecordFactsOf(tx, row.profileId);
  if (!facts) return null;
  let allowed: Set<string> | null = null;
  for (const rule of rules) {
    if (rule.requestTypeCode !== null && rule.requestTypeCode !== typeCode) continue;
    if (rule.campusSiteId !== null && rule.campusSiteId !== row.campusSiteId) continue;
    if (rule.visaType !== null && rule.visaType !== facts.visaType) continue;
    if (!familyNameInRange(facts.familyName, rule.nameFrom, rule.nameTo)) continue;
    allowed ??= new Set((await reachingStaff(tx, row)).map((u) => u.id));
    if (allowed.has(rule.assigneeUserId)) return rule;
  }
  return null;
}

export const UNKNOWN_TYPE = 'There is no request type with this code: choose one from the list.';
export const UNKNOWN_SITE = 'There is no such campus site: choose one from the list.';
export const RULE_NOT_ASSIGNABLE = 'This person cannot be assigned these requests: they do not reach the campus site of the rule.';

/** A rule names a request type and a campus site of the office, and an assignee who may be assigned its requests (400 on the field). */
export async function assertRuleInput(tx: TTx, institutionId: string, v: TRuleInput): Promise<void> {
  const errors: Record<string, string[]> = {};
  if (v.requestTypeCode !== null) {
    const [type] = await tx.select({ id: requestTypes.id }).from(requestTypes).where(eq(requestTypes.code, v.requestTypeCode));
    if (!type) errors.requestTypeCode = [UNKNOWN_TYPE];
  }
  if (v.campusSiteId !== null) {
    const [site] = await tx.select({ id: campusSites.id }).from(campusSites).where(eq(campusSites.id, v.campusSiteId));
    if (!site) errors.campusSiteId = [UNKNOWN_SITE];
  }
  if (!errors.campusSiteId && !(await ruleAssigneeOptions(tx, institutionId, v.campusSiteId)).some((u) => u.id === v.assigneeUserId))
    errors.assigneeUserId = [RULE_NOT_ASSIGNABLE];
  const first = Object.values(errors)[0];
  if (first) throw badRequest(first[0]!, errors);
}

export const ruleAuditShape = (r: TAssignmentRuleRow) => ({
  ordinal: r.ordinal,
  requestTypeCode: r.requestTypeCode,
  campusSiteId: r.campusSiteId,
  visaType: r.visaType,
  nameFrom: r.nameFrom,
  nameTo: r.nameTo,
  assigneeUserId: r.assigneeUserId,
  isActive: r.isActive,
});
