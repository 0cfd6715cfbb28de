/**
 * Which rows a request changed, for generated-input.test.ts: a row trigger on every table of the
 * test's own database writes each committed insert, update (one that changes the row's text) and
 * delete, and each truncate, to an unlogged side table. Writes inside a transaction that rolls back
 * roll back with it, so what is left after a request is exactly what it committed. Reading and
 * clearing the side table is one statement per request: cheaper than a checksum of every table,
 * and it names the table and the row.
 */
import type { TTestApp } from './app.js';

/**
 * Tables a refused request is meant to change: the audit trail records refusals (authorization.refused,
 * failed sign-ins), the sign-in throttle counts failed tries per account and address, and a job its
 * work refused keeps its row, which tells its requester why. The Student List's stored title counts
 * (and the change marks a recount clears) are recounted in the background after an earlier request found
 * them old (docs/decisions/025), so such a recount may land while any later request runs. Likewise a mass
 * e-mail an earlier request accepted is prepared by its background job (docs/decisions/041): the job queues
 * its messages in the outbox and marks its recipients and the send while later requests run.
 */
export const CHANGES_EXPECTED_ON_REFUSAL = new Set([
  'audit_events',
  'login_throttle',
  'background_jobs',
  'student_title_counts',
  'student_title_count_changes',
  'outbox',
  'mass_sends',
  'mass_send_recipients',
]);

/** Refusals that change a row by design, each with where the product says so. */
export const DESIGNED_CHANGES: { route: string; status: number; table: string; row?: RegExp; why: string }[] = [
  {
    route: 'POST /api/auth/refresh',
    status: 401,
    table: 'sessions',
    row: /refresh-token-reuse/,
    why: 'a refresh token used twice ends its whole session (docs/product/auth.md#sessions)',
  },
  {
    route: 'POST /api/scholars/portal/applications/:applicationId/submit',
    status: 400,
    table: 'scholar_applications',
    why: 'submitting saves first, so a refused submit loses nothing (docs/product/scholars-portal.md#drafts-and-submission)',
  },
];

/** The changes a refused answer of a route may not leave behind. */
export function unexpectedChanges(route: string, status: number, changes: TRowChange[]): TRowChange[] {
  return changes.filter(
    (c) =>
      !CHANGES_EXPECTED_ON_REFUSAL.has(c.table) &&
      !DESIGNED_CHANGES.some((d) => d.route === route && d.status === status && d.table === c.table && (!d.row || d.row.test(c.row))),
  );
}

const LOG = 'zz_generated_input_changes';

export interface TRowChange {
  table: string;
  op: string;
  row: string;
}

/** Installs the triggers (owner SQL, test database only). */
export async function installChangeLog(t: TTestApp): Promise<string[]> {
  await t.sql(`create unlogged table ${LOG} (id bigserial primary key, tbl text not null, op text not null, row_text text)`);
  await t.sql(`
    create function zz_generated_input_log() returns trigger language plpgsql security definer set search_path = public as $$
    begin
      if TG_LEVEL = 'STATEMENT' then
        insert into ${LOG} (tbl, op) values (TG_TABLE_NAME, TG_OP);
        return null;
      end if;
      if TG_OP = 'UPDATE' and OLD::text = NEW::text then return null; end if;
      insert into ${LOG} (tbl, op, row_text)
        values (TG_TABLE_NAME, TG_OP, left(case when TG_OP = 'DELETE' then OLD::text else NEW::text end, 400));
      return null;
    end $$`);
  const tables = (
    await t.sql<{ name: string }>(
      `select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
        where n.nspname = 'public' and c.relkind in ('r', 'p') and c.relname <> $1 and not c.relispartition order by 1`,
      [LOG],
    )
  ).map((r) => r.name);
  for (const name of tables) {
    await t.sql(
      `create trigger zz_generated_input_row after insert or update or delete on "${name}" for each row execute function zz_generated_input_log()`,
    );
    await t.sql(
      `create trigger zz_generated_input_truncate after truncate on "${name}" for each statement execute function zz_generated_input_log()`,
    );
  }
  return tables;
}

/** The rows changed since the last call (and forgets them). */
export async function takeChanges(t: TTestApp): Promise<TRowChange[]> {
  const rows = await t.sql<{ tbl: string; op: string; row_text: string | null }>(
    `with gone as (delete from ${LOG} returning id, tbl, op, row_text) select tbl, op, row_text from gone order by id`,
  );
  return rows.map((r) => ({ table: r.tbl, op: r.op, row: r.row_text ?? '' }));
}
