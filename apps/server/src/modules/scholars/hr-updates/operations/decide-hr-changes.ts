import { and, eq, inArray } from 'drizzle-orm';
import { formatDate, hrFieldLabel, scholarsApi, type THrComparedField } from '@meridian/domain';
import { writeAudit } from '../../../../platform/audit/audit.js';
import type { TTx } from '../../../../platform/db/database.js';
import { badRequest, conflict, fieldError, forbidden } from '../../../../platform/errors/app-error.js';
import { requireActor, type TAuthenticatedActor, type TContext } from '../../../../platform/http/context.js';
import { scholarApplications, scholars } from '../../schema.js';
import { caseValue } from '../case-values.js';
import { loadHrImport, presentHrImport, reachesCaseForHr, userNames } from '../hr-imports.js';
import { scholarHrChanges, scholarHrImportRows, type scholarHrImports } from '../schema.js';
import { departmentNames, shownValue } from './list-hr-import-rows.js';

type TChange = typeof scholarHrChanges.$inferSelect;
type TRow = typeof scholarHrImportRows.$inferSelect;
type TImport = typeof scholarHrImports.$inferSelect;
const M = scholarsApi.HR_UPDATES_MSG;

/** The employment detail each employment field of the feed sets. */
const EMPLOYMENT_KEY: Partial<Record<THrComparedField, string>> = {
  position: 'jobTitle',
  appointmentStartDate: 'startDate',
  appointmentEndDate: 'endDate',
  hoursPerWeek: 'hoursPerWeek',
  annualSalary: 'wages',
};
const SCHOLAR_KEY = { lastName: 'lastName', firstName: 'firstName', middleName: 'middleName', email: 'email' } as const;

/** "Tanaka, Hiro (row 4)": who a row is about, in a message. */
const whoOf = (r: TRow) => {
  const x = r.record ?? r.feed;
  const name = [x.lastName ?? r.feed.lastName, x.firstName ?? r.feed.firstName].filter(Boolean).join(', ');
  return `${name || `Employee ${r.employeeId}`} (row ${r.rowNo})`;
};

/**
 * Accepts the changes of one row: the case is locked and checked again (the caller still reaches it; it is the
 * scholar's current case at the version compared, and every field still holds the value compared), then the
 * scholar and the case change in this transaction, the case's version moves on and its History Log tells what
 * came from HR (docs/product/scholar-hr-updates.md#accept-or-reject).
 */
async function acceptRow(tx: TTx, ctx: TContext, actor: TAuthenticatedActor, imp: TImport, row: TRow, changes: TChange[]) {
  const who = whoOf(row);
  const [c] = await tx.select().from(scholarApplications).where(eq(scholarApplications.id, row.applicationId!)).for('update');
  const [s] = row.scholarId ? await tx.select().from(scholars).where(eq(scholars.id, row.scholarId)).for('update') : [];
  if (!c || !s) throw conflict(M.stale(who));
  if (!reachesCaseForHr(actor, c)) throw forbidden(M.notYours(who));
  const moved =
    c.version !== row.caseVersion ||
    s.currentApplicationId !== c.id ||
    changes.some((x) => caseValue(c, s, x.field as THrComparedField) !== x.currentValue);
  if (moved) throw conflict(M.stale(who));

  const employment: Record<string, unknown> = { ...(c.employment ?? {}) };
  const scholarSet: Partial<typeof scholars.$inferInsert> = {};
  const before: Record<string, unknown> = {};
  const after: Record<string, unknown> = {};
  let departmentId: string | null = null;
  for (const x of changes) {
    const field = x.field as THrComparedField;
    const hr = x.hrValue;
    if (field in SCHOLAR_KEY) {
      const key = SCHOLAR_KEY[field as keyof typeof SCHOLAR_KEY];
      before[key] = s[key];
      after[key] = hr ?? '';
      scholarSet[key] = hr ?? '';
    } else if (field === 'department') {
      departmentId = hr;
    } else {
      const key = EMPLOYMENT_KEY[field]!;
      before[key] = employment[key] ?? null;
      employment[key] = field === 'hoursPerWeek' ? Number(hr) : hr;
      after[key] = employment[key];
      if (field === 'annualSalary') {
        before.wageUnit = employment.wageUnit ?? '';
        employment.wageUnit = 'year';
        after.wageUnit = 'year';
      }
    }
  }
  const touchesEmployment = changes.some((x) => x.field in EMPLOYMENT_KEY);
  const parsed = scholarsApi.ZEmploymentDetails.safeParse(employment);
  if (touchesEmployment && !parsed.success) {
    const issue = parsed.error.issues[0]!;
    const key = String(issue.path[0] ?? '');
    const label = Object.entries(EMPLOYMENT_KEY).find(([, k]) => k === key)?.[0];
    throw badRequest(M.refused(who, `${label ? hrFieldLabel(label) : key}: ${issue.message}.`), {
      changeIds: [M.refused(who, issue.message)],
    });
  }
  if (departmentId) {
    const names = await departmentNames(tx, [c.departmentId, departmentId]);
    before.department = names.get(c.departmentId) ?? c.departmentId;
    after.department = names.get(departmentId) ?? departmentId;
    scholarSet.departmentId = departmentId;
  }
  const version = c.version + 1;
  await tx
    .update(scholarApplications)
    .set({
      ...(touchesEmployment ? { employment: parsed.data } : {}),
      ...(departmentId ? { departmentId } : {}),
      version,
      updatedBy: actor.userId,
      updatedAt: new Date(),
    })
    .where(eq(scholarApplications.id, c.id));
  if (Object.keys(scholarSet).length)
    await tx
      .update(scholars)
      .set({ ...scholarSet, updatedAt: new Date() })
      .where(eq(scholars.id, s.id));
  await writeAudit(tx, {
    institutionId: ctx.institutionId,
    actorUserId: actor.userId,
    entityType: 'scholar_application',
    entityId: c.id,
    action: 'scholar.hr-update.accepted',
    before,
    after: { ...after, hrFeed: `${imp.fileName}, row ${row.rowNo}` },
    ip: ctx.ip,
  });
  // This import's own accepted change is no "change since the comparison" for its other changes of the case.
  await tx
    .update(scholarHrImportRows)
    .set({ caseVersion: version })
    .where(and(eq(scholarHrImportRows.importId, imp.id), eq(scholarHrImportRows.applicationId, c.id)));
}

/**
 * Accepts or rejects changes of a comparison, all or nothing: a change not of this import is refused (400), one
 * already decided answers 409 naming who decided it and when, and an accepted change whose case was changed
 * since the comparison answers 409 asking for the feed to be compared again.
 */
export function decideHrChanges(
  ctx: TContext,
  importId: string,
  body: scholarsApi.THrDecisionInput,
): Promise<scholarsApi.THrDecisionOutput> {
  const actor = requireActor(ctx);
  return ctx.db(async (tx) => {
    // The import's lock makes two decisions on it wait for each other: a double click decides once.
    const imp = await loadHrImport(tx, ctx, importId, true);
    const ids = [...new Set(body.changeIds)];
    const found = await tx
      .select({ ch: scholarHrChanges, row: scholarHrImportRows })
      .from(scholarHrChanges)
      .innerJoin(scholarHrImportRows, eq(scholarHrImportRows.id, scholarHrChanges.rowId))
      .where(and(eq(scholarHrChanges.importId, imp.id), inArray(scholarHrChanges.id, ids)))
      .orderBy(scholarHrImportRows.rowNo);
    if (found.length !== ids.length) throw fieldError('changeIds', M.notInImport);
    const decided = found.find((x) => x.ch.decision !== null);
    if (decided) {
      const who = await userNames(tx, [decided.ch.decidedBy]);
      const what = `Row ${decided.row.rowNo}, ${hrFieldLabel(decided.ch.field)}`;
      const on = formatDate(decided.ch.decidedAt, { timeZone: ctx.timeZone });
      const message = M.alreadyDecided(what, decided.ch.decision!, who.get(decided.ch.decidedBy ?? '') ?? '', on);
      throw conflict(message, { changeIds: [message] });
    }
    const accept = body.decision === 'accept';
    if (accept) {
      const noted = found.find((x) => x.ch.note);
      if (noted) {
        const message = M.noted(`Row ${noted.row.rowNo}, ${hrFieldLabel(noted.ch.field)}`, noted.ch.note);
        throw fieldError('changeIds', message);
      }
      const byRow = new Map<string, { row: TRow; changes: TChange[] }>();
      for (const { ch, row } of found) {
        const entry = byRow.get(row.id) ?? { row, changes: [] };
        entry.changes.push(ch);
        byRow.set(row.id, entry);
      }
      for (const { row, changes } of byRow.values()) await acceptRow(tx, ctx, actor, imp, row, changes);
    }
    await tx
      .update(scholarHrChanges)
      .set({ decision: accept ? 'accepted' : 'rejected', decidedBy: actor.userId, decidedAt: new Date() })
      .where(inArray(scholarHrChanges.id, ids));
    const depts = await departmentNames(
      tx,
      found.flatMap((x) => (x.ch.field === 'department' ? [x.ch.hrValue] : [])),
    );
    await writeAudit(tx, {
      institutionId: ctx.institutionId,
      actorUserId: actor.userId,
      entityType: 'scholar_hr_import',
      entityId: imp.id,
      action: accept ? 'scholar-hr-import.accepted' : 'scholar-hr-import.rejected',
      after: {
        changes: found.map((x) => ({
          row: x.row.rowNo,
          employeeId: x.row.employeeId,
          field: x.ch.field,
          hr: shownValue(x.ch.field, x.ch.hrValue, 'hr', depts),
        })),
      },
      ip: ctx.ip,
    });
    return {
      accepted: accept ? ids.length : 0,
      rejected: accept ? 0 : ids.length,
      cases: accept ? new Set(found.map((x) => x.row.id)).size : 0,
      import: await presentHrImport(tx, imp),
    };
  });
}
