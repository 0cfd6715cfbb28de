import { once } from 'node:events';
import { PassThrough, type Writable } from 'node:stream';
import { and, eq, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { EMPLOYMENT_FLAGS, PROCESSED_STATE_LABELS, SCHOLAR_PHASES, SCHOLAR_STATUSES, textOf } from '@meridian/domain';
import { writeAudit } from '../../../platform/audit/audit.js';
import type { TTx } from '../../../platform/db/database.js';
import { requireActor, type TContext } from '../../../platform/http/context.js';
import { departments } from '../../people/index.js';
import { readAccountSettings } from '../account-settings.js';
import { dashboardConditions, dashboardOrder, type TDashboardExport } from './queries/dashboard.query.js';
import { scholarApplications as a, scholars as s } from '../schema.js';

/** The two exports of the Scholar Dashboard. */
export type TExportKind = 'scholars' | 'opt';

/** A column of an export sheet: name, key, width (docs/product/scholars-reports.md#exports). */
interface TColumn {
  name: string;
  key: string;
  width: number;
}

const SCHOLAR_COLUMNS: TColumn[] = [
  { name: 'Last Name', key: 'lastName', width: 20 },
  { name: 'First Name', key: 'firstName', width: 20 },
  { name: 'Email', key: 'email', width: 34 },
  { name: 'Department', key: 'department', width: 30 },
  { name: 'Proposed Status', key: 'proposedStatus', width: 16 },
  { name: 'Visa Type', key: 'processedState', width: 18 },
  { name: 'Phase', key: 'phase', width: 20 },
  { name: 'Status', key: 'status', width: 20 },
  { name: 'Position', key: 'position', width: 26 },
  { name: 'Hiring Authority', key: 'hiringAuthorityName', width: 24 },
  { name: 'Proposed Start Date', key: 'proposedStartDate', width: 14 },
  { name: 'Proposed End Date', key: 'proposedEndDate', width: 14 },
  { name: 'Start Date', key: 'processedStartDate', width: 14 },
  { name: 'End Date', key: 'processedEndDate', width: 14 },
  { name: 'Premium Processing', key: 'premiumProcessFlag', width: 12 },
  { name: 'Last Updated', key: 'updatedAt', width: 14 },
];
const OPT_COLUMNS: TColumn[] = [
  { name: 'Last Name', key: 'lastName', width: 20 },
  { name: 'First Name', key: 'firstName', width: 20 },
  { name: 'Email', key: 'email', width: 34 },
  { name: 'Department', key: 'department', width: 30 },
  { name: 'Phase', key: 'phase', width: 20 },
  { name: 'Status', key: 'status', width: 20 },
  { name: 'Employer', key: 'employerName', width: 28 },
  { name: 'Job Title', key: 'jobTitle', width: 24 },
  { name: 'Start Date', key: 'processedStartDate', width: 14 },
  { name: 'End Date', key: 'processedEndDate', width: 14 },
  ...EMPLOYMENT_FLAGS.map((f) => ({ name: f.label, key: f.key, width: 12 })),
];

/** Scholar_Export_{month}_{day}_{year}.xlsx / OPT_{month}_{day}_{year}.xlsx for a date (docs/product/scholars-reports.md#exports). */
export function exportFileName(kind: TExportKind, today: string): string {
  const [y, m, d] = today.split('-').map(Number) as [number, number, number];
  return `${kind === 'opt' ? 'OPT' : 'Scholar_Export'}_${m}_${d}_${y}.xlsx`;
}
/** The export workbook's sheet name. */
export const exportSheetName = (kind: TExportKind) => (kind === 'opt' ? 'OPT' : 'Scholars');

/**
 * A text cell that a spreadsheet could read as a formula (= + - @, or a leading tab / carriage
 * return) gets a leading apostrophe, and every value is written as a plain string: nothing in an
 * export is ever evaluated.
 */
export function safeCell(v: string): string {
  return /^[=+\-@\t\r]/.test(v) ? `'${v}` : v;
}
const yesNo = (v: unknown) => (v === true || v === 'true' || v === 1 || v === '1' || v === 'Y' || v === 'yes' ? 'Yes' : 'No');
const phaseLabel = new Map<string, string>(SCHOLAR_PHASES.map((p) => [p.code, p.label]));
const statusLabel = new Map<string, string>(SCHOLAR_STATUSES.map((x) => [x.code, x.label]));
const usDate = (col: unknown) => sql<string | null>`to_char(${col}, 'MM/DD/YYYY')`;

/** Row values of a sheet from one database row (already text, dates MM/DD/YYYY). */
function cellsOf(kind: TExportKind, r: Record<string, unknown>): Record<string, string> {
  const text = textOf;
  const common = {
    lastName: text(r.last_name),
    firstName: text(r.first_name),
    email: text(r.email),
    department: text(r.department),
    phase: phaseLabel.get(text(r.phase)) ?? text(r.phase),
    status: statusLabel.get(text(r.status)) ?? text(r.status),
    processedStartDate: text(r.processed_start),
    processedEndDate: text(r.processed_end),
  };
  if (kind === 'opt') {
    const e = (r.employment ?? {}) as Record<string, unknown>;
    return {
      ...common,
      employerName: text(e.employerName ?? e.employer),
      jobTitle: text(e.jobTitle ?? e.title),
      ...Object.fromEntries(EMPLOYMENT_FLAGS.map((f) => [f.key, yesNo(e[f.key])])),
    };
  }
  return {
    ...common,
    proposedStatus: text(r.proposed_status),
    processedState: PROCESSED_STATE_LABELS[text(r.processed_state)] ?? text(r.processed_state),
    position: text(r.position),
    hiringAuthorityName: text(r.hiring_authority),
    proposedStartDate: text(r.proposed_start),
    proposedEndDate: text(r.proposed_end),
    premiumProcessFlag: yesNo(r.premium),
    updatedAt: text(r.updated),
  };
}

/** The export's select: the dashboard's conditions and order, columns aliased and dates already MM/DD/YYYY. */
function exportSelect(tx: TTx, kind: TExportKind, scope: TDashboardExport, where: ReturnType<typeof dashboardConditions>) {
  return tx
    .select({
      last_name: sql`${s.lastName}`.as('last_name'),
      first_name: sql`${s.firstName}`.as('first_name'),
      email: sql`${s.email}`.as('email'),
      department: sql`${departments.name}`.as('department'),
      proposed_status: sql`${a.proposedStatus}`.as('proposed_status'),
      processed_state: sql`${a.processedState}`.as('processed_state'),
      phase: sql`${a.phase}`.as('phase'),
      status: sql`${a.status}`.as('status'),
      position: sql`${a.position}`.as('position'),
      hiring_authority: sql`${a.hiringAuthorityName}`.as('hiring_authority'),
      proposed_start: usDate(a.proposedStartDate).as('proposed_start'),
      proposed_end: usDate(a.proposedEndDate).as('proposed_end'),
      processed_start: usDate(a.processedStartDate).as('processed_start'),
      processed_end: usDate(a.processedEndDate).as('processed_end'),
      premium: sql`${a.premiumProcessFlag}`.as('premium'),
      updated: usDate(a.updatedAt).as('updated'),
      employment: sql`${kind === 'opt' ? a.employment : sql`null`}`.as('employment'),
    })
    .from(a)
    .innerJoin(s, eq(s.id, a.scholarId))
    .innerJoin(departments, eq(departments.id, a.departmentId))
    .where(kind === 'opt' ? and(where, eq(a.processedState, 'F-1 OPT/STEM')) : where)
    .orderBy(...dashboardOrder(scope.sort, scope.order));
}

const BATCH = 500;

/**
 * Streams the filtered dashboard as an Excel workbook into `out` (the HTTP response): a server-side
 * cursor reads BATCH rows at a time inside the tenant transaction and exceljs's streaming writer
 * commits each row, so memory stays flat whatever the number of cases. Waits for the response to
 * drain before reading more. Records who exported what in the audit trail. Does not end `out`.
 */
export async function streamScholarExport(
  ctx: TContext,
  kind: TExportKind,
  scope: TDashboardExport,
  out: Writable,
  today = ctx.today(),
): Promise<number> {
  const actor = requireActor(ctx);
  return ctx.db(async (tx) => {
    const settings = await readAccountSettings(tx);
    const where = dashboardConditions(actor, scope, { today, endingSoonDays: Math.max(...settings.endDateAlertOffsets) });
    const cursor = `scholar_export_${kind}`;
    await tx.execute(sql`declare ${sql.identifier(cursor)} no scroll cursor for ${exportSelect(tx, kind, scope, where)}`);
    // The workbook goes through a pipe that does not end `out`: the caller ends the response once the
    // transaction (with its audit event) has committed.
    const zip = new PassThrough();
    const zipped = once(zip, 'end');
    zip.pipe(out, { end: false });
    // No styles: they double the writer's time per row (bench/scholars-dashboard.bench.ts); widths need none.
    const wb = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: zip, useStyles: false, useSharedStrings: false });
    wb.creator = 'Meridian';
    const ws = wb.addWorksheet(exportSheetName(kind));
    const columns = kind === 'opt' ? OPT_COLUMNS : SCHOLAR_COLUMNS;
    ws.columns = columns.map((c) => ({ header: c.name, key: c.key, width: c.width }));
    ws.getRow(1).commit();
    let n = 0;
    for (;;) {
      const { rows } = await tx.execute(sql`fetch ${sql.raw(String(BATCH))} from ${sql.identifier(cursor)}`);
      for (const r of rows) {
        const cells = cellsOf(kind, r);
        ws.addRow(columns.map((c) => safeCell(cells[c.key] ?? ''))).commit();
        n++;
      }
      if (rows.length < BATCH) break;
      if (out.writableNeedDrain) await once(out, 'drain');
    }
    await tx.execute(sql`close ${sql.identifier(cursor)}`);
    ws.commit();
    await wb.commit();
    await zipped;
    await writeAudit(tx, {
      institutionId: ctx.institutionId,
      actorUserId: actor.userId,
      entityType: 'scholar_dashboard',
      entityId: kind,
      action: 'scholars.export',
      after: { rows: n, filters: scope },
      ip: ctx.ip,
    });
    return n;
  });
}
