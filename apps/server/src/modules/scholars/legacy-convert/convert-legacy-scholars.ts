import { randomUUID } from 'node:crypto';
import { eq, inArray, sql } from 'drizzle-orm';
import {
  canActOnSite,
  checkLegacyScholarRow,
  LEGACY_MSG,
  LEGACY_SCHOLAR_COLUMNS,
  LEGACY_SCHOLAR_MAX_ROWS,
  LEGACY_SCHOLAR_MSG,
  legacyCasePhase,
  legacyScholarLookupChecks,
  legacyScholarRepeats,
  type scholarsApi,
  type TLegacyIssue,
  type TLegacyScholarRecord,
  type TMappingIssue,
} from '@meridian/domain';
import { writeAudit } from '../../../platform/audit/audit.js';
import type { TTx } from '../../../platform/db/database.js';
import { AppError } from '../../../platform/errors/app-error.js';
import { requireActor, type TAuthenticatedActor, type TContext } from '../../../platform/http/context.js';
import { lookupStatuses } from '../../lookups/index.js';
import { campusSites, departments } from '../../people/index.js';
import { mapLegacyRows, readImportFile, refuseMapping, type TLegacyMatching } from '../../students/index.js';
import { staffReachesCase } from '../scholar.policy.js';
import { scholarApplications, scholarStatusHistory, scholars } from '../schema.js';
import { uploadName } from '../../../platform/files/upload-name.js';

/**
 * Convert from Legacy for scholars (docs/product/convert-from-legacy.md#scholars): each row of a legacy export
 * becomes a scholar and one case as the legacy system last knew it (processed as its visa type, active, or
 * closed when its end date has passed). The preview checks every row and creates nothing; the conversion checks
 * again and creates every row in one transaction, or none.
 */

const fileError = (message: string) => new AppError(400, 'VALIDATION', message, { file: [message] });
const DATE_KEYS = new Set(['birth_date', 'start_date', 'end_date']);
/** How many row problems an answer lists (errorCount counts them all). */
const ISSUES_LISTED = 1000;
const READY_LISTED = 50;

interface TChecked {
  fileName: string;
  rowCount: number;
  mappingIssues: TMappingIssue[];
  issues: TLegacyIssue[];
  records: { row: number; record: TLegacyScholarRecord }[];
  departmentNames: Map<string, string>;
}

/** The campus site codes (upper case) the converter may give a case: sites in use they act on. */
async function reachableSites(tx: TTx, actor: TAuthenticatedActor): Promise<Map<string, number>> {
  const rows = await tx.select({ id: campusSites.id, code: campusSites.code }).from(campusSites).where(eq(campusSites.isActive, true));
  return new Map(rows.filter((r) => canActOnSite(actor.staff, r.id)).map((r) => [r.code.trim().toUpperCase(), r.id]));
}

/** Rows that would repeat a scholar Meridian already has (e-mail, employee ID, or name and birth date). */
async function existingRepeats(tx: TTx, records: TChecked['records']): Promise<TLegacyIssue[]> {
  if (!records.length) return [];
  const emails = [...new Set(records.map((r) => r.record.email).filter(Boolean))];
  const ids = [...new Set(records.map((r) => r.record.employeeId).filter((x): x is string => !!x))];
  const births = [...new Set(records.map((r) => r.record.birthDate).filter((x): x is string => !!x))];
  const found = new Set<string>();
  const chunks = <T>(xs: T[]) => Array.from({ length: Math.ceil(xs.length / 1000) }, (_, i) => xs.slice(i * 1000, i * 1000 + 1000));
  for (const part of chunks(emails)) {
    const rows = await tx
      .select({ v: sql<string>`lower(${scholars.email})` })
      .from(scholars)
      .where(inArray(sql`lower(${scholars.email})`, part));
    for (const r of rows) found.add(`e|${r.v}`);
  }
  for (const part of chunks(ids)) {
    const rows = await tx.select({ v: scholars.employeeId }).from(scholars).where(inArray(scholars.employeeId, part));
    for (const r of rows) found.add(`i|${r.v}`);
  }
  for (const part of chunks(births)) {
    const rows = await tx
      .select({ f: scholars.firstName, l: scholars.lastName, b: scholars.birthDate })
      .from(scholars)
      .where(inArray(scholars.birthDate, part));
    for (const r of rows) found.add(`p|${r.f.toLowerCase()}|${r.l.toLowerCase()}|${r.b}`);
  }
  const issues: TLegacyIssue[] = [];
  for (const { row, record: r } of records) {
    if (r.email && found.has(`e|${r.email}`)) issues.push({ row, column: 'email', message: LEGACY_SCHOLAR_MSG.emailTaken });
    if (r.employeeId && found.has(`i|${r.employeeId}`))
      issues.push({ row, column: 'employee_id', message: LEGACY_SCHOLAR_MSG.employeeIdTaken });
    if (r.birthDate && found.has(`p|${r.firstName.toLowerCase()}|${r.lastName.toLowerCase()}|${r.birthDate}`))
      issues.push({ row, column: 'last_name', message: LEGACY_SCHOLAR_MSG.personTaken });
  }
  return issues;
}

/** Reads the file through the matching and checks every row, within the caller's transaction. */
async function checkFile(tx: TTx, ctx: TContext, upload: { fileName: string; data: Buffer }, matching: TLegacyMatching): Promise<TChecked> {
  const actor = requireActor(ctx);
  const fileName = uploadName(upload.fileName);
  const fileRows = await readImportFile(fileName, upload.data, LEGACY_SCHOLAR_MAX_ROWS + 2);
  if (fileRows.length === 0) throw fileError('The file is empty: it needs a header row and one row per scholar.');
  const [header, ...body] = fileRows;
  if (body.length === 0) throw fileError('The file has no scholar rows under the header.');
  if (body.length > LEGACY_SCHOLAR_MAX_ROWS)
    throw fileError(`The file has more than ${LEGACY_SCHOLAR_MAX_ROWS.toLocaleString('en-US')} scholar rows; split it into several files.`);
  const mapped = mapLegacyRows(header!, body, matching, LEGACY_SCHOLAR_COLUMNS, (k) => DATE_KEYS.has(k));
  const base = { fileName, rowCount: body.length, departmentNames: new Map<string, string>() };
  if (mapped.issues.length) return { ...base, mappingIssues: mapped.issues, issues: [], records: [] };
  const depts = await tx.select({ id: departments.id, name: departments.name, code: departments.code }).from(departments);
  const byName = new Map<string, string>();
  for (const d of depts) {
    base.departmentNames.set(d.id, d.name);
    if (d.code.trim()) byName.set(d.code.trim().toLowerCase(), d.id);
  }
  // A name wins over another department's code of the same spelling.
  for (const d of depts) byName.set(d.name.trim().toLowerCase(), d.id);
  const sites = await reachableSites(tx, actor);
  const lookups = await lookupStatuses(tx, ctx, legacyScholarLookupChecks(mapped.rows));
  const today = ctx.today();
  const inReach = (departmentId: string, visa: string) =>
    staffReachesCase(actor, { processedState: visa, proposedStatus: visa, departmentId }, 'edit');
  const issues: TLegacyIssue[] = [];
  const records: TChecked['records'] = [];
  for (const r of mapped.rows) {
    const row = Number(r._row);
    const checked = checkLegacyScholarRow(r, row, { departments: byName, sites, inReach, today, lookups });
    if (checked.record) records.push({ row, record: checked.record });
    else issues.push(...checked.issues);
  }
  issues.push(...legacyScholarRepeats(records), ...(await existingRepeats(tx, records)));
  const order = (c: string) => LEGACY_SCHOLAR_COLUMNS.findIndex((x) => x.key === c);
  issues.sort((a, b) => a.row - b.row || order(a.column) - order(b.column));
  return { ...base, mappingIssues: [], issues, records };
}

/** The preview of a checked file: what would be created, and every problem. */
function previewOf(c: TChecked, today: string): scholarsApi.TScholarLegacyPreview {
  const bad = new Set(c.issues.map((i) => i.row));
  const ready = c.records.filter((r) => !bad.has(r.row));
  return {
    fileName: c.fileName,
    rowCount: c.rowCount,
    mappingIssues: c.mappingIssues,
    issues: c.issues.slice(0, ISSUES_LISTED),
    errorCount: c.issues.length,
    rowsWithErrors: bad.size,
    ready: ready.slice(0, READY_LISTED).map(({ row, record: r }) => ({
      row,
      name: [r.firstName, r.middleName, r.lastName].filter(Boolean).join(' '),
      email: r.email,
      employeeId: r.employeeId ?? '',
      department: c.departmentNames.get(r.departmentId) ?? '',
      visa: r.visa,
      startDate: r.startDate,
      endDate: r.endDate,
      phase: legacyCasePhase(r.endDate, today).phase,
    })),
    readyCount: ready.length,
    closedCount: ready.filter((r) => r.record.endDate < today).length,
  };
}

/** Checks a legacy export of scholars with its matching; nothing is created. */
export async function previewLegacyScholars(
  ctx: TContext,
  upload: { fileName: string; data: Buffer },
  matching: TLegacyMatching,
): Promise<scholarsApi.TScholarLegacyPreview> {
  return ctx.db(async (tx) => previewOf(await checkFile(tx, ctx, upload, matching), ctx.today()));
}

/**
 * Converts a legacy export of scholars: checks every row again and, when none has a problem, creates each
 * scholar, their case and its first status history row in one transaction; any problem refuses the whole file
 * (400) and nothing is created. One conversion of the institution runs at a time.
 */
export async function commitLegacyScholars(
  ctx: TContext,
  upload: { fileName: string; data: Buffer },
  matching: TLegacyMatching,
): Promise<scholarsApi.TScholarLegacyResult> {
  const actor = requireActor(ctx);
  return ctx.db(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${ctx.institutionId} || ':scholar-legacy-conversion'))`);
    const checked = await checkFile(tx, ctx, upload, matching);
    if (checked.mappingIssues.length) refuseMapping(checked.mappingIssues);
    if (checked.issues.length) throw fileError(LEGACY_MSG.refused(checked.issues.length));
    const today = ctx.today();
    let closed = 0;
    for (let i = 0; i < checked.records.length; i += 500) {
      const part = checked.records.slice(i, i + 500).map((r) => r.record);
      const people = await tx
        .insert(scholars)
        .values(
          part.map((r) => ({
            institutionId: ctx.institutionId,
            departmentId: r.departmentId,
            processedState: r.visa,
            firstName: r.firstName,
            middleName: r.middleName,
            lastName: r.lastName,
            email: r.email,
            birthDate: r.birthDate,
            gender: r.gender,
            citizenshipCountryCode: r.citizenship,
            birthCountryCode: r.birthCountry,
            employeeId: r.employeeId,
          })),
        )
        .returning({ id: scholars.id });
      const cases = await tx
        .insert(scholarApplications)
        .values(
          part.map((r, j) => {
            const { phase, status } = legacyCasePhase(r.endDate, today);
            if (phase === 'closed') closed += 1;
            return {
              institutionId: ctx.institutionId,
              scholarId: people[j]!.id,
              departmentId: r.departmentId,
              campusSiteId: r.campusSiteId,
              proposedStatus: r.visa,
              proposedStartDate: r.startDate,
              proposedEndDate: r.endDate,
              position: r.position,
              sponsorshipState: 'processed',
              processedState: r.visa,
              processedStartDate: r.startDate,
              processedEndDate: r.endDate,
              // The legacy system held the application: nothing is asked of the scholar again.
              applicationState: 'submitted',
              isLocked: true,
              phase,
              status,
              statusChangeDate: today,
              createdBy: actor.userId,
              updatedBy: actor.userId,
            };
          }),
        )
        .returning({
          id: scholarApplications.id,
          scholarId: scholarApplications.scholarId,
          phase: scholarApplications.phase,
          status: scholarApplications.status,
          visa: scholarApplications.processedState,
        });
      const caseIds = cases.map((c) => c.id);
      await tx.execute(sql`
        update scholars s set current_application_id = a.id
        from scholar_applications a
        where a.id = any(${sql.param(caseIds)}::uuid[]) and s.id = a.scholar_id`);
      await tx.insert(scholarStatusHistory).values(
        cases.map((c) => ({
          institutionId: ctx.institutionId,
          applicationId: c.id,
          phase: c.phase,
          status: c.status,
          notes: `Converted from the legacy system (${checked.fileName}).`,
          changeDate: today,
          changeReason: 'Converted from legacy',
          visaCode: c.visa,
          changedBy: actor.userId,
        })),
      );
    }
    await writeAudit(tx, {
      institutionId: ctx.institutionId,
      actorUserId: actor.userId,
      entityType: 'scholar_legacy_conversion',
      entityId: randomUUID(),
      action: 'scholar-legacy.converted',
      after: {
        fileName: checked.fileName,
        created: checked.records.length,
        closed,
        columns: matching.columns,
        dateFormat: matching.dateFormat,
      },
      ip: ctx.ip,
    });
    return { fileName: checked.fileName, created: checked.records.length, closed };
  });
}
