import { once } from 'node:events';
import { PassThrough, Writable } from 'node:stream';
import { and, count, eq, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { EMPLOYMENT_FLAGS, PROCESSED_STATE_LABELS, SCHOLAR_PHASES, SCHOLAR_STATUSES, textOf, type scholarsApi } from '@meridian/domain';
import { writeAudit } from '../../../platform/audit/audit.js';
import type { TTx } from '../../../platform/db/database.js';
import { requireActor, type TContext } from '../../../platform/http/context.js';
import type { TJobProgressUpdate, TJobRun } from '../../../platform/jobs/runner.js';
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

type TWhere = ReturnType<typeof dashboardConditions>;

/** The cases an export holds: the dashboard's, and for the OPT export only the F-1 OPT/STEM ones. */
const exportWhere = (kind: TExportKind, where: TWhere) => (kind === 'opt' ? and(where, eq(a.processedState, 'F-1 OPT/STEM')) : where);

/** How many rows the export will write, for its progress. */
async function exportCount(tx: TTx, kind: TExportKind, where: TWhere): Promise<number> {
  const [row] = await tx
    .select({ n: count() })
    .from(a)
    .innerJoin(s, eq(s.id, a.scholarId))
    .innerJoin(departments, eq(departments.id, a.departmentId))
    .where(exportWhere(kind, where));
  return row?.n ?? 0;
}

/** The export's select: the dashboard's conditions and order, columns aliased and dates already MM/DD/YYYY. */
function exportSelect(tx: TTx, kind: TExportKind, scope: TDashboardExport, where: TWhere) {
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
    .where(exportWhere(kind, where))
    .orderBy(...dashboardOrder(scope.sort, scope.order));
}

const BATCH = 500;

/**
 * Streams the filtered dashboard as an Excel workbook into `out`: a server-side cursor reads BATCH
 * rows at a time inside the tenant transaction and exceljs's streaming writer commits each row, so
 * only the compressed workbook grows with the number of cases. Waits for `out` to drain before
 * reading more, and reports rows written of the total. Records who exported what in the audit trail.
 * Does not end `out`.
 */
export async function streamScholarExport(
  ctx: TContext,
  kind: TExportKind,
  scope: TDashboardExport,
  out: Writable,
  today = ctx.today(),
  progress: (u: TJobProgressUpdate) => void = () => {},
): Promise<number> {
  const actor = requireActor(ctx);
  return ctx.db(async (tx) => {
    const settings = await readAccountSettings(tx);
    const where = dashboardConditions(actor, scope, { today, endingSoonDays: Math.max(...settings.endDateAlertOffsets) });
    progress({ done: 0, total: null, phase: 'Counting the cases' });
    // Read committed: a case added meanwhile may make the rows written pass the count; the bar holds at full.
    const total = await exportCount(tx, kind, where);
    progress({ done: 0, total, phase: 'Writing the workbook' });
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
      progress({ done: n, total: Math.max(total, n) });
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

/** What an export job keeps: the filters as checked when it was asked for, and the office's date then. */
export interface TScholarExportJob {
  scope: TDashboardExport;
  today: string;
}

/**
 * The export as a job: the workbook is written row by row (as it was when streamed to the browser) into
 * memory, compressed, then kept as the job's file for its requester. Read-only but for its audit
 * event, so running it again after a crash only makes the file again.
 */
export async function runScholarExportJob(
  kind: TExportKind,
  { ctx, input, progress, saveFile }: TJobRun<TScholarExportJob>,
): Promise<scholarsApi.TScholarExportResult> {
  const chunks: Buffer[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      chunks.push(chunk);
      done();
    },
  });
  const rows = await streamScholarExport(ctx, kind, input.scope, sink, input.today, progress);
  sink.end();
  progress({ phase: 'Saving the file' });
  await saveFile(Buffer.concat(chunks), exportFileName(kind, input.today), XLSX_TYPE);
  return { rows };
}

export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
