import { eq, sql } from 'drizzle-orm';
import { studentsApi, type jobsApi, type TImportIssue, type TImportRecord } from '@meridian/domain';
import { writeAudit, writeAuditMany } from '../../../../platform/audit/audit.js';
import { isUniqueViolation } from '../../../../platform/db/errors.js';
import { AppError, badRequest, conflict } from '../../../../platform/errors/app-error.js';
import { requireActor, type TContext } from '../../../../platform/http/context.js';
import { studentImports } from '../../schema.js';
import { loadImportSummary } from '../import-summary.js';
import { checkStoredRows, importableSites, type TStoredRow } from '../import-rows.js';
import { importedProfile } from '../import-sevis-check.js';
import type { TImportJobHooks } from './upload-student-import.js';

const BATCH = 2000;

export const COMMIT_MSG = {
  hasErrors: 'Nothing was imported: the file still has errors. Correct them in the file and upload it again.',
  changed:
    'Nothing was imported: some rows now match student records created since the preview, or no longer pass the checks. The rows are marked in the preview; correct the file and upload it again.',
  raced:
    'Nothing was imported: a student with the same SEVIS ID or campus ID was created while the import ran. Upload the file again to see which rows.',
  notPreviewed: 'This upload can no longer be imported (it was imported, discarded or refused). Upload the file again.',
} as const;

/** The job kind that creates the students of a preview (docs/product/students-intake.md#batch-upload). */
export const COMMIT_IMPORT_JOB = studentsApi.COMMIT_IMPORT_JOB;

/**
 * Starts importing a preview as a job. What is quick to tell is answered at once, as before: an
 * upload the caller may not see (404), one no longer importable (409), one with errors (400).
 * The job checks all of it again under its lock.
 */
export async function startCommitStudentImport(ctx: TContext, importId: string): Promise<jobsApi.TJob> {
  await ctx.db(async (tx) => {
    const summary = await loadImportSummary(tx, ctx, importId);
    if (summary.status !== 'previewed') throw conflict(COMMIT_MSG.notPreviewed);
    if (summary.errorCount > 0) throw badRequest(COMMIT_MSG.hasErrors);
  });
  return ctx.services.jobs.enqueue(ctx, COMMIT_IMPORT_JOB, { importId });
}

/** The columns of a row beyond its identity, as the insert below reads them (what SEVIS's Create needs). */
function sevisColumns(r: TImportRecord) {
  const p = importedProfile(r).profile;
  return {
    birth_city: p.birthCity,
    birth_country: p.birthCountryCode,
    residence_country: p.permanentResidenceCountryCode,
    phone: p.phone,
    foreign_phone_cc: p.foreignPhoneCountryCode,
    foreign_phone: p.foreignPhone,
    us_address: p.usAddress,
    foreign_address: p.foreignAddress,
    english_required: p.englishRequired,
    english_met: p.englishRequirementsMet,
    english_reason: p.englishNotRequiredReason,
    term_months: p.academicTermMonths,
    financials: p.financials,
    ev_category: p.evCategoryCode,
    ev_position: p.evPositionCode,
    subject_field: p.subjectFieldCode,
    govt_funds: p.receivedUsGovtFunds,
  };
}

/** A commit refused after the preview: the transaction rolls back, then the preview records why. */
class CommitRefused extends Error {
  constructor(
    readonly issues: TImportIssue[],
    message: string,
  ) {
    super(message);
  }
}

/**
 * Creates every student of an error-free preview in one transaction: the records (in batches),
 * one History Log event per record, a 'Create' SEVIS event for each record without a SEVIS id,
 * and the upload marked committed, with the job's completion. Any problem found now (a duplicate
 * created since the preview, a site the committer does not reach) undoes everything and is
 * recorded on the upload. Run again (a job resumed after a crash), the upload is no longer
 * 'previewed' once committed, so nobody is created twice.
 */
export async function commitStudentImport(
  ctx: TContext,
  importId: string,
  { progress = () => {}, completeIn }: TImportJobHooks = {},
): Promise<studentsApi.TCommitImportOutput> {
  const actor = requireActor(ctx);
  try {
    return await ctx.db(async (tx) => {
      await loadImportSummary(tx, ctx, importId);
      // One commit of one upload at a time; and one import per institution at a time, so two files
      // with the same student cannot both pass the duplicate check.
      const [imp] = await tx.select().from(studentImports).where(eq(studentImports.id, importId)).for('update');
      if (imp!.status !== 'previewed') throw conflict(COMMIT_MSG.notPreviewed);
      if (imp!.errorCount > 0) throw badRequest(COMMIT_MSG.hasErrors);
      // Shown while another import holds the lock; otherwise the next phase replaces it before it is written.
      progress({ phase: 'Waiting for another import to finish' });
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${ctx.institutionId} || ':student-import'))`);
      const rows = imp!.rows as TStoredRow[];
      progress({ phase: 'Checking rows again', done: 0, total: rows.length });
      const { records, issues, warnings } = await checkStoredRows(tx, ctx, rows, await importableSites(tx, actor), (done) =>
        progress({ done }),
      );
      if (issues.length) throw new CommitRefused(issues, COMMIT_MSG.changed);
      progress({ phase: 'Creating student records', done: 0, total: records.length });
      let created = 0;
      let sevisCreateEvents = 0;
      let sevisCreatesWaiting = 0;
      const waitingRows = new Set(warnings.map((w) => w.row));
      // Each batch travels as one JSON parameter and PostgreSQL spreads it into rows: building
      // thousands of bound parameters per statement costs more than the insert itself.
      for (let i = 0; i < records.length; i += BATCH) {
        const chunk = records.slice(i, i + BATCH);
        const input = JSON.stringify(
          chunk.map(({ record: r }) => ({
            ...sevisColumns(r),
            site: r.campusSiteId,
            sevis: r.sevisId,
            campus: r.campusId,
            first: r.firstName,
            last: r.lastName,
            email: r.email,
            gender: r.gender,
            birth: r.birthDate,
            cit: r.citizenship,
            visa: r.visaType,
            level: r.educationLevel,
            major: r.major1,
            start: r.programStartDate,
            end: r.programEndDate,
          })),
        );
        const inserted = (
          await tx
            .execute(
              sql`
          insert into student_profiles (institution_id, campus_site_id, sevis_id, campus_id, first_name, last_name, email, gender, birth_date,
            citizenship_country_cd, visa_type, sevis_status, education_level, major1_cd, program_start_date, program_end_date, current_stage, portal_access,
            birth_city, birth_country_cd, permanent_residence_country_cd, phone, foreign_phone_country_code, foreign_phone, us_address,
            foreign_address, english_required, english_requirements_met, english_not_required_reason, academic_term_months, financials,
            ev_category_cd, ev_position_code, subject_field_cd, received_us_govt_funds)
          select ${ctx.institutionId}::uuid, x.site, x.sevis, x.campus, x.first, x.last, x.email, x.gender, x.birth, x.cit, x.visa, 'Initial',
            x.level, x.major, x.start, x."end", 'invited', 0,
            x.birth_city, x.birth_country, x.residence_country, x.phone, x.foreign_phone_cc, x.foreign_phone, x.us_address,
            x.foreign_address, x.english_required, x.english_met, x.english_reason, x.term_months, x.financials,
            x.ev_category, x.ev_position, x.subject_field, x.govt_funds
          from jsonb_to_recordset(${input}::jsonb) as x(site int, sevis text, campus text, first text, last text, email text, gender text,
            birth date, cit text, visa text, level text, major text, start date, "end" date,
            birth_city text, birth_country text, residence_country text, phone text, foreign_phone_cc text, foreign_phone text,
            us_address jsonb, foreign_address jsonb, english_required boolean, english_met boolean, english_reason text, term_months int,
            financials jsonb, ev_category text, ev_position text, subject_field text, govt_funds boolean)
          returning id, email`,
            )
            .catch((e: unknown) => {
              if (isUniqueViolation(e)) throw new CommitRefused([], COMMIT_MSG.raced);
              throw e;
            })
        ).rows as { id: string; email: string }[];
        // E-mails are unique within a committed file, so they pair each new id with its row.
        const idByEmail = new Map(inserted.map((x) => [x.email.toLowerCase(), x.id]));
        const pairs = chunk.map((c) => ({ ...c, id: idByEmail.get(c.record.email.toLowerCase())! }));
        created += pairs.length;
        // A J-1 row's site of activity, the record's primary one (SEVIS needs one for the DS-2019).
        const sites = JSON.stringify(
          pairs.flatMap(({ id, record: r }) => {
            const soa = r.details.siteOfActivity;
            return soa ? [{ id, name: soa.name, address: soa.address }] : [];
          }),
        );
        if (sites !== '[]')
          await tx.execute(sql`
            insert into student_sites_of_activity (institution_id, profile_id, name, address, is_primary)
            select ${ctx.institutionId}::uuid, x.id::uuid, x.name, x.address, true
            from jsonb_to_recordset(${sites}::jsonb) as x(id text, name text, address jsonb)`);
        // The History Log line names the upload and row; birth date and SEVIS id stay out of the log.
        await writeAuditMany(
          tx,
          pairs.map(({ id, row, record: r }) => ({
            institutionId: ctx.institutionId,
            actorUserId: actor.userId,
            entityType: 'student_profile',
            entityId: id,
            action: 'student.imported',
            after: {
              importId,
              fileName: imp!.fileName,
              row,
              firstName: r.firstName,
              lastName: r.lastName,
              email: r.email,
              visaType: r.visaType,
              campusSiteId: r.campusSiteId,
            },
            ip: ctx.ip,
          })),
        );
        const withoutSevis = pairs.filter((p) => !p.record.sevisId);
        if (withoutSevis.length) {
          const events = JSON.stringify(
            withoutSevis.map(({ id, record: r }) => ({
              id,
              payload: {
                firstName: r.firstName,
                lastName: r.lastName,
                birthDate: r.birthDate,
                citizenship: r.citizenship,
                gender: r.gender,
                email: r.email,
                visaType: r.visaType,
                educationLevel: r.educationLevel,
                major1: r.major1,
                programStartDate: r.programStartDate,
                programEndDate: r.programEndDate,
                source: 'import',
                importId,
              },
            })),
          );
          // The same event and History Log line raiseEvent writes, for a whole batch at once.
          const raised = await tx.execute<{ id: string; profile_id: string }>(sql`
            insert into sevis_pending_events (institution_id, profile_id, event_type, action, status, created_by, payload)
            select ${ctx.institutionId}::uuid, x.id::uuid, 'Create', 'Create', 'pending', ${actor.userId}::uuid, x.payload
            from jsonb_to_recordset(${events}::jsonb) as x(id text, payload jsonb)
            returning id, profile_id`);
          await writeAuditMany(
            tx,
            raised.rows.map((ev) => ({
              institutionId: ctx.institutionId,
              actorUserId: actor.userId,
              entityType: 'student_profile',
              entityId: ev.profile_id,
              action: 'student.sevis-event.raised',
              after: { sevisEventId: ev.id, eventType: 'Create', action: 'Create', dependentId: null, requestId: null },
              ip: ctx.ip,
            })),
          );
          sevisCreateEvents += withoutSevis.length;
          sevisCreatesWaiting += withoutSevis.filter((p) => waitingRows.has(p.row)).length;
        }
        progress({ done: created });
      }
      await tx
        .update(studentImports)
        .set({ status: 'committed', committedAt: new Date(), rows: [], warnings: [], updatedAt: new Date() })
        .where(eq(studentImports.id, importId));
      await writeAudit(tx, {
        institutionId: ctx.institutionId,
        actorUserId: actor.userId,
        entityType: 'student_import',
        entityId: importId,
        action: 'student-import.committed',
        after: { fileName: imp!.fileName, created, sevisCreateEvents, sevisCreatesWaiting },
        ip: ctx.ip,
      });
      const result = { import: await loadImportSummary(tx, ctx, importId), created, sevisCreateEvents, sevisCreatesWaiting };
      await completeIn?.(tx, result);
      return result;
    });
  } catch (e) {
    if (!(e instanceof CommitRefused)) throw e;
    // Everything above rolled back; keep why on the upload so its preview shows the rows concerned.
    await ctx.db(async (tx) => {
      const errors = [{ row: 0, column: '_commit', message: e.message }, ...e.issues];
      await tx
        .update(studentImports)
        .set({ status: 'failed', errors, errorCount: errors.length, updatedAt: new Date() })
        .where(eq(studentImports.id, importId));
      await writeAudit(tx, {
        institutionId: ctx.institutionId,
        actorUserId: actor.userId,
        entityType: 'student_import',
        entityId: importId,
        action: 'student-import.refused',
        after: { message: e.message, rows: e.issues.length },
        ip: ctx.ip,
      });
    });
    throw new AppError(409, 'IMPORT_REFUSED', e.message);
  }
}
